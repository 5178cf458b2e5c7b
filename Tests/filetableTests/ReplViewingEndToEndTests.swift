import Foundation
import TestSupport
import XCTest

/// `hex`, `more` and `view` in scripted sessions.
final class ReplViewingEndToEndTests: XCTestCase {
    /// 1 numbers.txt (11 lines), 2 pipe (a FIFO), 3 random.bin (100 bytes with a NUL).
    private func makeTree() throws -> TemporaryTree {
        let temp = try TemporaryTree()
        let text = (1...10).map(String.init).joined(separator: "\n") + "\ntab\there\u{1B}[31m\n"
        _ = FileManager.default.createFile(atPath: temp.path + "/numbers.txt", contents: Data(text.utf8))
        _ = FileManager.default.createFile(atPath: temp.path + "/random.bin", contents: Data([0] + (1..<100).map { UInt8(($0 * 37 + 11) % 256) }))
        XCTAssertEqual(mkfifo(temp.path + "/pipe", 0o644), 0)
        return temp
    }

    func testViewShowsTextAScreenAtATimeWithLineNumbersAndEscapes() throws {
        let temp = try makeTree()
        let result = try CommandRunner.script("view 1; more; more", in: temp, pageSize: 4)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            result.text,
            """
            view: text (UTF-8 without NUL bytes in the first 8 KiB)
                 1  1
                 2  2
                 3  3
                 4  4
            -- more from line 5 ('more' or an empty line) --
                 5  5
                 6  6
                 7  7
                 8  8
            -- more from line 9 ('more' or an empty line) --
                 9  9
                10  10
                11  tab     here\\x1B[31m
            -- end of file --

            """)
    }

    func testViewOfABinaryFileSwitchesToHexAndMoreContinues() throws {
        let temp = try makeTree()
        let result = try CommandRunner.script("view 3; more", in: temp, pageSize: 4)
        XCTAssertEqual(result.status, 0, result.stderr)
        let hexdump = try CommandRunner.shell("hexdump -C random.bin", in: temp.url)
        let lines = result.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines[0], "view: binary (NUL bytes in the first 8 KiB); showing hex")
        XCTAssertEqual(lines[5], "-- more from offset 0x40 ('more' or an empty line; 'hex N @OFFSET' jumps) --")
        XCTAssertEqual(lines[10], "-- end of dump --")
        if CommandRunner.isInstalled("hexdump") {
            XCTAssertEqual((lines[1...4] + lines[6...9]).joined(separator: "\n") + "\n", hexdump.text)
        }
    }

    func testHexOffsetsLengthsAndJumpsShowFileOffsets() throws {
        let temp = try makeTree()
        let result = try CommandRunner.script("hex 3 0x10 0x20; hex 3 @96", in: temp, pageSize: 4)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.text.hasPrefix("00000010  "))
        XCTAssertTrue(result.text.contains("\n00000030\n-- end of dump --\n00000060  "), result.text)
        XCTAssertTrue(result.text.hasSuffix("00000064\n-- end of dump --\n"))
        let afterEnd = try CommandRunner.script("hex 3 50; more", in: temp, pageSize: 4)
        XCTAssertEqual(afterEnd.status, 1)
        XCTAssertEqual(afterEnd.stderr, "filetable: line 2: more: nothing to continue (use hex N or view N)\n")
    }

    func testAFIFOIsRefusedAtOnce() throws {
        let temp = try makeTree()
        let start = Date()
        let result = try CommandRunner.script("-view 2; -hex 2; info 2", in: temp, pageSize: 4)
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(
            result.stderr,
            """
            filetable: line 1: view: \(temp.path)/pipe: is a FIFO; not read, as reading it could block
            filetable: line 2: hex: \(temp.path)/pipe: is a FIFO; not read, as reading it could block

            """)
        XCTAssertTrue(result.text.contains("type:        fifo\n"))
    }

    func testInfoUsesTheSameTextOrBinaryTest() throws {
        let temp = try makeTree()
        let result = try CommandRunner.script("info 1; info 3", in: temp, pageSize: 4)
        XCTAssertTrue(result.text.contains("content:     text\n"))
        XCTAssertTrue(result.text.contains("content:     binary (NUL bytes in the first 8 KiB)\n"))
    }

    /// A file of one endless line is shown in rows of 64 KiB with its line
    /// number, a screen at a time, without holding the line in memory.
    func testAnEndlessLineIsShownInBoundedRows() throws {
        let temp = try TemporaryTree()
        let row = 1 << 16
        _ = FileManager.default.createFile(
            atPath: temp.path + "/long.txt", contents: Data(repeating: 0x61, count: row * 5 + 10) + Data("\nend\n".utf8))
        let result = try CommandRunner.run(["--page-size", "3", "-e", "view 1; more; more", "."], in: temp.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.text.split(separator: "\n", omittingEmptySubsequences: false)
        let rows = lines.filter { $0.hasPrefix("     1  a") }
        XCTAssertEqual(rows.map(\.count), [Int](repeating: 8 + row, count: 5) + [8 + 10])
        XCTAssertTrue(result.text.hasSuffix("     2  end\n-- end of file --\n"), String(result.text.suffix(80)))
    }
}
