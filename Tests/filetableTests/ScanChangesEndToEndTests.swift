import Foundation
import TestSupport
import XCTest

/// `--du --save FILE` keeps a scan; `--du --since FILE` says what changed
/// since: new, removed, grown and shrunk entries, largest growth first, the
/// totals on standard error. A damaged scan or one of another tree is
/// refused with a line naming why.
final class ScanChangesEndToEndTests: XCTestCase {
    private func tree() throws -> TemporaryTree {
        let temp = try TemporaryTree.inMemory()
        let made = try CommandRunner.shell(
            "mkdir -p t/a t/b t/keep && head -c 100000 /dev/zero > t/a/f1 && head -c 5000 /dev/zero > t/b/g && echo same > t/keep/k",
            in: temp.url)
        XCTAssertEqual(made.status, 0, made.stderr)
        return temp
    }

    /// The first column's sign, the files, the state and the path of each line.
    private func shape(_ text: String) -> [String] {
        text.split(separator: "\n").map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            return "\(fields[0].first!) \(fields[1]) \(fields[2]) \(fields[3])"
        }
    }

    func testWhatChangedSinceASavedScan() throws {
        let temp = try tree()
        let saved = try CommandRunner.run(["--du", "--save", "scan", "t"], in: temp.url)
        XCTAssertEqual(saved.status, 0, saved.stderr)
        XCTAssertEqual(saved.text.components(separatedBy: "\n").last(where: { !$0.isEmpty })?.hasSuffix("\tt"), true, "du's lines as ever")
        _ = try CommandRunner.shell("head -c 300000 /dev/zero > t/a/f2 && rm t/b/g && mkdir t/c && echo hi > t/c/new", in: temp.url)
        let since = try CommandRunner.run(["--du", "--since", "scan", "t"], in: temp.url)
        XCTAssertEqual(since.status, 0, since.stderr)
        XCTAssertEqual(shape(since.text), ["+ +1 grown t/a", "+ +1 new t/c", "- -1 shrunk t/b", "+ +1 total t"])
        XCTAssertTrue(since.stderr.hasPrefix("since ") && since.stderr.contains("1 new, 0 removed"), since.stderr)
        XCTAssertTrue(since.stderr.contains(" KiB"), "in words when no unit was asked: \(since.stderr)")
        // The summary speaks the unit the lines were asked in (it said KiB after -h's 296K).
        let human = try CommandRunner.run(["--du", "--since", "scan", "-h", "t"], in: temp.url)
        XCTAssertTrue(human.stderr.contains("grew by 296K,") || human.stderr.contains("grew by 300K,"), human.stderr)
        XCTAssertFalse(human.stderr.contains("KiB"), human.stderr)
        // Every entry with -a; the unchanged directory is never listed.
        let all = try CommandRunner.run(["--du", "--since", "scan", "-a", "t"], in: temp.url)
        XCTAssertEqual(
            shape(all.text),
            ["+ +1 grown t/a", "+ +1 new t/a/f2", "+ +1 new t/c", "+ +1 new t/c/new", "- -1 shrunk t/b", "- -1 removed t/b/g", "+ +1 total t"])
        let json = try CommandRunner.run(["--du", "--since", "scan", "--json", "t"], in: temp.url).text
        XCTAssertTrue(json.hasPrefix(#"{"path":"t/a","state":"grown","type":"directory","disk_bytes_then":"#), json)
        XCTAssertTrue(json.contains(#""files_then":1,"files_now":2}"#), json)
        // --save with --since keeps the new scan: nothing changed since then.
        _ = try CommandRunner.run(["--du", "--since", "scan", "--save", "scan", "t"], in: temp.url)
        XCTAssertEqual(shape(try CommandRunner.run(["--du", "--since", "scan", "t"], in: temp.url).text), ["+ +0 total t"])
    }

    func testScansAreRefusedWithTheReason() throws {
        let temp = try tree()
        _ = try CommandRunner.run(["--du", "--save", "scan", "t"], in: temp.url)
        let other = try CommandRunner.run(["--du", "--since", "scan", "t/a"], in: temp.url)
        XCTAssertEqual(other.status, 1, "du's status for any failure")
        XCTAssertEqual(
            other.stderr,
            "filetable: scan is a scan of \(temp.path)/t, not of \(temp.path)/t/a; --since compares a tree with its own earlier scan (--compare A B compares two trees)\n"
        )
        _ = try CommandRunner.shell("head -c 30 scan > cut; printf 'hello' > text", in: temp.url)
        let cut = try CommandRunner.run(["--du", "--since", "cut", "t"], in: temp.url)
        XCTAssertEqual(cut.status, 1, "du's status for any failure")
        XCTAssertTrue(cut.stderr.hasPrefix("filetable: cut: at byte ") && cut.stderr.contains("(a truncated file)"), cut.stderr)
        let text = try CommandRunner.run(["--du", "--since", "text", "t"], in: temp.url)
        XCTAssertEqual(
            text.stderr, "filetable: text: at byte 0: not a scan filetable saved (it starts FTSCAN1; save one with --du --save FILE)\n")
        // --save writes a new file or replaces a saved scan, nothing else (checked before the scan).
        let clobber = try CommandRunner.run(["--du", "--save", "text", "t"], in: temp.url)
        XCTAssertEqual(clobber.status, 1, "du's status for any failure")
        XCTAssertEqual(clobber.text, "")
        XCTAssertEqual(clobber.stderr, "filetable: text: exists and is not a saved scan; name a new file\n")
        XCTAssertEqual(try String(contentsOf: temp.url.appendingPathComponent("text"), encoding: .utf8), "hello")
        let two = try CommandRunner.run(["--du", "--since", "scan", "t", "t/a"], in: temp.url)
        XCTAssertEqual(two.stderr, "filetable: --since compares one PATH with its saved scan; give one\n")
    }

    /// The saved scan stays small: under 40 bytes an entry.
    func testASavedScanIsCompact() throws {
        let temp = try TemporaryTree.inMemory()
        _ = try CommandRunner.shell(
            "for d in $(seq 1 20); do mkdir -p big/dir-$d; for f in $(seq 1 100); do : > big/dir-$d/file-$f.txt; done; done", in: temp.url)
        XCTAssertEqual(try CommandRunner.run(["--du", "--save", "scan", "big"], in: temp.url).status, 0)
        let size = try FileManager.default.attributesOfItem(atPath: temp.url.appendingPathComponent("scan").path)[.size] as? Int ?? 0
        XCTAssertLessThan(size, 40 * 2020, "\(size) bytes for 2,020 entries")
    }

    /// A scan is written as it is encoded, yet appears whole or not at all:
    /// a write that fails midway (`ulimit -f`) leaves no file and no
    /// temporary one, and an earlier saved scan as it was.
    func testASaveThatCannotBeWrittenLeavesNothingBehind() throws {
        try XCTSkipIf(CommandRunner.executable.path.contains(".build-thread"), "skipped under ThreadSanitizer: its runtime dies under ulimit -f")
        let temp = try TemporaryTree.inMemory()
        _ = try CommandRunner.shell(
            "for d in $(seq 1 20); do mkdir -p big/dir-$d; for f in $(seq 1 100); do : > big/dir-$d/file-$f.txt; done; done", in: temp.url)
        let failed = try CommandRunner.shell("ulimit -f 8; \"$FILETABLE\" --du --save scan big", in: temp.url)
        XCTAssertNotEqual(failed.status, 0)
        XCTAssertTrue(failed.stderr.hasPrefix("filetable: scan: "), failed.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temp.path).sorted(), ["big"])
        // An earlier scan stays whole when its replacement cannot be written.
        _ = try CommandRunner.run(["--du", "--save", "scan", "big/dir-1"], in: temp.url)
        let before = FileManager.default.contents(atPath: temp.path + "/scan")
        XCTAssertNotEqual(try CommandRunner.shell("ulimit -f 8; \"$FILETABLE\" --du --save scan big", in: temp.url).status, 0)
        XCTAssertEqual(FileManager.default.contents(atPath: temp.path + "/scan"), before)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temp.path).sorted(), ["big", "scan"])
    }

    /// At the prompt: `du --save FILE` keeps the level's scan, `du --since
    /// FILE` opens a level of what changed, growth first, and `mark new`
    /// marks what appeared; a removed entry is a row with its figures.
    func testSinceAtThePrompt() throws {
        let temp = try tree()
        let saved = try CommandRunner.run(["-e", "du --save ../scan"], in: temp.url.appendingPathComponent("t"))
        XCTAssertEqual(saved.status, 0, saved.stderr)
        XCTAssertTrue(saved.text.contains("du --save: the scan of \(temp.path)/t kept in ../scan ("), saved.text)
        _ = try CommandRunner.shell("head -c 300000 /dev/zero > t/a/f2 && rm -r t/b && mkdir t/c && echo hi > t/c/new", in: temp.url)
        let since = try CommandRunner.run(
            ["--page-size", "30", "-e", "du --since ../scan; info b; mark new; marks --print"], in: temp.url.appendingPathComponent("t"))
        XCTAssertEqual(since.status, 0, since.stderr)
        let lines = since.text.components(separatedBy: "\n")
        let header = try XCTUnwrap(lines.first { $0.contains(" | since ") })
        XCTAssertTrue(header.hasPrefix("\(temp.path)/t | since ") && header.contains(": 3 changes | +"), header)
        let rows = lines.drop { !$0.contains(" | since ") }.dropFirst().prefix(3).map { $0.split(separator: " ").map(String.init) }
        XCTAssertEqual(rows.map { $0.dropFirst(2).joined(separator: " ") }, ["+1 grown a >", "+1 new c >", "-1 removed b >"])
        XCTAssertTrue(since.text.contains("error:  No such file or directory\nchange: removed\nthen:   "), since.text)
        XCTAssertTrue(since.text.contains("\(temp.path)/t:\n  c/\ntotal: 1 file, 1 directory"), since.text)
        // A directory that changed opens on what changed inside it; back returns.
        let inside = try CommandRunner.run(["-e", "du --since ../scan; open a; back; pwd"], in: temp.url.appendingPathComponent("t"))
        XCTAssertEqual(inside.status, 0, inside.stderr)
        XCTAssertTrue(inside.text.contains("\(temp.path)/t/a | since ") && inside.text.contains(": 1 change | +"), inside.text)
        XCTAssertTrue(inside.text.contains(" +1 new f2\n"), inside.text)
        // Its own orders: the largest shrink first, what each takes now; a directory's table refuses them.
        let orders = try CommandRunner.run(
            ["-e", "du --since ../scan; sort shrink; sort now; back; sort shrink"], in: temp.url.appendingPathComponent("t"))
        let pages = orders.text.components(separatedBy: " | since ").dropFirst(2).map {
            $0.split(separator: "\n").dropFirst().prefix(3).map { String($0.split(separator: " ").last { $0 != ">" } ?? "") }
        }
        XCTAssertEqual(pages.first, ["b", "c", "a"], "the largest shrink first, the largest growth last: \(orders.text)")
        XCTAssertEqual(pages.last?.first, "a", "a takes the most now: \(orders.text)")
        XCTAssertTrue(
            orders.text.contains(" | sort growth | ") && orders.text.contains(" | sort shrink | "), "the header says the order: \(orders.text)")
        XCTAssertTrue(
            orders.stderr.contains("sort: 'shrink' orders a table of changes ('du --since FILE'); this one lists a directory"), orders.stderr)
        let other = try CommandRunner.run(["-e", "du --since ../../scan"], in: temp.url.appendingPathComponent("t/a"))
        XCTAssertEqual(other.status, 1)
        XCTAssertTrue(other.stderr.contains("du --since: ../../scan is a scan of \(temp.path)/t, not of this level (\(temp.path)/t/a)"), other.stderr)
    }

    /// `--save-format ncdu` writes ncdu's export (valid JSON, checked with
    /// python3 and with ncdu where installed), and `--since` reads it back.
    func testNcduExportsBothWays() throws {
        let temp = try tree()
        let saved = try CommandRunner.run(["--du", "--save", "scan.json", "--save-format", "ncdu", "t"], in: temp.url)
        XCTAssertEqual(saved.status, 0, saved.stderr)
        let text = try String(contentsOf: temp.url.appendingPathComponent("scan.json"), encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("[1,2,{\"progname\":\"filetable\""), text)
        XCTAssertTrue(text.contains("\n[{\"name\":\"\(temp.path)/t\",\"asize\":"), text)
        if CommandRunner.isInstalled("python3") {
            let parsed = try CommandRunner.shell(
                "python3 -c 'import json; d = json.load(open(\"scan.json\")); print(d[0], d[3][0][\"name\"])'", in: temp.url)
            XCTAssertEqual(parsed.text, "1 \(temp.path)/t\n")
        }
        if CommandRunner.isInstalled("ncdu") {
            XCTAssertEqual(try CommandRunner.shell("ncdu -f scan.json -o - > /dev/null", in: temp.url).status, 0, "ncdu reads it")
        }
        _ = try CommandRunner.shell("head -c 300000 /dev/zero > t/a/f2", in: temp.url)
        let since = try CommandRunner.run(["--du", "--since", "scan.json", "t"], in: temp.url)
        XCTAssertEqual(since.status, 0, since.stderr)
        XCTAssertEqual(shape(since.text), ["+ +1 grown t/a", "+ +1 total t"])
    }

    /// `--du --load FILE` lists a kept scan as `--du` lists the tree (under
    /// its absolute path), `-a`, `-s` and `-d N` alike, without reading the
    /// tree; an ncdu export loads the same, and `--save` converts it; a PATH
    /// with it, or `-S`, is refused with the reason.
    func testLoadListsAKeptScanAsDuListsTheTree() throws {
        let temp = try tree()
        let root = temp.path + "/t"
        XCTAssertEqual(try CommandRunner.run(["--du", "--save", "scan", "t"], in: temp.url).status, 0)
        XCTAssertEqual(try CommandRunner.run(["--du", "--save", "export.json", "--save-format", "ncdu", "t"], in: temp.url).status, 0)
        for letters in [[], ["-a"], ["-s"], ["-d", "1"], ["-a", "-h"], ["--inodes"]] {
            let scanned = try CommandRunner.run(["--du"] + letters + [root], in: temp.url)
            // du's shapes go in walk order: the scan's as read, the kept scan's by name; the same lines.
            let walks = letters.contains("-a") || letters.contains("-s") || letters.contains("-d")
            for file in ["scan", "export.json"] {
                let loaded = try CommandRunner.run(["--du"] + letters + ["--load", file], in: temp.url)
                XCTAssertEqual(loaded.status, 0, loaded.stderr)
                if walks {
                    XCTAssertEqual(
                        Set(loaded.text.split(separator: "\n")), Set(scanned.text.split(separator: "\n")), "--du \(letters) --load \(file)")
                } else {
                    XCTAssertEqual(loaded.text, scanned.text, "--du \(letters) --load \(file)")
                }
            }
        }
        // A kept scan's walk: each directory's entries by name, a directory after them.
        let walked = try CommandRunner.run(["--du", "-a", "--load", "scan"], in: temp.url).text.split(separator: "\n").map {
            String($0.split(separator: "\t").last!.dropFirst(root.count))
        }
        XCTAssertEqual(walked.last, "", "the root last")
        for (index, path) in walked.enumerated() where !path.isEmpty {
            XCTAssertFalse(walked[(index + 1)...].contains { $0.hasPrefix(path + "/") }, "\(path) comes after what it holds: \(walked)")
        }
        // The tree may be gone: the scan is all it reads.
        _ = try CommandRunner.shell("rm -r t", in: temp.url)
        let converted = try CommandRunner.run(["--du", "-a", "--load", "export.json", "--save", "again"], in: temp.url)
        XCTAssertEqual(converted.status, 0, converted.stderr)
        XCTAssertEqual(try CommandRunner.run(["--du", "-a", "--load", "again"], in: temp.url).text, converted.text)
        let withPath = try CommandRunner.run(["--du", "--load", "scan", "t"], in: temp.url)
        XCTAssertEqual(withPath.status, 1, "du's status for any failure")
        XCTAssertTrue(withPath.stderr.contains("--load lists the kept scan of the tree it names; give no PATH"), withPath.stderr)
        let separate = try CommandRunner.run(["--du", "-S", "--load", "scan"], in: temp.url)
        XCTAssertEqual(separate.status, 1, "du's status for any failure")
        let damaged = try CommandRunner.run(["--du", "--load", "nope"], in: temp.url)
        XCTAssertEqual(damaged.status, 1, "du's status for any failure")
        XCTAssertTrue(damaged.stderr.hasPrefix("filetable: nope: "), damaged.stderr)
    }

    /// Opening a directory removed since the scan shows what it held, from
    /// the scan (it said the directory was not on disk), and further down.
    func testARemovedDirectoryOpensAsWhatItHeld() throws {
        let temp = try TemporaryTree()
        try temp.folder("gone/inner")
        temp.file("f1", contents: "a", in: "gone")
        temp.file("f2", contents: "b", in: "gone/inner")
        let scan = temp.path + "/../removed-\(UUID().uuidString).scan"
        defer { try? FileManager.default.removeItem(atPath: scan) }
        _ = try CommandRunner.run(["-e", "du --save \(scan)", temp.path])
        try FileManager.default.removeItem(atPath: temp.path + "/gone")
        let opened = try CommandRunner.run(["-e", "du --since \(scan); open gone; open inner; info 1", temp.path])
        XCTAssertEqual(opened.status, 0, opened.stderr)
        XCTAssertTrue(opened.text.contains("\(temp.path)/gone | since "), opened.text)
        XCTAssertTrue(opened.text.contains("removed f1\n") && opened.text.contains("removed inner >"), opened.text)
        XCTAssertTrue(opened.text.contains("\(temp.path)/gone/inner | since ") && opened.text.contains("removed f2\n"), opened.text)
        XCTAssertTrue(opened.text.contains("path:   \(temp.path)/gone/inner/f2\nerror:  No such file or directory\nchange: removed"), opened.text)
    }
}
