import Foundation
import TestSupport
import XCTest

/// Editing mode and simulated deletion in scripted sessions.
final class MarksEndToEndTests: XCTestCase {
    /// app.log, b.txt, c.log, docs/ (guide.md, notes.md), keep.txt, z.log
    private func makeTree() throws -> TemporaryTree {
        let temp = try TemporaryTree()
        try temp.folder("docs")
        for (name, size) in [("app.log", 100), ("b.txt", 20), ("c.log", 300), ("keep.txt", 1), ("z.log", 7)] {
            temp.file(name, contents: String(repeating: "x", count: size))
        }
        temp.file("guide.md", contents: "guide\n", in: "docs")
        temp.file("notes.md", contents: "notes\n", in: "docs")
        return temp
    }

    func testMarkByNumberRangeListGlobAndAllRenumbersTheRest() throws {
        let temp = try makeTree()
        let byNumber = try CommandRunner.script("mark 2", in: temp, pageSize: 20)
        XCTAssertEqual(CommandResult.lastPage(byNumber.text), ["1 app.log", "2 c.log", "3 docs >", "4 keep.txt", "5 z.log"])
        let byRangeAndList = try CommandRunner.script("mark 1-2,6", in: temp, pageSize: 20)
        XCTAssertEqual(CommandResult.lastPage(byRangeAndList.text), ["1 c.log", "2 docs >", "3 keep.txt"])
        let byGlob = try CommandRunner.script("mark *.log", in: temp, pageSize: 20)
        XCTAssertEqual(CommandResult.lastPage(byGlob.text), ["1 b.txt", "2 docs >", "3 keep.txt"])
        let everything = try CommandRunner.script("filter *.txt; mark all; filter; list", in: temp, pageSize: 20)
        XCTAssertEqual(CommandResult.lastPage(everything.text), ["1 app.log", "2 c.log", "3 docs >", "4 z.log"])
        let bad = try CommandRunner.script("mark 99", in: temp, pageSize: 20)
        XCTAssertEqual(bad.stderr, "filetable: line 1: mark: no row 99 (rows are 1-6)\n")
        let dot = try CommandRunner.script("mark 1", in: temp, pageSize: 20, flags: ["-a"])
        XCTAssertEqual(dot.stderr, "filetable: line 1: mark: row 1 (.) cannot be marked\n")
    }

    func testAnEmptiedSectionDisappears() throws {
        let temp = try makeTree()
        let result = try CommandRunner.script("group kind; mark 1", in: temp, pageSize: 20)
        XCTAssertTrue(result.text.contains("== Folders ==\n1 docs >\n-- 1 entry --\n== Files ==\n2 app.log"))
        let after = result.text.components(separatedBy: "marked 1").last ?? ""
        XCTAssertFalse(after.contains("Folders"), after)
        XCTAssertTrue(after.contains("== Files ==\n1 app.log\n"))
    }

    func testShowMarkedUnmarkAndUndoDepth() throws {
        let temp = try makeTree()
        let result = try CommandRunner.script(
            "mark 1; mark 1; mark 1; show marked; edit; unmark 1; undo; undo; undo; undo; hide marked; list", in: temp, pageSize: 20)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(
            result.text.contains("| page 1 of 1 | editing | marked shown\n1 D   app.log\n2 D   b.txt\n3 D   c.log\n4 (-) docs >\n"), result.text)
        XCTAssertTrue(result.text.contains("unmarked 1 (2 in the plan)"))
        XCTAssertTrue(result.text.contains("undo: marked 1 again (3 in the plan)"))
        XCTAssertTrue(result.text.contains("undo: unmarked 1 (0 in the plan)"))
        XCTAssertEqual(CommandResult.lastPage(result.text).count, 6, "every mark was undone")
        let tooFar = try CommandRunner.script("mark 1; undo; undo", in: temp, pageSize: 20)
        XCTAssertEqual(tooFar.stderr, "filetable: line 3: undo: nothing to undo\n")
        let hidden = try CommandRunner.script("mark 1; unmark 1", in: temp, pageSize: 20)
        XCTAssertEqual(hidden.stderr, "filetable: line 2: unmark: marked rows are hidden; 'show marked' first\n")
    }

