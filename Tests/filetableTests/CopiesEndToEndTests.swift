import Foundation
import Glibc
import TestSupport
import XCTest

/// `--dupes` and the REPL's `dupes`: the groups compared with jdupes and
/// fdupes when they are installed (and with the groups the tree was built to
/// hold either way), the forms scripts read, the keep rules, and the plan
/// that never takes a group's last copy.
final class CopiesEndToEndTests: XCTestCase {
    /// Copies of three sizes (one under the 64 KiB read whole, two over it),
    /// files of one size with different contents, a file sharing its first
    /// and last blocks with a copy but not its middle, a hard link, a
    /// symlink, empty files, a name that is not UTF-8; times set so the
    /// newest of each group is known.
    private func makeTree() throws -> TemporaryTree {
        let temp = try TemporaryTree()
        let made = try CommandRunner.shell(
            """
            mkdir -p a/b c d && python3 - <<'PY'
            def w(path, data, when):
                with open(path, 'wb') as f: f.write(data)
                import os; os.utime(path, (when, when))
            small = b"hello copies\\n"
            w('a/one', small, 1000); w('c/one-copy', small, 3000); w('a/b/one-third', small, 2000)
            w('same-size-1', b"A" * len(small), 1000); w('same-size-2', b"B" * len(small), 1000)
            big = bytes((i * 7 + 3) % 251 for i in range(200000))
            w('big1', big, 1000); w('c/big2', big, 2000)
            middle = bytearray(big); middle[100000] ^= 1; w('c/middle-differs', bytes(middle), 1000)
            medium = bytes(i % 256 for i in range(70000))
            w('d/m1', medium, 1000); w('d/m2', medium, 2000); w('d/m3', medium, 3000)
            w(b'bad\\xffname', b"not utf-8\\n", 1000); w('d/nonutf-copy', b"not utf-8\\n", 2000)
            w('empty1', b"", 1000); w('empty2', b"", 1000)
            PY
            ln a/one a/hard-link && ln -s a/one symlink-to-one
            """, in: temp.url)
        try XCTSkipIf(made.status != 0, "skipped: python3 builds the tree (\(made.stderr))")
        return temp
    }

    /// The groups the tree holds, as sets of paths below it (each file by its
    /// first path: the hard-linked one is `a/hard-link`, before `a/one`).
    private let expected: Set<Set<String>> = [
        ["./big1", "./c/big2"], ["./d/m1", "./d/m2", "./d/m3"], ["./a/b/one-third", "./a/hard-link", "./c/one-copy"],
        ["./bad\u{FFFD}name", "./d/nonutf-copy"],
    ]

