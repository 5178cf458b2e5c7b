import Foundation
import TestSupport
import XCTest

/// Slips a new user meets in the first minutes: each was a defect of the
/// defects issue, each checked as a user would see it.
final class SessionDefectsEndToEndTests: XCTestCase {
    /// A backslash in text is text: `C:\Windows`, `\d+`; only bytes that
    /// cannot be shown are escaped.
    func testTheViewerShowsBackslashesAsThemselves() throws {
        let temp = try TemporaryTree()
        temp.file("paths.txt", contents: "C:\\Windows\n\\d+\\s*\nbell\u{07}\n")
        let result = try CommandRunner.script("view paths.txt", in: temp, pageSize: 10)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.text.contains("     1  C:\\Windows\n     2  \\d+\\s*\n     3  bell\\x07\n"), result.text)
    }

    /// `end` in a batch lands on the last page at the page size asked
    /// for; `up` at `/` is refused instead of stacking another `/`.
    func testEndAndUpLandWhereTheySay() throws {
        let temp = try TemporaryTree()
        for i in 1...100 { temp.file(String(format: "f%03d", i)) }
        let end = try CommandRunner.script("end", in: temp, pageSize: 5)
        XCTAssertTrue(end.text.contains("| page 20 of 20\n 96 f096\n"), end.text)
        let up = try CommandRunner.script("cd /; -up; -up; pwd", in: temp, pageSize: 5)
        XCTAssertTrue(up.stderr.contains("up: already at /, which has no parent"), up.stderr)
        XCTAssertTrue(up.text.hasSuffix("\(temp.path) > /\n/\n"), up.text)
    }

    /// `filetable --hex /dev/zero | head -c 10`: squeezed lines write
    /// nothing, yet the closed pipe ends the dump at once.
    func testASqueezedDumpEndsWithItsReader() throws {
        for mode in ["--hex", "--xxd -a", "--hex -x"] {
            let started = Date()
            let result = try CommandRunner.shell("(timeout 20 \"$FILETABLE\" \(mode) /dev/zero; echo \"status $?\" >&2) | head -c 10")
            XCTAssertEqual(result.stderr, "status 141\n", mode)
            XCTAssertEqual(result.text.count, 10, mode)
            XCTAssertLessThan(Date().timeIntervalSince(started), 10, mode)
        }
    }

    /// A megabyte typed as one word is answered at once, in one line.
    func testAHugeUnknownWordIsAnsweredInOneShortLine() throws {
        let temp = try TemporaryTree()
        temp.file("commands", contents: String(repeating: "x", count: 1 << 20) + "\n")
        let started = Date()
        let result = try CommandRunner.shell("\"$FILETABLE\" . < commands", in: temp.url)
        XCTAssertLessThan(Date().timeIntervalSince(started), 5)
        XCTAssertEqual(result.stderr, "filetable: line 1: unknown command '\(String(repeating: "x", count: 40))…'; type 'help' for the list\n")
    }

    /// `hex N /de ad be ef` opens at the first match, as `view N /TEXT` does.
    func testHexTakesASearchInTheSameCommand() throws {
        let temp = try TemporaryTree()
        temp.file("blob", contents: String(repeating: "a", count: 4096) + "\u{7F}ELF" + String(repeating: "b", count: 4096))
        let result = try CommandRunner.script("hex blob /7f 45 4c 46", in: temp, pageSize: 4)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.text.hasPrefix("00001000  7f 45 4c 46 62 62"), result.text)
    }

    /// `info` on a link to itself says it is a loop, not dangling; two
    /// modes at once are refused by name, never one of them dropped.
    func testLoopsAndTwoModesAreNamedForWhatTheyAre() throws {
        let temp = try TemporaryTree()
        try temp.link("self", to: "self")
        try temp.link("gone", to: "nowhere")
        let info = try CommandRunner.script("info self; info gone", in: temp)
        XCTAssertTrue(info.text.contains("target:      self (a loop: too many levels of symbolic links)\n"), info.text)
        XCTAssertTrue(info.text.contains("target:      nowhere (dangling)\n"), info.text)
        for (modes, message) in [
            (["--du", "--dupes"], "--du and --dupes are two modes; give one"), (["--tree", "--du"], "--tree and --du are two modes; give one"),
            (["--dupes", "--hex"], "--dupes and --hex are two modes; give one"),
        ] {
            let result = try CommandRunner.run(modes + [temp.path])
            XCTAssertEqual(result.status, 2, modes.joined(separator: " "))
            XCTAssertTrue(result.stderr.hasPrefix("filetable: " + message + "\n"), result.stderr)
            XCTAssertEqual(result.text, "")
        }
    }
}

extension SessionDefectsEndToEndTests {
    /// The viewer's numbers follow the file: after an append `G` shows
    /// lines 31 and 32 by their numbers, after a truncation to one line `G`
    /// shows it as line 1 (they were 28-30, then 30).
    func testTheViewersLineNumbersFollowAFileThatGrowsOrShrinks() throws {
        let temp = try TemporaryTree()
        temp.file("grow.txt", contents: (1...30).map { "line \($0)\n" }.joined())
        let result = try CommandRunner.shell(
            """
            { echo 'view grow.txt'; sleep 1; echo G; sleep 1; echo G; } | "$FILETABLE" --page-size 5 . & sleep 0.5
            printf 'appended\\nmore\\n' >> grow.txt; sleep 1; echo short > grow.txt; wait $!
            """, in: temp.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.text.contains("    30  line 30\n    31  appended\n    32  more\n-- end of file --\n"), result.text)
        XCTAssertTrue(result.text.hasSuffix("     1  short\n-- end of file --\n"), result.text)
    }
}

extension SessionDefectsEndToEndTests {
    /// `marks export -` is refused with the way to standard output; it made a file named `-`.
    func testExportToADashIsRefusedNotAFileNamedDash() throws {
        let temp = try TemporaryTree()
        temp.file("a", contents: "x")
        let result = try CommandRunner.script("mark a; marks export -", in: temp, flags: ["-y"])
        XCTAssertTrue(
            result.stderr.contains("marks export: '-' would be a file named '-'; 'marks --print' writes the plan to standard output"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: temp.path + "/-"))
    }
}
