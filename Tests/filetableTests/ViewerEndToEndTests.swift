import Foundation
import TestSupport
import XCTest

/// The text and hex viewers' keys in scripted sessions: paging both ways,
/// searches stepping through matches, jumps, and a view that stays open
/// (and keeps its keys) when a move cannot be made.
final class ViewerEndToEndTests: XCTestCase {
    /// 1 hundred.txt (lines "line 1" … "line 100"), 2 tabs.txt, 3 blob.bin.
    private func makeTree() throws -> TemporaryTree {
        let temp = try TemporaryTree()
        temp.file("1-hundred.txt", contents: (1...100).map { "line \($0)" }.joined(separator: "\n") + "\n")
        temp.file("2-tabs.txt", contents: "a\tb\tc\nservice\t\t1/tcp\t# comment\n")
        // Bytes that never repeat a line, so no screen squeezes lines to '*'.
        var blob = (0..<4096).map { UInt8($0 % 251) }
        blob[0] = 0
        blob.replaceSubrange(1000..<1004, with: [0xDE, 0xAD, 0xBE, 0xEF])
        blob.replaceSubrange(3000..<3003, with: Array("PNG".utf8))
        blob.replaceSubrange(3500..<3504, with: [0xDE, 0xAD, 0xBE, 0xEF])
        _ = FileManager.default.createFile(atPath: temp.path + "/3-blob.bin", contents: Data(blob))
        return temp
    }

    /// The numbers of the lines a script showed, screen by screen.
    private func screens(_ text: String) -> [[Int]] {
        var screens: [[Int]] = [[]]
        for line in text.split(separator: "\n") {
            if line.hasPrefix("--") {
                screens.append([])
            } else if line.hasPrefix("  "), let number = Int(line.split(separator: " ").first ?? "") {
                screens[screens.count - 1].append(number)
            }
        }
        return screens.filter { !$0.isEmpty }
    }