    /// A path's inode (lstat).
    private func inode(_ path: [UInt8], in temp: TemporaryTree) -> UInt64 {
        var status = stat()
        let full = temp.bytes + [0x2F] + path + [0]
        let found = full.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { lstat($0, &status) }
        }
        XCTAssertEqual(found, 0, String(decoding: path, as: UTF8.self))
        return UInt64(status.st_ino)
    }

    /// Groups printed a path a line, a blank line after each: as sets of inodes.
    private func groupsByInode(_ output: [UInt8], separator: UInt8 = 0x0A, in temp: TemporaryTree) -> Set<Set<UInt64>> {
        var groups: Set<Set<UInt64>> = []
        var current: Set<UInt64> = []
        for line in output.split(separator: separator, omittingEmptySubsequences: false) {
            if line.isEmpty {
                if !current.isEmpty { groups.insert(current) }
                current = []
            } else {
                current.insert(inode(Array(line), in: temp))
            }
        }
        if !current.isEmpty { groups.insert(current) }
        return groups
    }

    private func ours(_ arguments: [String], in temp: TemporaryTree) throws -> CommandResult {
        try CommandRunner.run(arguments, in: temp.url)
    }

    func testGroupsAreTheCopiesAndOnlyThem() throws {
        let temp = try makeTree()
        let json = try ours(["--dupes", "--json", "."], in: temp)
        XCTAssertEqual(json.status, 0, json.stderr)
        let objects = json.text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        XCTAssertEqual(objects.count, 4, json.text)
        var found: Set<Set<String>> = []
        for group in objects {
            let files = try XCTUnwrap(group["files"] as? [[String: Any]])
            let firstPaths = files.compactMap { ($0["paths"] as? [[String: Any]])?.first?["path"] as? String }
            found.insert(Set(firstPaths))
            let size = try XCTUnwrap(group["size"] as? Int)
            XCTAssertEqual(group["gain"] as? Int, size * (files.count - 1))
        }
        XCTAssertEqual(found, expected, json.text)
        // Largest space to gain first: 200,000 bytes once, then 70,000 twice.
        XCTAssertEqual(objects.first?["size"] as? Int, 200_000)
        // The hard link is the same file, listed with it; the name that is not UTF-8 keeps its bytes.
        XCTAssertTrue(json.text.contains(#""paths":[{"path":"./a/hard-link"},{"path":"./a/one"}]"#), json.text)
        XCTAssertTrue(json.text.contains(#""path_hex":"2e2f626164ff6e616d65""#), json.text)

        // The plain form: a path a line, a blank line after each group; names escaped.
        let plain = try ours(["--dupes", "."], in: temp)
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertTrue(plain.text.hasPrefix("./big1\n./c/big2\n\n./d/m1\n./d/m2\n./d/m3\n\n"), plain.text)
        XCTAssertTrue(plain.text.contains("./bad\\xFFname\n./d/nonutf-copy\n\n"), plain.text)
        // -0: exact bytes, a NUL after each path and another after each group.
        let nul = try CommandRunner.shell("\"$FILETABLE\" --dupes -0 . | od -An -c | tr -s ' ' | tr -d '\\n'", in: temp.url)
        XCTAssertTrue(nul.text.contains(#"b a d 377 n a m e \0 . / d / n o n u t f - c o p y \0 \0"#), nul.text)
        // Empty files only when asked; --min-size leaves the small ones out.
        XCTAssertTrue(try ours(["--dupes", "--empty", "."], in: temp).text.contains("./empty1\n./empty2\n\n"))
        let large = try ours(["--dupes", "--min-size", "64k", "."], in: temp)
        XCTAssertEqual(large.text, "./big1\n./c/big2\n\n./d/m1\n./d/m2\n./d/m3\n\n", large.stderr)
    }

    /// The same groups as jdupes -r and fdupes -r find (compared by inode:
    /// each tool shows hard links its own way).
    func testTheGroupsAreJdupesAndFdupesGroups() throws {
        let temp = try makeTree()
        let ours = groupsByInode(Array(try CommandRunner.shell("\"$FILETABLE\" --dupes -0 . | tr '\\0' '\\n'", in: temp.url).stdout), in: temp)
        XCTAssertEqual(ours.count, 4)
        var compared = 0
        for (tool, command) in [("jdupes", "jdupes -r -q ."), ("fdupes", "fdupes -r -n -q .")] where CommandRunner.isInstalled(tool) {
            let theirs = try CommandRunner.shell(command, in: temp.url)
            XCTAssertEqual(theirs.status, 0, theirs.stderr)
            XCTAssertEqual(groupsByInode(Array(theirs.stdout), in: temp), ours, "\(tool) found other groups:\n\(theirs.text)")
            compared += 1
        }
        if compared == 0 { print("CopiesEndToEndTests: jdupes and fdupes are not installed; compared with the groups the tree was built with only") }
    }

    /// An unreadable file is reported and left out, status 1 (as du's); its
    /// readable copy has no group then.
    func testAnUnreadableFileIsReportedAndLeftOut() throws {
        let temp = try makeTree()
        let prefix = try CommandRunner.unprivilegedPrefix(reaching: temp)
        _ = try CommandRunner.shell("printf secret > locked && printf secret > open-copy && chmod -R a+rX . && chmod 000 locked", in: temp.url)
        let result = try CommandRunner.shell("\(prefix)\"$FILETABLE\" --dupes .", in: temp.url)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("./locked: Permission denied"), result.stderr)
        XCTAssertFalse(result.text.contains("open-copy"), result.text)
        XCTAssertTrue(result.text.contains("./big1\n./c/big2\n\n"), result.text)
    }

    /// `dupes; mark --keep newest`: the plan exported removes exactly the
    /// older copies (every path of a hard-linked one) and never a group's
    /// last; a mark that would take a last copy is refused, here or from a
    /// directory's level.
    func testKeepNewestPlansExactlyTheOlderCopies() throws {
        let temp = try makeTree()
        let plan = temp.path + "/../plan-\(UUID().uuidString).txt"
        defer { try? FileManager.default.removeItem(atPath: plan) }
        let result = try CommandRunner.run(
            ["-y", "--page-size", "40", "-e", "dupes; mark --keep newest; marks verify; marks export \(plan)", "."], in: temp.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.text.contains("== 2 copies × 196 KiB = 196 KiB to gain =="), result.text)
        XCTAssertTrue(result.text.contains("a/one (already linked)"), result.text)
        // Each copy's row says its date (the long style, unless another was chosen).
        XCTAssertNotNil(result.text.range(of: #"19(69|70) big1\n"#, options: .regularExpression), result.text)
        XCTAssertTrue(result.text.contains("dupes: 4 groups, 10 files,"), result.text)
        // The plain export: absolute paths, each ended by a NUL, exact bytes.
        let exported = try Data(contentsOf: URL(fileURLWithPath: plan)).split(separator: 0).map { Array($0) }
        let root = Array(temp.url.resolvingSymlinksInPath().path.utf8) + [0x2F]
        let marked = Set(exported.map { String(decoding: $0.starts(with: root) ? Array($0.dropFirst(root.count)) : $0, as: UTF8.self) })
        XCTAssertEqual(marked, ["a/b/one-third", "a/hard-link", "a/one", "big1", "d/m1", "d/m2", "bad\u{FFFD}name"])

        // Marking the last copy of a group: refused on the table and from a directory's level.
        let refused = try CommandRunner.run(["-y", "--page-size", "40", "-e", "dupes; mark 1-2", "."], in: temp.url)
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("mark: refused: that would put every copy of big1"), refused.stderr)
        let fromAbove = try CommandRunner.run(["-y", "--page-size", "40", "-e", "dupes; mark 1; back; mark c", "."], in: temp.url)
        XCTAssertEqual(fromAbove.status, 1)
        XCTAssertTrue(fromAbove.stderr.contains("mark: refused: that would put every copy of"), fromAbove.stderr)
    }

    /// A copy that changes after the plan was made, so the plan would take the
    /// group's last copy as compared: `marks` and `marks verify` say so.
    func testVerifySaysWhenTheCopyKeptChanged() throws {
        let temp = try makeTree()
        let result = try CommandRunner.run(
            ["-y", "--page-size", "40", "-e", "dupes; mark 1; ! echo more >> c/big2; marks verify", "."], in: temp.url)
        XCTAssertEqual(result.status, 1, result.text)
        XCTAssertTrue(result.text.contains("verify: the plan takes every copy of"), result.text)
        XCTAssertTrue(result.stderr.contains("marks verify: the plan takes the last copy of 1 group"), result.stderr)
    }

    /// The copies' header says what is left to gain: it falls as copies are
    /// marked, and says what the plan already holds.
    func testWhatIsLeftToGainFallsAsCopiesAreMarked() throws {
        let temp = try TemporaryTree.threeCopies(of: "copyright", contents: "same\n")
        let result = try CommandRunner.script("dupes; mark 2; list", in: temp, flags: ["-y"])
        XCTAssertTrue(result.text.contains("| dupes: 1 group, 10 bytes to gain |"), result.text)
        XCTAssertTrue(result.text.contains("| dupes: 1 group, 5 bytes to gain (5 bytes in the plan) |"), result.text)
    }
}

extension TemporaryTree {
    /// A tree of three folders `a`, `b` and `c`, each holding `name` with
    /// the same `contents`: one group of three copies.
    static func threeCopies(of name: String, contents: String) throws -> TemporaryTree {
        let temp = try TemporaryTree()
        for folder in ["a", "b", "c"] {
            try temp.folder(folder)
            temp.file(name, contents: contents, in: folder)
        }
        return temp
    }
}
