import Foundation
import TableKit
import TestSupport
import XCTest

@testable import FiletableCLI

/// Every screen of the prompt fits: at 80x24 no row wraps (a link's long
/// target is cut, the mark question wraps between words, never cut), at
/// 160x45 `style columns` fills the width, and the viewer and the plan
/// page within the window. In-process on the scripted terminal.
final class PromptFitsTheTerminalTests: XCTestCase {
    private typealias Prompt = ScriptedPrompt

    private func makeTree() throws -> TemporaryTree {
        let temp = try TemporaryTree()
        for index in 1...30 { temp.file("file-with-a-longish-name-\(index).dat", contents: String(repeating: "x", count: 1000)) }
        try temp.link("animate-im6", to: "/etc/alternatives/animate-im6-with-a-target-far-too-long-for-eighty-columns")
        try temp.link("apropos", to: "whatis")
        return temp
    }

    func testTheLongStyleAndTheMarkQuestionFit80Columns() throws {
        let temp = try makeTree()
        var prompt = try Prompt.run(in: temp.path, keys: [Prompt.line("ls -l")])
        let link = prompt.lines.first { $0.contains("animate-im6 -> /etc/") } ?? ""
        XCTAssertTrue(link.hasSuffix("…"), "the target is cut, the name kept:\n\(prompt.text)")
        XCTAssertTrue(prompt.text.contains("apropos -> whatis"), prompt.text)
        prompt.assertNothingWraps()
        prompt = try Prompt.run(in: temp.path, keys: [Prompt.line("ls -l"), Prompt.line("mark file*")])
        XCTAssertTrue(prompt.text.contains("Mark 30 entries: 30 files, 0 directories, 30 KiB for deletion? [y/N]"), prompt.text)
        prompt.assertNothingWraps()
    }

