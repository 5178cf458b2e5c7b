import Foundation
import Glibc
import TestSupport
import XCTest

/// The deletion plan names exactly the files the table showed: through links
/// (`up`, `cd ..`, a `/bin -> usr/bin` layout), deeper than PATH_MAX, after a
/// path is replaced, and over random sessions of navigation and marks.
final class PlanIdentityEndToEndTests: XCTestCase {
    /// t/a/{victim.txt, x/f1, link -> ../real/sub}, t/real/{victim.txt, x/g1, sub/s1},
    /// with t under `base` (folders) in the temporary tree.
    private func makeLinkedTree(base: String = "") throws -> TemporaryTree {
        let temp = try TemporaryTree()
        let t = base + "t"
        for folder in ["a/x", "real/x", "real/sub"] { try temp.folder(t + "/" + folder) }
        temp.file("victim.txt", contents: "shown\n", in: t + "/a")
        temp.file("victim.txt", contents: "never shown here\n", in: t + "/real")
        temp.file("f1", in: t + "/a/x")
        temp.file("g1", in: t + "/real/x")
        temp.file("s1", in: t + "/real/sub")
        try temp.link(t + "/a/link", to: "../real/sub")
        return temp
    }

    func testUpAndCdDotDotAfterALinkGoToTheDirectoryHoldingTheLink() throws {
        let temp = try makeLinkedTree()
        let a = temp.path + "/t/a"
        let plan = temp.path + "/plan.sh"
        let result = try CommandRunner.script("cd t/a/link; up; info 2; mark 2; marks export \(plan) --sh", in: temp, pageSize: 50)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.text.contains("\(a) | 3 entries |"), result.text)
        XCTAssertTrue(result.text.contains("path:        \(a)/victim.txt\n"), result.text)
        XCTAssertTrue(result.text.contains("size:        6 bytes\n"), "info shows the file the path names")
        let shown = try XCTUnwrap(PathIdentity.of(a + "/victim.txt"))
        XCTAssertTrue(result.text.contains("inode:       \(shown.inode)\n"), result.text)
        let script = try String(contentsOfFile: plan, encoding: .utf8)
        XCTAssertTrue(script.contains("inode \(shown.inode), size 6,"), script)
        XCTAssertTrue(script.contains("rm -rf -- '\(a)/victim.txt'\n"), script)