    func testMarksSurviveNavigationReloadSortingAndCoverSubtrees() throws {
        let temp = try makeTree()
        let result = try CommandRunner.script(
            "mark 1; sort size; open 1; back; reload; sort name; show marked; mark 4; open 4; hide marked; list; show marked", in: temp, pageSize: 20)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.text.contains("reloaded: +0 -0"))
        let afterReload = result.text.components(separatedBy: "reloaded: +0 -0\n")[1].components(separatedBy: "-- ")[0]
        XCTAssertTrue(afterReload.contains("sort size"), afterReload)
        XCTAssertFalse(afterReload.contains("app.log"), "the mark survived open, back, reload and sorting")
        // Inside the marked docs/ every row is marked.
        XCTAssertTrue(result.text.contains("(every entry left here is marked; 'show marked' shows them)"))
        XCTAssertEqual(CommandResult.lastPage(result.text), ["1 D guide.md", "2 D notes.md"])
        let vanished = try CommandRunner.shell(
            """
            { echo 'mark z.log'; sleep 1.5; echo reload; echo marks --print; } | "$FILETABLE" --page-size 20 . & sleep 0.8; rm z.log; wait $!
            """, in: temp.url)
        XCTAssertTrue(vanished.text.contains("reload: marked but gone: z.log (kept in the plan as vanished)"), vanished.text)
        XCTAssertTrue(vanished.text.contains("  z.log  (vanished)\nvanished: 1 marked path no longer exists\n"))
    }

    func testTotalsCountEachInodeOnceWithHardLinksNestedMarksAndSymlinks() throws {
        let temp = try makeTree()
        _ = try CommandRunner.shell("ln app.log docs/hardlink-to-app; ln -s keep.txt link", in: temp.url)
        // docs/ holds guide.md (6), notes.md (6) and a hard link to app.log (100).
        let result = try CommandRunner.script("cd docs; mark guide.md; back; mark docs app.log link; marks --print", in: temp, pageSize: 20)
        XCTAssertEqual(result.status, 0, result.stderr)
        let expectedBytes = 6 + 6 + 100 + 8
        let du = try CommandRunner.shell("du -sk --apparent-size docs >/dev/null; du -skc docs app.log link | tail -1 | cut -f1", in: temp.url)
        XCTAssertTrue(result.text.contains("\n\(temp.path):\n  app.log\n  docs/\n  link\n\(temp.path)/docs:\n  guide.md\n"), result.text)
        XCTAssertTrue(
            result.text.contains(
                "total: 4 files, 1 directory, \(expectedBytes) bytes, \(du.text.trimmingCharacters(in: .whitespacesAndNewlines)) KiB on disk\n"),
            result.text)
    }

    func testExportsReadBack() throws {
        let temp = try makeTree()
        let odd: [UInt8] = Array("it's \"odd\"\n".utf8) + [0xFF] + Array(" $(x)".utf8)
        temp.file(odd, contents: "odd")
        let plan = temp.path + "/../plan-\(UUID().uuidString)"
        defer { for suffix in ["", ".json", ".sh"] { try? FileManager.default.removeItem(atPath: plan + suffix) } }
        let result = try CommandRunner.script(
            "mark all; marks export \(plan); marks export \(plan).json --json; marks export \(plan).sh --sh", in: temp, pageSize: 20, flags: ["-A"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let names = try FileManager.default.contentsOfDirectory(atPath: temp.path).count
        // NUL list
        let list = try Data(contentsOf: URL(fileURLWithPath: plan)).split(separator: 0).map { Array($0) }
        XCTAssertEqual(list.count, names)
        XCTAssertTrue(list.contains(Array(temp.path.utf8) + [0x2F] + odd))
        // JSON
        let objects = try CommandResult.jsonObjects(inFile: plan + ".json")
        XCTAssertEqual(objects.count, names)
        let appLog = objects.first { ($0["path"] as? String) == temp.path + "/app.log" }
        XCTAssertEqual(appLog?["type"] as? String, "file")
        XCTAssertEqual(appLog?["size"] as? Int, 100)
        XCTAssertNotNil(appLog?["inode"] as? Int)
        XCTAssertNotNil(objects.first { $0["path_hex"] != nil })
        // The script: it names bash (a path holds a newline and a byte that is
        // not UTF-8, so it is written $'…'), holds no control byte to `cat`,
        // has valid syntax, and every quoted path reads back to the real name.
        let script = try Data(contentsOf: URL(fileURLWithPath: plan + ".sh"))
        XCTAssertTrue(script.starts(with: Array("#!/usr/bin/env bash\n".utf8)))
        XCTAssertFalse(script.contains { ($0 < 0x20 && $0 != 0x0A) || $0 == 0x7F || $0 >= 0x80 }, "raw control or non-ASCII bytes in the script")
        let syntax = try CommandRunner.shell("bash -n '\(plan).sh'")
        XCTAssertEqual(syntax.status, 0, syntax.stderr)
        // Run the script with rm replaced by a function that prints its operands.
        let quoted = try CommandRunner.shell("bash -c 'rm() { shift 2; printf \"%s\\0\" \"$@\"; }; . \"$0\"' '\(plan).sh'")
        XCTAssertEqual(Set(quoted.stdout.split(separator: 0).map { Array($0) }), Set(list))
        // An existing file is kept unless --force.
        let again = try CommandRunner.script("mark 1; marks export \(plan)", in: temp, pageSize: 20)
        XCTAssertEqual(again.status, 1)
        XCTAssertTrue(again.stderr.contains("exists; add --force to replace it"), again.stderr)
        let forced = try CommandRunner.script("mark 1; marks export \(plan) --force", in: temp, pageSize: 20)
        XCTAssertEqual(forced.status, 0, forced.stderr)
    }

    func testVerifyAfterAChangeAndAReplacement() throws {
        let temp = try makeTree()
        let clean = try CommandRunner.script("mark 1 2; marks verify", in: temp, pageSize: 20)
        XCTAssertTrue(clean.text.contains("verify: all 2 marked paths are as they were when marked"))
        let result = try CommandRunner.shell(
            """
            { echo 'mark app.log b.txt c.log'; sleep 1.5; echo 'marks verify'; } | "$FILETABLE" --page-size 20 . & sleep 0.8
            echo more >> app.log; echo new > b.new; mv b.new b.txt; wait $!
            """, in: temp.url)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.text.contains("\(temp.path)/app.log: changed (size 100 -> 105"), result.text)
        XCTAssertTrue(result.text.contains("\(temp.path)/b.txt: replaced (the path names a different file now)\n"))
        XCTAssertFalse(result.text.contains("c.log:"))
        XCTAssertTrue(result.stderr.contains("marks verify: 2 of 3 marked paths differ from their snapshot"))
    }
}