    /// A folder like /usr/bin (the fixture, not the host's): programs of
    /// every size and mode, links with long targets, names long and short;
    /// `style long` at 80x24, every page of the first three, nothing wraps.
    func testTheLongStyleOfAProgramFolderFits80Columns() throws {
        let temp = try TemporaryTree()
        for n in 1...40 {
            temp.file("prog-\(n)", size: n * 997)
            let mode: Int16 = n == 1 ? 0o4755 : n == 2 ? 0o2755 : 0o755
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: temp.path + "/prog-\(n)")
        }
        for n in 1...20 { try temp.link("tool-\(n)", to: "/etc/alternatives/tool-\(n)-with-a-target-path-far-too-long-for-eighty-columns") }
        for n in 1...10 { try temp.link("p\(n)", to: "prog-\(n)") }
        temp.file("x86_64-linux-gnu-a-long-program-name-of-a-cross-toolchain", size: 123_456)
        var keys = [Prompt.line("style long")]
        for page in 1...3 {
            let prompt = try Prompt.run(in: temp.path, keys: keys)
            XCTAssertTrue(prompt.text.contains("page \(page) of "), prompt.text)
            XCTAssertTrue(prompt.text.contains("rwx"), "the long style's rows:\n\(prompt.text)")
            prompt.assertNothingWraps()
            keys.append(Prompt.line("n"))
        }
    }

    /// The full-screen view after `style long`, its detail pane opened with
    /// Tab at 80x24: the narrow table keeps the names (the pane shows the
    /// columns' facts), and no row runs into the next line.
    func testTheLongStyleBesideTheDetailPaneFits80Columns() throws {
        let temp = try makeTree()
        var screen = try ScriptedScreen.run(in: temp.path, keys: [":", "style long\r", "\t"])
        XCTAssertTrue(screen.text.contains("permissions:"), screen.text)
        XCTAssertTrue(screen.text.contains(" 1 animate-im6 -> /etc/"), "the name, not the columns, beside the pane:\n\(screen.text)")
        XCTAssertTrue(screen.text.contains("file-with-a-longish-name-1"), screen.text)
        let rowsWithColumns = screen.frame.filter { $0.range(of: #"^ *[0-9]+ [-dl][-rwx]{9} "#, options: .regularExpression) != nil }
        XCTAssertEqual(rowsWithColumns, [], screen.text)
        XCTAssertEqual(screen.frame.filter { TextWidth.of($0) > 80 }, [])
        // Full width again: the long style's columns come back.
        screen = try ScriptedScreen.run(in: temp.path, keys: [":", "style long\r", "\t", "\t"])
        XCTAssertTrue(screen.text.contains("lrwxrwxrwx"), screen.text)
        XCTAssertEqual(screen.frame.filter { TextWidth.of($0) > 80 }, [])
    }

    func testStyleColumnsFillsAWideScreen() throws {
        let temp = try makeTree()
        var prompt = try Prompt.run(in: temp.path, keys: [Prompt.line("style columns")], rows: 45, columns: 160)
        // Row 1's line holds the rows down the next columns too (9, 17, 25).
        let page = prompt.text.components(separatedBy: "page 1 of 1\n").last ?? ""
        let rows = page.split(separator: "\n").prefix { !$0.hasPrefix("--") }
        XCTAssertEqual(rows.count, 8, page)
        XCTAssertTrue(rows.first.map { $0.hasPrefix(" 1 animate-im6@") && $0.contains(" 9 file-") && $0.contains("25 file-") } ?? false, page)
        prompt.assertNothingWraps()
        prompt = try Prompt.run(
            in: temp.path, keys: ["group kind", "style default", "style columns"].map(Prompt.line), rows: 45, columns: 160)
        XCTAssertTrue(prompt.text.contains("style: columns lays out one list of names; 'group none' first"), prompt.text)
    }
}

/// Pages with sections fit the screen at 80x24 and at 40 columns, styles
/// never wrap (value2 cuts a 200-character name, value1 keeps the size near
/// the names at 200 columns, long shows ls -l's columns), a view cuts or
/// wraps, and `find` walks below the table with `n` going on.
final class PromptStylesFitTests: XCTestCase {
    private typealias Prompt = ScriptedPrompt

    func testSectionsStylesViewsAndFindFitTheTerminal() throws {
        let temp = try TemporaryTree()
        for letter in "abcdefghijklmn" { for i in 1...2 { temp.file("\(letter)\(i)") } }
        temp.file(String(repeating: "v", count: 200))
        temp.file("wide.txt", contents: "first\n" + String(repeating: "0123456789", count: 20) + "END\nlast\n")
        try temp.folder("sub")
        temp.file("needle-deep", in: "sub")
        try temp.link("lnk", to: "wide.txt")
        func after(_ lines: [String], columns: Int = 80) throws -> ScriptedPrompt {
            try Prompt.run(in: temp.path, keys: lines.map(Prompt.line), columns: columns)
        }
        // 14 sections of two rows: headers and footers count against the 24 rows,
        // and the page fits below the command line typed.
        var shown = try after(["group letter"])
        XCTAssertTrue(shown.text.contains("== A ==\n 1 a1\n"), shown.text)
        XCTAssertTrue(shown.lines.first?.hasSuffix("> group letter") == true, shown.text)
        shown = try after(["group letter", "n"])
        XCTAssertTrue(shown.text.contains("group letter | page 2 of"), "the header scrolled away:\n\(shown.text)")
        // At 40 columns neither header, footer nor rows wrap.
        shown = try after(["style value2", "end"], columns: 40)
        XCTAssertTrue(shown.text.contains("file  vvvv") && shown.text.contains("…"), shown.text)
        shown.assertNothingWraps()
        // At 200 columns value1 puts sizes next to the names, not 190 columns away.
        shown = try after(["style value1"], columns: 200)
        let firstRow = shown.lines.first { $0.hasPrefix(" 1 a1") } ?? ""
        XCTAssertTrue(firstRow.hasSuffix(" 0") && firstRow.count < 120, "'\(firstRow)'")
        // The row found is marked on the page; ls -l's columns, links with their target.
        XCTAssertTrue(try after(["find lnk"]).text.contains(" lnk@  (found)\n"))
        shown = try after(["find lnk", "ls -l"])
        XCTAssertTrue(shown.text.contains("lnk -> wide.txt") && shown.text.contains("lrwxrwxrwx 1 ") && shown.text.contains("drwx"), shown.text)
        // A view cuts a long line at the edge, or wraps it with --wrap.
        shown = try after(["view wide.txt"])
        XCTAssertTrue(shown.text.contains("-- end of file --") && !shown.text.contains("END"), shown.text)
        shown = try after(["view wide.txt --wrap"])
        XCTAssertTrue(shown.text.contains("89END\n") && shown.text.contains("     2  0123456789"), shown.text)
        // find walks below the table; n goes on.
        shown = try after(["find needle"])
        XCTAssertTrue(shown.text.contains("find: sub/needle-deep, row 1 here") && shown.text.contains("/sub | 1 entry"), shown.text)
        XCTAssertTrue(try after(["find needle", "n"]).text.contains("find: no more names contain 'needle'"))
    }
}

/// The viewer at a terminal of 80x24, as a person meets it: a header that
/// says where the screen is, tabs expanded, paging back and forth, a search
/// stepping through highlighted matches, a hex search landing on the bytes,
/// and no row wider than the screen.
final class PromptViewerFitsTests: XCTestCase {
    private typealias Prompt = ScriptedPrompt

    func testTheTextViewPagesSearchesAndFits() throws {
        let temp = try TemporaryTree()
        let lines = (1...60).map {
            $0 % 10 == 0
                ? "entry\t\(String($0))\tneedle here\t# a comment that is long enough to be cut at eighty columns, surely" : "entry\t\($0)\tplain"
        }
        temp.file("services", contents: lines.joined(separator: "\n") + "\n")
        func after(_ typed: [String]) throws -> ScriptedPrompt {
            try Prompt.run(in: temp.path, keys: (["view services"] + typed).map(Prompt.line), useColor: true)
        }
        var shown = try after([])
        XCTAssertTrue(shown.text.contains("services  lines 1-20 of 60  "), shown.text)
        // The notice stays on screen above the header: 24 rows hold it all.
        XCTAssertTrue(shown.lines.contains { $0.hasPrefix("view: text (UTF-8") }, shown.text)
        XCTAssertTrue(shown.text.contains("     1  entry   1       plain\n"), "tabs expanded:\n\(shown.text)")
        XCTAssertTrue(shown.text.contains("-- more from line 21: Enter, b back, /TEXT search, q close --"), shown.text)
        shown.assertNothingWraps()
        XCTAssertTrue(try after(["b"]).text.contains("view: at the top of"))
        // On from the line after the last one shown, whatever the screen's height now.
        XCTAssertTrue(try after(["b", ""]).text.contains("services  lines 21-41 of 60"))
        XCTAssertTrue(try after(["b", "", "b"]).text.contains("services  lines 1-21 of 60"))
        // A search lands on the first match and n steps on; matches are in reverse video.
        shown = try after(["/needle"])
        XCTAssertTrue(shown.text.contains("services  lines 10-30 of 60"), shown.text)
        XCTAssertTrue(shown.text.contains("    10  entry   10      needle here     # a comment"), shown.text)
        XCTAssertEqual(shown.model.highlighted, "needle", "the match in reverse video")
        shown.assertNothingWraps()
        XCTAssertTrue(try after(["/needle", "n"]).text.contains("services  lines 20-40 of 60"))
        XCTAssertTrue(try after(["/needle", "n", "n"]).text.contains("services  lines 30-50 of 60"))
        XCTAssertTrue(try after(["/needle", "n", "n", "N"]).text.contains("services  lines 20-40 of 60"))
        shown = try after(["G"])
        XCTAssertTrue(shown.text.contains("-- end of file --"), shown.text)
        XCTAssertTrue(shown.text.contains("services  lines 40-60 of 60  100%"), shown.text)
        // q closes the view: the table is back.
        XCTAssertTrue(try after(["q"]).text.contains("1 services"))
    }

    func testAHexSearchLandsOnTheBytes() throws {
        let temp = try TemporaryTree()
        var blob = (0..<8192).map { UInt8($0 % 251) }
        blob[0] = 0
        blob.replaceSubrange(5000..<5004, with: [0xDE, 0xAD, 0xBE, 0xEF])
        _ = FileManager.default.createFile(atPath: temp.path + "/blob.bin", contents: Data(blob))
        func after(_ typed: [String]) throws -> ScriptedPrompt {
            try Prompt.run(in: temp.path, keys: (["view blob.bin"] + typed).map(Prompt.line))
        }
        var shown = try after([])
        XCTAssertTrue(shown.text.contains("-- more from offset 0x140"), shown.text)
        XCTAssertTrue(shown.text.contains("view: binary (NUL bytes in the first 8 KiB); showing hex\nblob.bin  0x0-0x140 of 0x2000"), shown.text)
        shown = try after(["/de ad be ef"])
        XCTAssertTrue(shown.text.contains("match at 0x1388"), shown.text)
        XCTAssertTrue(shown.text.contains("\n00001380  "), shown.text)
        XCTAssertTrue(shown.text.contains(" de ad be ef "), shown.text)
        shown.assertNothingWraps()
        XCTAssertTrue(try after(["/de ad be ef", "b"]).text.contains("\n00001230  "))
        XCTAssertTrue(try after(["/de ad be ef", "b", ""]).text.contains("\n00001380  "))
    }
}