    func testTabsAreExpandedToStopsOfEightOrTabs() throws {
        let temp = try makeTree()
        var result = try CommandRunner.script("view 2", in: temp, pageSize: 5)
        XCTAssertTrue(result.text.contains("     1  a       b       c\n     2  service         1/tcp   # comment\n"), result.text)
        result = try CommandRunner.run(["--tabs", "4", "--page-size", "5", "-e", "view 2", "."], in: temp.url)
        XCTAssertTrue(result.text.contains("     1  a   b   c\n     2  service     1/tcp   # comment\n"), result.text)
        result = try CommandRunner.run(["--tabs", "0", "."], in: temp.url)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "filetable: invalid tab size '0': expected a whole number from 1 to 64\n")
    }

    func testTheViewPagesForwardAndBackByScreenHalfAndLine() throws {
        let temp = try makeTree()
        let result = try CommandRunner.script("view 1; f; b; d; u; 3j; k; G; b; g", in: temp, pageSize: 10)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            screens(result.text).map { [$0.first!, $0.last!] },
            [[1, 10], [11, 20], [1, 10], [6, 15], [1, 10], [4, 13], [3, 12], [91, 100], [81, 90], [1, 10]])
    }

    func testGoToALineOrAPercentage() throws {
        let temp = try makeTree()
        let result = try CommandRunner.script("view 1; 42g; 50%; -200g; G; 1g", in: temp, pageSize: 5)
        XCTAssertEqual(screens(result.text).map(\.first!), [1, 42, 51, 96, 1], "50% is half the bytes, as in less")
        XCTAssertTrue(result.stderr.contains("view: \(temp.path)/1-hundred.txt has 100 lines, not 200\n"), result.stderr)
    }

    func testASearchStepsThroughMatchesBothWaysAndAMissKeepsTheView() throws {
        let temp = try makeTree()
        // "line 7" is in lines 7 and 70-79; a miss says so and the view still takes its keys.
        let result = try CommandRunner.script("view 1; /LINE 7; n; n; N; ?line 7; -/nowhere; b", in: temp, pageSize: 3)
        XCTAssertEqual(screens(result.text).map(\.first!), [1, 7, 70, 71, 70, 7, 4])
        XCTAssertEqual(result.stderr, "filetable: line 7: view: 'nowhere' not found below this screen of \(temp.path)/1-hundred.txt\n")
    }

    func testAtTheEndMoreHasNothingLeftButTheKeysStillMove() throws {
        let temp = try makeTree()
        let result = try CommandRunner.script("view 1; G; -more; -f; b; q; pwd", in: temp, pageSize: 10)
        XCTAssertEqual(screens(result.text).map(\.first!), [1, 91, 81])
        XCTAssertTrue(result.stderr.contains("more: nothing to continue"), result.stderr)
        XCTAssertTrue(result.stderr.contains("view: at the end of \(temp.path)/1-hundred.txt ('b' goes back, 'q' closes the view)"), result.stderr)
        // q closes the view and shows the table; the next line is a command again.
        XCTAssertTrue(result.text.contains("1-hundred.txt\n"), result.text)
        XCTAssertTrue(result.text.hasSuffix("\(temp.path)\n"), result.text)
    }

    func testLineNumbersAndWrappingSwitch() throws {
        let temp = try makeTree()
        // In a script a leading '-' lets a line fail, so '-N' is written '--N'.
        let result = try CommandRunner.script("view 1; --N", in: temp, pageSize: 2)
        XCTAssertTrue(result.text.contains("     1  line 1\n     2  line 2\n"), result.text)
        XCTAssertTrue(result.text.contains("\nline 1\nline 2\n"), result.text)
    }

    func testTheHexViewSearchesForBytesAndTextAndPagesBack() throws {
        let temp = try makeTree()
        let result = try CommandRunner.script("hex 3; /de ad be ef; n; ?\"PNG\"; g; G; b", in: temp, pageSize: 2)
        XCTAssertEqual(result.status, 0, result.stderr)
        let tops = result.text.split(separator: "\n").filter { $0.first?.isHexDigit == true && $0.contains("  ") }
        XCTAssertEqual(
            tops.map { String($0.prefix(8)) }.enumerated().filter { $0.offset % 2 == 0 }.map(\.element),
            ["00000000", "000003e0", "00000da0", "00000bb0", "00000000", "00000fe0", "00000fc0"])
    }

    /// The bytes a hex search matched are shown in reverse video in both
    /// columns (as the text viewer shows its matches); the line is otherwise
    /// hexdump -C's, and no colour means no marking.
    func testTheHexViewMarksTheMatchedBytes() throws {
        let temp = try makeTree()
        let result = try CommandRunner.script("hex 3; /de ad be ef", in: temp, pageSize: 2, flags: ["--color=always"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let on = "\u{1B}[7m"
        let off = "\u{1B}[27m"
        let expected =
            "000003e0  ef f0 f1 f2 f3 f4 f5 f6  \(on)de\(off) \(on)ad\(off) \(on)be\(off) \(on)ef\(off) 00 01 02 03"
            + "  |........\(on).\(off)\(on).\(off)\(on).\(off)\(on).\(off)....|\n"
        XCTAssertTrue(result.text.contains(expected), result.text)
        // The lines without a match keep their colours; the first screen had no search yet.
        XCTAssertEqual(result.text.components(separatedBy: on).count - 1, 8, result.text)
        let plain = try CommandRunner.script("hex 3; /de ad be ef", in: temp, pageSize: 2)
        XCTAssertFalse(plain.text.contains(on), plain.text)
        XCTAssertTrue(plain.text.contains("000003e0  ef f0 f1 f2 f3 f4 f5 f6  de ad be ef 00 01 02 03  |................|\n"), plain.text)
    }

    func testHexFromTheEndAndPastTheEnd() throws {
        let temp = try makeTree()
        var result = try CommandRunner.script("hex 3 -16", in: temp, pageSize: 4)
        XCTAssertTrue(result.text.hasPrefix("00000ff0  40 41 42"), result.text)
        result = try CommandRunner.script("hex 3 5000", in: temp, pageSize: 4)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "filetable: line 1: hex: \(temp.path)/3-blob.bin: offset 5000 is past the end (4096 bytes)\n")
    }

    /// `--hex -s -N` reads the offset as xxd does (from the end); past the
    /// end it says so and fails, where hexdump and xxd print a lone offset.
    func testTheCommandLineHexCountsFromTheEndAndRefusesPastIt() throws {
        let temp = try makeTree()
        var result = try CommandRunner.run(["--hex", "--format", "xxd", "-s", "-16", "3-blob.bin"], in: temp.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.text, "00000ff0: 4041 4243 4445 4647 4849 4a4b 4c4d 4e4f  @ABCDEFGHIJKLMNO\n")
        if CommandRunner.isInstalled("xxd") {
            XCTAssertEqual(result.text, try CommandRunner.shell("xxd -s -16 3-blob.bin", in: temp.url).text)
        }
        result = try CommandRunner.run(["--hex", "-s", "99999", "3-blob.bin"], in: temp.url)
        XCTAssertNotEqual(result.status, 0)
        XCTAssertEqual(result.text, "00001000\n", "hexdump -C's lone offset (the size), and the error on standard error")
        XCTAssertEqual(result.stderr, "filetable: 3-blob.bin: offset 99999 is past the end (4096 bytes)\n")
        result = try CommandRunner.shell("cat 3-blob.bin | '\(CommandRunner.executable.path)' --hex -s -16", in: temp.url)
        XCTAssertEqual(result.stderr, "filetable: standard input: cannot count an offset from the end: not a regular file\n")
    }
}
