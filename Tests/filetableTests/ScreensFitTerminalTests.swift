import Foundation
import TestSupport
import XCTest

/// Every screen fits: at 80x24 no row wraps (a link's long target is cut,
/// the mark question wraps between words on rows of its own, never cut),
/// and at 160x45 `style columns` fills the width.
final class ScreensFitTerminalTests: TmuxTestCase {
    private func makeTree() throws -> TemporaryTree {
        let temp = try TemporaryTree()
        for index in 1...30 { temp.file("file-with-a-longish-name-\(index).dat", contents: String(repeating: "x", count: 1000)) }
        try temp.link("animate-im6", to: "/etc/alternatives/animate-im6-with-a-target-far-too-long-for-eighty-columns")
        try temp.link("apropos", to: "whatis")
        return temp
    }

    func testTheLongStyleAndTheMarkQuestionFit80Columns() throws {
        let temp = try makeTree()
        tmux.start("cd '\(temp.path)' && HOME=$(mktemp -d) '\(CommandRunner.executable.path)' .", columns: 80, rows: 24)
        tmux.waitFor("help --", seconds: 30)
        tmux.type(["ls -l", "Enter"])
        var shown = tmux.waitFor("apropos -> whatis")
        let link = shown.split(separator: "\n").first { $0.contains("animate-im6 -> /etc/") } ?? ""
        XCTAssertTrue(link.hasSuffix("…"), "the target is cut, the name kept:\n\(shown)")
        assertNothingWraps()
        tmux.type(["mark file*", "Enter"])
        shown = tmux.waitFor("[y/N]")
        XCTAssertTrue(shown.contains("Mark 30 entries: 30 files, 0 directories, 30 KiB for deletion? [y/N]\n> "), shown)
        assertNothingWraps()
        tmux.type(["n", "Enter"])
        tmux.type(["quit", "Enter"])
        XCTAssertTrue(tmux.ends())
    }

    /// A folder like /usr/bin (the fixture, not the host's): programs of
    /// every size and mode, links with long targets, names long and short;
    /// `style long` at 80x24, every page of the first three, nothing wraps.
    func testTheLongStyleOfAProgramFolderFits80Columns() throws {
        let temp = try TemporaryTree()
        _ = try CommandRunner.shell(
            """
            for n in $(seq 1 40); do head -c $((n * 997)) /dev/zero > "prog-$n"; chmod 755 "prog-$n"; done
            for n in $(seq 1 20); do ln -s "/etc/alternatives/tool-$n-with-a-target-path-far-too-long-for-eighty-columns" "tool-$n"; done
            for n in $(seq 1 10); do ln -s "prog-$n" "p$n"; done
            truncate -s 123456789 x86_64-linux-gnu-a-long-program-name-of-a-cross-toolchain
            chmod 4755 prog-1; chmod 2755 prog-2
            """, in: temp.url)
        tmux.start("cd '\(temp.path)' && HOME=$(mktemp -d) '\(CommandRunner.executable.path)' .", columns: 80, rows: 24)
        tmux.waitFor("help --", seconds: 30)
        // The lasting form: `ls -l` lists once (issue 36), `style long` stays for the pages after.
        tmux.type(["style long", "Enter"])
        // The first listing showed "page 1 of" already: wait for the long
        // style's own page (its rows carry permissions).
        waitForLongPage()
        for page in 2...3 {
            assertNothingWraps()
            tmux.type(["n", "Enter"])
            tmux.waitFor("page \(page) of ")
        }
        assertNothingWraps()
        tmux.type(["quit", "Enter"])
        XCTAssertTrue(tmux.ends())
    }

    /// The full-screen view after `style long`, its detail pane opened with Tab
    /// at 80x24: the narrow table keeps the names (the pane shows the
    /// columns' facts), and no row runs into the next line.
    func testTheLongStyleBesideTheDetailPaneFits80Columns() throws {
        let temp = try makeTree()
        tmux.start("cd '\(temp.path)' && HOME=$(mktemp -d) '\(CommandRunner.executable.path)' .", columns: 80, rows: 24)
        tmux.waitFor("help --", seconds: 30)
        tmux.type(["style long", "Enter"])
        tmux.waitFor("apropos -> whatis")
        tmux.type(["screen", "Enter"])
        tmux.waitFor("q leaves")
        tmux.type(["Tab"])
        let shown = tmux.waitFor("permissions:")
        XCTAssertTrue(shown.contains(" 1 animate-im6 -> /etc/"), "the name, not the columns, beside the pane:\n\(shown)")
        XCTAssertTrue(shown.contains("file-with-a-longish-name-1"), shown)
        let rowsWithColumns = shown.split(separator: "\n").filter { $0.range(of: #"^ *[0-9]+ [-dl][-rwx]{9} "#, options: .regularExpression) != nil }
        XCTAssertEqual(rowsWithColumns, [], shown)
        assertNothingWraps()
        tmux.type(["Tab"])
        // Full width again: the long style's columns come back.
        tmux.waitFor("lrwxrwxrwx")
        assertNothingWraps()
        tmux.type(["q"])
        tmux.waitFor("> ")
        tmux.type(["quit", "Enter"])
        XCTAssertTrue(tmux.ends())
    }

    /// Waits until a page in the long style has been drawn after `style long`.
    private func waitForLongPage(file: StaticString = #filePath, line: UInt = #line) {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            let after = tmux.screen().components(separatedBy: "> style long\n").dropFirst().last ?? ""
            if after.contains("page 1 of "), after.contains("rwx") { return }
            usleep(50_000)
        }
        XCTFail("the long style's first page never showed:\n\(tmux.screen())", file: file, line: line)
    }

    func testStyleColumnsFillsAWideScreen() throws {
        let temp = try makeTree()
        tmux.start("cd '\(temp.path)' && HOME=$(mktemp -d) '\(CommandRunner.executable.path)' .", columns: 160, rows: 45)
        tmux.waitFor("help --", seconds: 30)
        tmux.type(["style columns", "Enter"])
        // Row 1's line holds the rows down the next columns too (9, 17, 25).
        let shown = tmux.waitFor("page 1 of 1\n 1 animate-im6@ ")
        let page = shown.components(separatedBy: "page 1 of 1\n").last ?? ""
        let rows = page.split(separator: "\n").prefix { !$0.hasPrefix("--") }
        XCTAssertEqual(rows.count, 8, page)
        XCTAssertTrue(rows[0].hasPrefix(" 1 animate-im6@") && rows[0].contains(" 9 file-") && rows[0].contains("25 file-"), page)
        assertNothingWraps()
        tmux.type(["group kind", "Enter"])
        tmux.type(["style default", "Enter"])
        tmux.type(["style columns", "Enter"])
        tmux.waitFor("style: columns lays out one list of names; 'group none' first")
        tmux.type(["quit", "Enter"])
        XCTAssertTrue(tmux.ends())
    }
}
