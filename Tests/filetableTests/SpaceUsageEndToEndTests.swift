import Foundation
import TestSupport
import XCTest

/// `filetable --du` and the REPL's `du`, compared with GNU du.
final class SpaceUsageEndToEndTests: XCTestCase {
    private func makeTree() throws -> TemporaryTree {
        let temp = try TemporaryTree()
        let script = """
            mkdir -p a/b c empty
            head -c 100000 /dev/zero > a/big; ln a/big a/b/link-here
            head -c 7000 /dev/zero > c/mid; truncate -s 20M c/sparse
            head -c 40000 /dev/zero > top; ln -s a to-a
            """
        XCTAssertEqual(try CommandRunner.shell(script, in: temp.url).status, 0)
        return temp
    }

    /// Each entry and the total as `du -s -B1 PATH/* PATH` gives them, largest first.
    func testEntriesAndTotalMatchDu() throws {
        let temp = try makeTree()
        for apparent in [false, true] {
            let flag = apparent ? " --apparent-size" : ""
            let ours = try CommandRunner.run(["--du", "--block-size=1"] + (apparent ? ["--apparent-size"] : []) + ["."], in: temp.url)
            XCTAssertEqual(ours.status, 0, ours.stderr)
            let du = try CommandRunner.shell("LC_ALL=C du -s -B1\(flag) ./* | sort -k1,1nr -k2; du -s -B1\(flag) .", in: temp.url)
            XCTAssertEqual(Self.lines(ours.text), Self.lines(du.text), "apparent: \(apparent)")
        }
        let human = try CommandRunner.run(["--du", "-h", "."], in: temp.url)
        XCTAssertEqual(human.text.split(separator: "\n").first, "108K\t./a", "a: its directories' blocks and the 100,000-byte file's")
    }

    /// Sorted by size, then name, so equal sizes compare the same way.
    private static func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init).sorted { a, b in
            let x = Int(a.split(separator: "\t")[0]) ?? 0
            let y = Int(b.split(separator: "\t")[0]) ?? 0
            return x != y ? x > y : a < b
        }
    }

    func testJSONHasTheFieldsAndPathsLastLineForPath() throws {
        let temp = try makeTree()
        let result = try CommandRunner.run(["--du", "--json", "."], in: temp.url)
        let objects = result.text.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        XCTAssertEqual(objects.count, 6)
        let total = try XCTUnwrap(objects.last)
        XCTAssertEqual(total["path"] as? String, ".")
        XCTAssertEqual(total["type"] as? String, "directory")
        XCTAssertEqual(total["directories"] as? Int, 5)
        XCTAssertEqual(total["files"] as? Int, 5, "the hard link counts once; the symlink is a file of its own")
        let du = try CommandRunner.shell("du -s -B1 --apparent-size .", in: temp.url).text
        XCTAssertEqual(total["apparent_bytes"] as? Int, Int(du.split(separator: "\t")[0]))
        XCTAssertEqual(objects.first?["path"] as? String, "./a", "largest first, on disk")
        let link = try XCTUnwrap(objects.first { $0["path"] as? String == "./to-a" })
        XCTAssertEqual(link["type"] as? String, "symlink")
    }

    /// An unreadable directory keeps its own size, is reported, and makes the
    /// status 1, as du does.
    func testUnreadableDirectoriesAreCountedAndReported() throws {
        let temp = try makeTree()
        let prefix = try CommandRunner.unprivilegedPrefix(reaching: temp)
        _ = try CommandRunner.shell("chmod -R a+rX . && chmod 000 a/b", in: temp.url)
        let ours = try CommandRunner.shell("\(prefix)\"$FILETABLE\" --du --block-size=1 --json .", in: temp.url)
        XCTAssertEqual(ours.status, 1)
        XCTAssertTrue(ours.stderr.contains("./a/b: Permission denied"), ours.stderr)
        let du = try CommandRunner.shell("\(prefix)du -s -B1 . 2>/dev/null", in: temp.url)
        let total = try XCTUnwrap(
            ours.text.split(separator: "\n").last.flatMap {
                try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            })
        XCTAssertEqual(total["disk_bytes"] as? Int, Int(du.text.split(separator: "\t")[0]))
        XCTAssertEqual(total["unreadable"] as? Int, 1)
    }

    /// The REPL: `du` puts the size, share and bar on each row, `sort du`
    /// orders by it, a subdirectory opened afterwards shows its figures
    /// without a scan, and a marked row leaves the total.
    func testReplSizesRowsAndKeepsFiguresWhenDrillingIn() throws {
        let temp = try makeTree()
        let result = try CommandRunner.run(["-y", "--page-size", "20", "-e", "du; sort du; open a; back; mark c", "."], in: temp.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        // Pages start with their header line; find them by what they say.
        let pages = result.text.components(separatedBy: "\n").split { $0.hasPrefix("--") }.map {
            Array($0.filter { !$0.hasPrefix("du:") && !$0.hasPrefix("marked") })
        }
        let sorted = try XCTUnwrap(pages.first { $0.first?.contains("sort du") == true && $0.count == 6 })
        XCTAssertTrue(sorted[1].hasPrefix("1 108K 65.9% [#######   ] a >"), sorted[1])
        XCTAssertTrue(sorted[2].hasPrefix("2  40K 24.4% [##        ] top"), sorted[2])
        XCTAssertTrue(sorted[0].hasSuffix("| du 164 KiB"), sorted[0])
        // The subdirectory, opened after the scan: figures at once, no second scan.
        let sub = try XCTUnwrap(pages.first { $0.first?.contains("/a | ") == true })
        XCTAssertTrue(sub[0].hasSuffix("| du 104 KiB"), sub[0])
        XCTAssertTrue(sub[1].hasPrefix("1 100K 96.2% [##########] big"), sub[1])
        XCTAssertEqual(result.text.components(separatedBy: "du: ").count, 2, "one scan only")
        // Marked: the row leaves the table and its space the total; the header says what the plan frees.
        let marked = try XCTUnwrap(pages.last { $0.count > 1 && $0[0].contains(" | du ") })
        XCTAssertTrue(marked[0].hasSuffix("| du 152 KiB, the plan frees 12 KiB"), marked[0])
        XCTAssertTrue(marked[1].hasPrefix("1 108K 71.1%"), marked[1])
    }
}
