import Foundation
import TestSupport
import XCTest

/// filetable never deletes, renames, truncates or changes anything it browses.
final class ReadOnlyPromiseTests: XCTestCase {
    /// Every path's type, mode, size, mtime and content (or link target), by path.
    private func snapshot(_ root: String) throws -> [String: String] {
        let listing = try CommandRunner.shell(
            "find . -printf '%P\\t%y\\t%m\\t%s\\t%T@\\t%l\\0' | sort -z | tr '\\0' '\\n'; find . -type f -print0 | sort -z | xargs -0 md5sum",
            in: URL(fileURLWithPath: root))
        XCTAssertEqual(listing.status, 0, listing.stderr)
        var result: [String: String] = [:]
        for (i, line) in listing.text.split(separator: "\n").enumerated() { result["\(i)"] = String(line) }
        return result
    }

    func testASessionThatMarksEverythingChangesNothing() throws {
        let temp = try TemporaryTree()
        let tree = temp.path + "/tree"
        let made = try CommandRunner.shell(
            """
            python3 '\(CommandRunner.packageRoot.path)/Samples/generate-tree.py' hostile '\(tree)' && \
            cp -a '\(CommandRunner.packageRoot.path)/Samples/tree' '\(tree)/sample' && \
            ln '\(tree)/plain.txt' '\(tree)/hard-link' && mkdir -p '\(tree)/nested/deeper' && echo x > '\(tree)/nested/deeper/file' && \
            cp '\(tree)/nested/deeper/file' '\(tree)/nested/copy'
            """)
        try XCTSkipIf(made.status != 0, "skipped: python3 is needed to generate the hostile tree (\(made.stderr))")
        let before = try snapshot(tree)
        let plan = temp.path + "/plan"
        let session = """
            edit; cd sample/docs; mark 1; show marked; unmark 1; undo; undo; back all; cd nested; mark 1; back; hide marked; \
            mark all; marks --print; marks export \(plan); marks export \(plan).json --json; marks export \(plan).sh --sh; marks verify; \
            reload; undo; undo; mark all; marks verify; marks clear; undo; marks --print; marks clear; \
            dupes --empty; mark --keep oldest; marks verify; marks export \(plan).dupes; reload; back
            """
        let result = try CommandRunner.run(["-y", "-A", "--page-size", "50", "-e", session, tree])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.text.contains("verify: all "), result.text)
        XCTAssertEqual(try snapshot(tree), before, "a browsed file changed")
        XCTAssertTrue(result.text.contains("dupes: "), result.text)
        for suffix in ["", ".json", ".sh", ".dupes"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: plan + suffix), "the export \(suffix) was written")
        }
    }

    func testTheSourcesCallNothingThatChangesFiles() throws {
        let sources = CommandRunner.packageRoot.appendingPathComponent("Sources")
        let forbidden = [
            "unlink(", "unlinkat(", "rmdir(", "rename(", "renameat(", "truncate(", "ftruncate(", "chmod(", "fchmod(",
            "fchmodat(", "chown(", "fchown(", "lchown(", "fchownat(", "utimes(", "utime(", "utimensat(", "futimens(",
            "removeItem(", "moveItem(", "replaceItem", "trashItem(", "remove(", "mkdir(", "symlink(", "link(",
        ]
        var offenders: [String] = []
        let enumerator = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
        // OwnFiles.swift holds the writes of filetable's own files (an export, the history).
        for case let url as URL in enumerator where url.pathExtension == "swift" && url.lastPathComponent != "OwnFiles.swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.split(separator: "//").first.map(String.init) ?? ""
                // The plain search first: the pattern only decides for lines holding the call.
                for call in forbidden
                where code.contains(call)
                    && code.range(of: "(?<![A-Za-z_.])" + NSRegularExpression.escapedPattern(for: call), options: .regularExpression) != nil
                {
                    offenders.append("\(url.lastPathComponent):\(number + 1): \(call)")
                }
            }
        }
        XCTAssertEqual(offenders, [], "calls that could change a file")
        // The one write: a new temporary file beside an export or the history,
        // renamed or linked into place; in OwnFiles.swift. (Opening the
        // terminal to draw on, or /dev/null for a program's standard error,
        // writes no file.)
        let writes = try CommandRunner.shell("grep -rn 'O_WRONLY\\|O_RDWR\\|O_CREAT' '\(sources.path)'")
        let lines = writes.text.split(separator: "\n").filter { !$0.contains("\"/dev/tty\"") && !$0.contains("\"/dev/null\"") }
        XCTAssertEqual(lines.count, 1, writes.text)
        XCTAssertTrue(lines.allSatisfy { $0.contains("/SystemSeam/OwnFiles.swift:") }, writes.text)
    }
}