        // cd .. and cd ../x are taken off the path walked, as a shell does.
        let dotDot = try CommandRunner.script("cd t/a/link; cd ..; pwd; cd link; cd ../x; pwd", in: temp, pageSize: 50)
        XCTAssertEqual(dotDot.status, 0, dotDot.stderr)
        XCTAssertTrue(dotDot.text.contains("\n\(a)\n"), dotDot.text)
        XCTAssertEqual(CommandResult.lastPage(dotDot.text), ["1 f1"], "t/a/x, not t/real/x")
        // pwd says where a directory reached through a link really is.
        let pwd = try CommandRunner.script("cd t/a/link; pwd", in: temp, pageSize: 50)
        XCTAssertTrue(pwd.text.hasSuffix("\(a)/link\nphysical: \(temp.path)/t/real/sub\n"), pwd.text)
        // The `..` row of a linked directory is what the kernel finds there; opening it goes up.
        let row = try CommandRunner.run(["-a", "-e", "cd t/a/link; info 2; open 2; pwd", "."], in: temp.url)
        XCTAssertTrue(row.text.contains("path:        \(a)/link/..\n"), row.text)
        XCTAssertTrue(row.text.contains("inode:       \(try XCTUnwrap(PathIdentity.of(temp.path + "/t/real")).inode)\n"), row.text)
        XCTAssertTrue(row.text.hasSuffix("\n\(a)\n"), row.text)
    }

    /// A `/bin -> usr/bin` layout: `cd bin; cd ..` is the root again, not
    /// `usr` under the root's name.
    func testBinLinkedToUsrBinComesBackToTheRoot() throws {
        let temp = try TemporaryTree()
        for folder in ["root/usr/bin", "root/usr/share/doc"] { try temp.folder(folder) }
        temp.file("tool", in: "root/usr/bin")
        try temp.link("root/bin", to: "usr/bin")
        let root = temp.path + "/root"
        let result = try CommandRunner.script("cd root/bin; cd ..; info 2; up; cd root/bin; up; open 2; pwd", in: temp, pageSize: 50)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.text.contains("\(root) | 2 entries |"), result.text)
        XCTAssertTrue(result.text.contains("path:        \(root)/usr\n"), result.text)
        XCTAssertTrue(result.text.contains("inode:       \(try XCTUnwrap(PathIdentity.of(root + "/usr")).inode)\n"))
        XCTAssertEqual(CommandResult.lastPage(result.text), ["1 bin >", "2 share >"])
        XCTAssertTrue(result.text.hasSuffix("\n\(root)/usr\n"), result.text)
        let missing = try CommandRunner.script("cd root/bin; cd ..; info 3", in: temp, pageSize: 50)
        XCTAssertEqual(missing.stderr, "filetable: line 3: info: no row 3 (rows are 1-2)\n")
    }

    /// 30 levels of 200-byte names (6 KiB, past PATH_MAX): marks, totals,
    /// verify and exports behave as at the top, and the exported paths are full.
    func testMarksDeeperThanPathMax() throws {
        let temp = try TemporaryTree()
        try temp.folder("deep")
        let names = (0..<30).map { String(format: "d%02d", $0) + String(repeating: "x", count: 197) }
        let deepest = try DeepTree.make(under: temp.path + "/deep", names: names, files: ["leaf.txt": "hello"], folder: "sub")
        XCTAssertGreaterThan(deepest.utf8.count, Int(PATH_MAX))
        let plan = temp.path + "/plan.json"
        let walk = "cd deep" + String(repeating: "; open 1", count: 30)
        let result = try CommandRunner.script(
            walk + "; mark 1; mark 1; marks --print; marks verify; marks export \(plan) --json", in: temp, pageSize: 50)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(result.text.contains("vanished"), result.text)
        XCTAssertTrue(result.text.contains("total: 1 file, 1 directory, 5 bytes,"), result.text)
        XCTAssertTrue(result.text.contains("verify: all 2 marked paths are as they were when marked"))
        let objects = try CommandResult.jsonObjects(inFile: plan)
        XCTAssertEqual(objects.count, 2)
        for object in objects {
            let path = object["path"] as! String
            XCTAssertTrue(path.hasPrefix(deepest + "/"), "the export writes the full path")
            XCTAssertEqual(PathIdentity.of(path)?.inode, object["inode"] as? UInt64)
        }
    }

    /// A mark whose path no longer leads to the marked file: `marks` says
    /// replaced, the export writes nothing, `marks prune` drops it; and a row
    /// whose level's path now leads elsewhere cannot be marked.
    func testAReplacedPathIsReportedAndNeverExported() throws {
        let temp = try makeLinkedTree()
        let plan = temp.path + "/plan.txt"
        let result = try CommandRunner.shell(
            """
            { echo 'cd t/a'; echo 'mark victim.txt'; sleep 1.5; echo 'marks --print'; echo '-marks export \(plan)'; echo 'marks prune'; \
              echo '-mark 1'; echo 'marks verify'; } | "$FILETABLE" --page-size 20 . & sleep 0.8
            mv t/a t/old; mkdir t/a; echo new > t/a/victim.txt; wait $!
            """, in: temp.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.text.contains("  victim.txt  (replaced (the path names a different file now))\n"), result.text)
        XCTAssertTrue(result.text.contains("replaced: 1 marked path names a different file now"), result.text)
        XCTAssertTrue(result.stderr.contains("marks export: 1 marked path no longer leads to the marked file; nothing written"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: plan))
        XCTAssertTrue(result.text.contains("marks prune: dropped 1 (0 in the plan"), result.text)
        XCTAssertTrue(result.stderr.contains("mark: \(temp.path)/t/a: this path no longer leads to the directory in the table"), result.stderr)
    }

    /// Totals say when directories inside a mark could not be read.
    func testUnreadableDirectoriesMakeTheTotalsALowerBound() throws {
        let temp = try TemporaryTree()
        try temp.folder("box/locked")
        try temp.folder("box/open")
        temp.file("a", contents: "1234", in: "box/open")
        temp.file("hidden", in: "box/locked")
        chmod(temp.path + "/box/locked", 0o000)
        let prefix = try CommandRunner.unprivilegedPrefix(reaching: temp)
        let result = try CommandRunner.shell("\(prefix)\"$FILETABLE\" -e 'mark 1; marks --print' .", in: temp.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.text.contains("1 directory could not be read; totals are a lower bound\n"), result.text)
        XCTAssertTrue(result.text.contains("total: 1 file, 3 directories, 4 bytes,"), result.text)
    }

    /// Batch mode neither asks before marking nor before quitting with marks.
    func testBatchModeNeverAsks() throws {
        let temp = try makeLinkedTree()
        let result = try CommandRunner.script("cd t; mark 1-2; quit; pwd", in: temp, pageSize: 50)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.text.contains("marked 2 (2 in the plan"), result.text)
        XCTAssertFalse(result.text.contains("[y/N]"))
        XCTAssertFalse(result.text.hasSuffix("\(temp.path)/t\n"), "quit ends the batch")
    }

    /// Random sessions of open, up, back and cd (through links, up a link to
    /// `..`, through a `/bin -> usr/bin` link) with `info N; mark N` pairs:
    /// every exported path resolves to the device and inode `info` showed for
    /// the row when it was marked.
    func testRandomSessionsExportExactlyWhatInfoShowed() throws {
        // Twenty folders above t keep a random walk of `up`s inside the temporary tree.
        let base = String(repeating: "n/", count: 20)
        let temp = try makeLinkedTree(base: base)
        try temp.folder(base + "t/real/sub/deeper")
        temp.file("d1", in: base + "t/real/sub/deeper")
        temp.file("s2", contents: "22", in: base + "t/real/sub")
        try temp.link(base + "t/a/up", to: "..")
        try temp.folder(base + "t/usr/bin")
        try temp.folder(base + "t/usr/lib")
        temp.file("tool", in: base + "t/usr/bin")
        temp.file("lib.so", in: base + "t/usr/lib")
        try temp.link(base + "t/bin", to: "usr/bin")
        let t = temp.path + "/" + base + "t"
        let moves = [
            "open 1", "open 2", "open 3", "open 4", "up", "back", "cd a/link", "cd ../x", "cd ..",
            "cd \(t)/bin", "cd ../real/sub", "cd \(t)/a/up/a", "cd \(t)/a/link/..",
        ]
        for seed in 1...24 {
            var random = SplitMix(seed: UInt64(seed))
            var commands: [String] = []
            for _ in 0..<50 {
                if random.next(below: 3) == 0 {
                    let row = 1 + random.next(below: 5)
                    commands += ["info \(row)", "mark \(row)"]
                } else {
                    commands.append(moves[random.next(below: moves.count)])
                }
            }
            let plan = temp.path + "/plan-\(seed).json"
            commands.append("marks export \(plan) --json")
            let script = commands.map { "-" + $0 }.joined(separator: "\n") + "\n"
            let batch = temp.path + "/session-\(seed).txt"
            try script.write(toFile: batch, atomically: true, encoding: .utf8)
            let result = try CommandRunner.run(["--page-size", "50", "-b", batch, t], in: temp.url)
            XCTAssertEqual(result.status, 0, result.stderr)
            let marked = Self.markedRows(in: result.text)
            XCTAssertTrue(marked.keys.allSatisfy { $0.hasPrefix(temp.path + "/") }, "seed \(seed): a walk left the tree")
            guard !marked.isEmpty else { continue }
            let objects = try CommandResult.jsonObjects(inFile: plan)
            XCTAssertEqual(objects.count, marked.count, "seed \(seed): \(script)")
            for object in objects {
                let path = object["path"] as! String
                let identity = PathIdentity.of(path)
                XCTAssertEqual(marked[path], identity, "seed \(seed): \(path) was not shown as the file it names")
                XCTAssertEqual(identity?.inode, object["inode"] as? UInt64, "seed \(seed): \(path)")
                XCTAssertEqual(identity?.device, object["device"] as? UInt64, "seed \(seed): \(path)")
            }
        }
    }

    /// The identity `info` showed for each row that `mark` then marked: an
    /// info block followed at once by `marked 1`.
    private static func markedRows(in text: String) -> [String: PathIdentity] {
        var marked: [String: PathIdentity] = [:]
        let lines = text.components(separatedBy: "\n")
        var index = 0
        while index < lines.count {
            guard lines[index].hasPrefix("path:") else {
                index += 1
                continue
            }
            let path = String(lines[index].dropFirst(5).drop { $0 == " " })
            var fields: [String: String] = [:]
            index += 1
            while index < lines.count, !lines[index].hasPrefix("path:"), let colon = lines[index].firstIndex(of: ":"),
                lines[index][..<colon].allSatisfy({ $0.isLetter })
            {
                fields[String(lines[index][..<colon])] = String(lines[index][lines[index].index(after: colon)...].drop { $0 == " " })
                index += 1
            }
            if index < lines.count, lines[index].hasPrefix("marked 1 ("),
                let device = fields["device"].flatMap({ UInt64($0) }), let inode = fields["inode"].flatMap({ UInt64($0) })
            {
                marked[path] = PathIdentity(device: device, inode: inode)
            }
        }
        return marked
    }
}

/// A small deterministic generator, so a failing session can be replayed by its seed.
struct SplitMix {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func next(below bound: Int) -> Int { Int(next() % UInt64(bound)) }
}

/// The test's own oracle for what a path names: each component looked up
/// with `openat` from the one before (links followed on the way), the last
/// one not followed. Independent of filetable's code, and of PATH_MAX.
struct PathIdentity: Equatable {
    let device: UInt64
    let inode: UInt64

    static func of(_ path: String) -> PathIdentity? {
        let parts = path.split(separator: "/").map(String.init)
        guard path.hasPrefix("/"), let last = parts.last else { return nil }
        var fd = open("/", 0o10000000 | O_DIRECTORY)
        defer { close(fd) }
        for part in parts.dropLast() {
            let next = openat(fd, part, 0o10000000 | O_DIRECTORY)
            guard next >= 0 else { return nil }
            close(fd)
            fd = next
        }
        var status = stat()
        guard fstatat(fd, last, &status, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        return PathIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }
}

/// Builds a chain of directories too deep for one path, by `mkdirat` and
/// `openat` from the one before; puts files and a folder at the bottom.
enum DeepTree {
    static func make(under base: String, names: [String], files: [String: String], folder: String) throws -> String {
        var fd = open(base, O_RDONLY | O_DIRECTORY)
        guard fd >= 0 else { throw CocoaError(.fileNoSuchFile) }
        defer { close(fd) }
        for name in names {
            guard mkdirat(fd, name, 0o755) == 0 else { throw CocoaError(.fileWriteUnknown) }
            let next = openat(fd, name, O_RDONLY | O_DIRECTORY)
            close(fd)
            fd = next
        }
        for (name, contents) in files {
            let file = openat(fd, name, O_CREAT | O_WRONLY, 0o644)
            _ = contents.withCString { write(file, $0, strlen($0)) }
            close(file)
        }
        mkdirat(fd, folder, 0o755)
        return ([base] + names).joined(separator: "/")
    }
}
