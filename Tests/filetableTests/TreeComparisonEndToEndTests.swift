import Foundation
import TestSupport
import XCTest

/// Two trees compared: `filetable --compare A B` prints `diff -rq A B`'s
/// lines, order and status (checked against diff where installed, and
/// against the lines diff printed for this tree otherwise), and `compare
/// PATH` at the prompt is a level of the differences.
final class TreeComparisonEndToEndTests: XCTestCase {
    /// Two trees with every kind of difference diff -rq names.
    private func twoTrees() throws -> TemporaryTree {
        let temp = try TemporaryTree.inMemory()
        let made = try CommandRunner.shell(
            """
            mkdir -p a/sub/deep b/sub/deep a/onlya b/onlyb a/t b/t
            echo 1 > a/same; echo 1 > b/same; echo 1 > a/diff; echo 2 > b/diff
            echo x > a/sub/deep/f; echo y > b/sub/deep/f; echo q > a/sub/only
            touch a/t/x; mkdir b/t/x; touch a/empty; echo z > b/empty
            mkfifo a/fifo b/fifo; ln -s same a/link; ln -s diff b/link
            echo 1 > a/B; echo 1 > b/a_; printf 'same bytes' > a/sub/deep/g; printf 'same bytes' > b/sub/deep/g
            """, in: temp.url)
        XCTAssertEqual(made.status, 0, made.stderr)
        return temp
    }

    private static let expected = """
        Only in a: B
        Only in b: a_
        Files a/diff and b/diff differ
        Files a/empty and b/empty differ
        File a/fifo is a fifo while file b/fifo is a fifo
        Files a/link and b/link differ
        Only in a: onlya
        Only in b: onlyb
        Files a/sub/deep/f and b/sub/deep/f differ
        Only in a/sub: only
        File a/t/x is a regular empty file while file b/t/x is a directory

        """

    func testCompareIsDiffRq() throws {
        let temp = try twoTrees()
        let ours = try CommandRunner.run(["--compare", "a", "b"], in: temp.url)
        XCTAssertEqual(ours.text, Self.expected)
        XCTAssertEqual(ours.status, 1, "differences: status 1, as diff")
        XCTAssertEqual(ours.stderr, "")
        if CommandRunner.isInstalled("diff") {
            for operands in [["a", "b"], ["a/", "b/"], ["./a", "b/sub"], ["b", "a"]] {
                let theirs = try CommandRunner.shell("diff -rq \(operands.joined(separator: " "))", in: temp.url)
                let mine = try CommandRunner.run(["--compare"] + operands, in: temp.url)
                XCTAssertEqual(mine.text, theirs.text, "diff -rq \(operands)")
                XCTAssertEqual(mine.status, theirs.status, "diff -rq \(operands)")
            }
        }
        // The same tree: nothing, status 0.
        let same = try CommandRunner.run(["--compare", "a/sub/deep", "a/sub/deep"], in: temp.url)
        XCTAssertEqual(same.text, "")
        XCTAssertEqual(same.status, 0)
    }

    /// What diff reports as trouble: a dangling link on both sides (each
    /// named, status 2, the rest still compared), a loop through a link,
    /// a file where a directory was wanted, a wrong number of paths.
    func testTroubleIsNamedAndTheRestCompared() throws {
        let temp = try twoTrees()
        _ = try CommandRunner.shell(
            "ln -s nowhere a/dang; ln -s nowhere b/dang; mkdir -p l1/x l2/x; ln -s .. l1/x/up; ln -s .. l2/x/up", in: temp.url)
        let dangling = try CommandRunner.run(["--compare", "a", "b"], in: temp.url)
        XCTAssertEqual(dangling.status, 2)
        XCTAssertEqual(dangling.text, Self.expected)
        XCTAssertEqual(dangling.stderr, "filetable: a/dang: No such file or directory\nfiletable: b/dang: No such file or directory\n")
        let loop = try CommandRunner.run(["--compare", "l1", "l2"], in: temp.url)
        XCTAssertEqual(loop.stderr, "filetable: l1/x/up: recursive directory loop\n")
        XCTAssertEqual(loop.status, 2)
        let file = try CommandRunner.run(["--compare", "a/same", "b/same"], in: temp.url)
        XCTAssertEqual(file.status, 2)
        XCTAssertEqual(file.stderr, "filetable: --compare compares two directories; a/same is not one (cmp compares two files)\n")
        let one = try CommandRunner.run(["--compare", "a"], in: temp.url)
        XCTAssertEqual(one.stderr, "filetable: --compare takes two paths, A and B (as diff -rq A B)\n")
        let modes = try CommandRunner.run(["--compare", "--du", "a", "b"], in: temp.url)
        XCTAssertEqual(modes.status, 2)
        XCTAssertTrue(modes.stderr.contains("are two modes; give one"), modes.stderr)
    }

    /// Generated trees, differing here and there in every way, against diff -rq.
    func testGeneratedTreesAgainstDiff() throws {
        try XCTSkipUnless(CommandRunner.isInstalled("diff") && CommandRunner.isInstalled("python3"), "skipped: needs diff and python3")
        let temp = try TemporaryTree.inMemory()
        for seed in 1...4 {
            let made = try CommandRunner.shell(
                """
                rm -rf x y && python3 -c '
                import os, random
                random.seed(\(seed))
                for side in ("x", "y"):
                    random.seed(\(seed))
                    for i in range(300):
                        d = os.path.join(side, *("d%d" % random.randint(0, 4) for _ in range(random.randint(0, 3))))
                        os.makedirs(d, exist_ok=True)
                        name = random.choice(["f%d" % i, "F%d" % i, "f%d.txt" % i, "-%d" % i, "f %d" % i])
                        data = b"x" * random.randint(0, 3000)
                        roll = random.random()
                        if side == "y" and roll < 0.05: continue
                        if side == "y" and roll < 0.10: data = data + b"!"
                        if side == "y" and roll < 0.13 and data: data = b"y" + data[1:]
                        if side == "y" and roll < 0.15: os.makedirs(os.path.join(d, name), exist_ok=True); continue
                        open(os.path.join(d, name), "wb").write(data)
                    if side == "y":
                        for i in range(10): os.makedirs("y/new%d" % i, exist_ok=True); open("y/new%d/n" % i, "w").write("n")
                '
                """, in: temp.url)
            XCTAssertEqual(made.status, 0, made.stderr)
            let theirs = try CommandRunner.shell("diff -rq x y", in: temp.url)
            let ours = try CommandRunner.run(["--compare", "x", "y"], in: temp.url)
            XCTAssertEqual(ours.text, theirs.text, "seed \(seed)")
            XCTAssertEqual(ours.status, theirs.status, "seed \(seed)")
        }
    }

    /// `--json`: a difference an object a line, exact paths.
    func testJSON() throws {
        let temp = try twoTrees()
        let lines = try CommandRunner.run(["--compare", "--json", "a", "b"], in: temp.url).text.components(separatedBy: "\n")
        XCTAssertEqual(lines[0], #"{"change":"only_first","path":"B","first":"a/B"}"#)
        XCTAssertEqual(lines[2], #"{"change":"contents","path":"diff","first":"a/diff","second":"b/diff"}"#)
        XCTAssertTrue(
            lines.contains(
                #"{"change":"type","first_type":"regular empty file","second_type":"directory","path":"t/x","first":"a/t/x","second":"b/t/x"}"#))
    }

    /// `compare PATH` at the prompt: a level with a section a kind of
    /// difference, rows by path that view, info and mark take.
    func testCompareAtThePrompt() throws {
        let temp = try twoTrees()
        let result = try CommandRunner.run(["--page-size", "40", "-e", "compare ../b; view sub/only; info 4; back; pwd", "a"], in: temp.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        let text = result.text
        XCTAssertTrue(text.contains("\(temp.path)/a | compare with \(temp.path)/b: 11 differences | 2 files the same |"), text)
        XCTAssertTrue(text.contains("== only here ==\n 1  B\n 2  onlya >\n 3  sub/only\n"), text)
        XCTAssertTrue(text.contains("== only there ==\n 4  a_\n 5  onlyb >\n"), text)
        XCTAssertTrue(text.contains("== contents differ ==\n 6  diff\n 7  empty\n 8  link@\n 9  sub/deep/f\n"), text)
        XCTAssertTrue(text.contains("== not the same type ==\n10  fifo\n11  t/x\n"), text)
        XCTAssertTrue(
            text.contains("compare: 11 differences, 2 files the same\n"), text)
        XCTAssertTrue(text.contains("     1  q\n"), "view reads the row on its side: \(text)")
        XCTAssertTrue(text.contains("path:        \(temp.path)/b/a_\n"), "a row only there lives there: \(text)")
        XCTAssertTrue(text.hasSuffix("\(temp.path)/a\n"), text)
        let same = try CommandRunner.run(["-e", "compare ../a", "a"], in: temp.url)
        XCTAssertTrue(same.text.contains("(no differences: every file is the same on both sides)"), same.text)
        let missing = try CommandRunner.run(["-e", "compare nope", "a"], in: temp.url)
        XCTAssertEqual(missing.status, 1, "a command's mistake, as cd's")
        XCTAssertTrue(missing.stderr.contains("compare: \(temp.path)/a/nope: No such file or directory"), missing.stderr)
    }

    /// `diff N` in a comparison: the row's file here against its file there,
    /// diff -u's hunks line for line (the viewer numbers the lines; the
    /// headers' tab is shown as spaces); `diff N M` compares two rows of any
    /// table; a row with nothing there, binary files and a table that
    /// compares nothing say so.
    func testDiffOfARowAndOfTwoRows() throws {
        let temp = try TemporaryTree.inMemory()
        let made = try CommandRunner.shell(
            """
            mkdir -p a b && seq 1 60 > a/n && seq 1 60 | sed 's/^5$/five/; /^30$/d; s/^50$/fifty\\nand more/' > b/n \
              && echo q > a/only && printf 'x\\000' > a/bin && printf 'y\\000' > b/bin
            """, in: temp.url)
        XCTAssertEqual(made.status, 0, made.stderr)
        let result = try CommandRunner.run(["--page-size", "200", "-e", "compare ../b; diff n", "a"], in: temp.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.text.contains("diff: 3 hunks, 3 removed, 3 added ('n' goes to the next hunk)\n"), result.text)
        let shown = result.text.split(separator: "\n").compactMap { line -> String? in
            guard line.count > 8, line.prefix(6).allSatisfy({ $0 == " " || $0.isNumber }), line.dropFirst(6).hasPrefix("  ") else { return nil }
            return String(line.dropFirst(8))
        }
        XCTAssertTrue(shown.first?.hasPrefix("--- \(temp.path)/a/n ") == true, "\(shown)")
        let hunks = Array(shown.dropFirst(2))
        XCTAssertEqual(hunks.first, "@@ -2,7 +2,7 @@")
        if CommandRunner.isInstalled("diff") {
            let theirs = try CommandRunner.shell("diff -u a/n b/n", in: temp.url)
            XCTAssertEqual(hunks, theirs.text.split(separator: "\n").dropFirst(2).map(String.init))
        }
        let pair = try CommandRunner.run(["-e", "diff only n", "a"], in: temp.url)
        XCTAssertTrue(pair.text.contains("+1\n") && pair.text.contains("-q\n"), pair.text)
        let nothingThere = try CommandRunner.run(["-e", "compare ../b; diff only", "a"], in: temp.url)
        XCTAssertEqual(nothingThere.status, 1)
        XCTAssertTrue(nothingThere.stderr.contains("diff: only has no file on another side to compare with"), nothingThere.stderr)
        let binary = try CommandRunner.run(["-e", "compare ../b; diff bin", "a"], in: temp.url)
        XCTAssertTrue(binary.text.contains("diff: binary files differ ('hex N' shows each)\n"), binary.text)
        // The other side's file itself: view and hex take --there.
        let there = try CommandRunner.run(
            ["--page-size", "3", "-e", "compare ../b; view n +5 --there; hex bin --there; view n +5", "a"], in: temp.url)
        XCTAssertTrue(there.text.contains("     5  five\n"), there.text)
        XCTAssertTrue(there.text.contains("00000000  79 00 "), "b's bin: \(there.text)")
        XCTAssertTrue(there.text.contains("     5  5\n"), "without --there, this side's: \(there.text)")
        let noneThere = try CommandRunner.run(["-e", "compare ../b; view only --there", "a"], in: temp.url)
        XCTAssertTrue(noneThere.stderr.contains("view --there: only has no file on another side"), noneThere.stderr)
        let notAComparison = try CommandRunner.run(["-e", "diff n", "a"], in: temp.url)
        XCTAssertTrue(notAComparison.stderr.contains("'diff N M' compares two rows"), notAComparison.stderr)
    }

    /// `mark same` marks the files there whose bytes are here too, and never
    /// the last copy: not one whose copy here is marked, nor one whose copy
    /// here is itself among them (a tree compared with a tree inside it).
    func testMarkSameKeepsACopy() throws {
        let temp = try TemporaryTree.inMemory()
        _ = try CommandRunner.shell(
            "mkdir -p x/s y/s t/sub/sub && echo 1 > x/s/a && echo 1 > y/s/a && echo 2 > x/b && echo 2 > y/b && echo 3 > x/c && echo 4 > y/c"
                + " && echo 1 > t/f && echo 1 > t/sub/f && echo 1 > t/sub/sub/f", in: temp.url)
        let marked = try CommandRunner.run(
            ["--page-size", "40", "-e", "compare ../y; mark same; marks --print"], in: temp.url.appendingPathComponent("x"))
        XCTAssertEqual(marked.status, 0, marked.stderr)
        XCTAssertTrue(marked.text.contains("== the same, there ==\n2 D b\n3 D s/a\n"), marked.text)
        XCTAssertTrue(marked.text.contains("\(temp.path)/y:\n  b\n\(temp.path)/y/s:\n  a\ntotal: 2 files, 0 directories, 4 bytes, "), marked.text)
        // Its copy here marked first: kept.
        let first = try CommandRunner.run(["-e", "mark b; compare ../y; mark same; marks --print"], in: temp.url.appendingPathComponent("x"))
        XCTAssertTrue(first.text.contains("mark same: 1 marked; 1 kept: the copy here is marked, or is among them"), first.text)
        XCTAssertTrue(first.text.contains("\(temp.path)/x:\n  b\n\(temp.path)/y/s:\n  a\ntotal: 2 files, 0 directories, 4 bytes, "), first.text)
        // A tree with a tree inside it: one copy of f stays outside the plan.
        let nested = try CommandRunner.run(["-e", "compare sub; mark same; marks --print"], in: temp.url.appendingPathComponent("t"))
        XCTAssertTrue(nested.text.contains("mark same: 1 marked; 1 kept"), nested.text)
        XCTAssertTrue(nested.text.contains("\n\(temp.path)/t/sub:\n  f\ntotal: 1 file, 0 directories, 2 bytes, "), nested.text)
        // The same tree: nothing to mark.
        let itself = try CommandRunner.run(["-e", "compare .; mark same"], in: temp.url.appendingPathComponent("x"))
        XCTAssertEqual(itself.stderr, "filetable: line 2: mark same: no row to mark\n")
    }

    /// The copy `mark same` keeps belongs to the plan: marking it later is
    /// refused, and when it changes or goes, `marks verify` and `marks
    /// export` refuse the plan (the export writes nothing).
    func testTheCopyMarkSameKeepsIsWatchedByThePlan() throws {
        let temp = try TemporaryTree.inMemory()
        _ = try CommandRunner.shell("mkdir a b && echo same > a/f && echo same > b/f && echo other > a/g", in: temp.url)
        let here = temp.url.appendingPathComponent("a")
        let both = try CommandRunner.run(["-e", "compare ../b; mark same; back; mark f"], in: here)
        XCTAssertNotEqual(both.status, 0)
        XCTAssertTrue(
            both.stderr.contains("mark: refused: that would put \(temp.path)/a/f (the copy kept for \(temp.path)/b/f) in the plan"), both.stderr)
        let directory = try CommandRunner.run(["-e", "compare ../b; mark same; cd ..; mark a"], in: here, environment: ["HOME": temp.path])
        XCTAssertTrue(directory.stderr.contains("mark: refused: that would put \(temp.path)/a/f"), "a directory holding it: \(directory.stderr)")
        let changed = try CommandRunner.run(["-e", "compare ../b; mark same; !echo more >> f; marks verify"], in: here)
        XCTAssertNotEqual(changed.status, 0)
        XCTAssertTrue(changed.text.contains("verify: the plan takes the last copy of \(temp.path)/a/f"), changed.text)
        let plan = temp.url.appendingPathComponent("plan.sh").path
        _ = try CommandRunner.shell("echo same > a/f", in: temp.url)
        let gone = try CommandRunner.run(["-e", "compare ../b; mark same; !mv f f.moved; marks export \(plan) --sh"], in: here)
        XCTAssertNotEqual(gone.status, 0)
        XCTAssertTrue(gone.stderr.contains("marks export: the plan takes the last copy of 1 file or group; nothing written"), gone.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: plan))
        // A copy here that is a link: the file it leads to is what stays, and is watched.
        _ = try CommandRunner.shell("mkdir l && echo same > l/real && ln -s real l/f", in: temp.url)
        let linked = try CommandRunner.run(
            ["-e", "compare ../b; mark same; !echo more >> real; marks verify"], in: temp.url.appendingPathComponent("l"))
        XCTAssertTrue(linked.text.contains("verify: the plan takes the last copy of \(temp.path)/l/f"), linked.text + linked.stderr)
        // Unchanged, the plan is exported as before.
        _ = try CommandRunner.shell("mv a/f.moved a/f", in: temp.url)
        let fine = try CommandRunner.run(["-e", "compare ../b; mark same; marks verify; marks export \(plan) --sh"], in: here)
        XCTAssertEqual(fine.status, 0, fine.stderr)
        XCTAssertTrue(try String(contentsOfFile: plan, encoding: .utf8).contains("/b/f"))
    }

    /// The header counts what the rows show: with a filter, "2 files the
    /// same" over the two rows, and the rest said to be out of view (it
    /// said every file the comparison found the same over fewer rows).
    func testTheHeaderCountsTheRowsShown() throws {
        let temp = try TemporaryTree()
        for side in ["a", "b"] {
            try temp.folder("\(side)/d")
            for index in 1...10 { temp.file("f\(index)", contents: "\(index)\n", in: "\(side)/d") }
        }
        temp.file("only", contents: "x", in: "a")
        let all = try CommandRunner.run(["-e", "compare ../b", temp.path + "/a"])
        XCTAssertTrue(all.text.contains("compare with \(temp.path)/b: 1 difference | 10 files the same |"), all.text)
        let filtered = try CommandRunner.run(["-e", "compare ../b; filter f1", temp.path + "/a"])
        XCTAssertTrue(filtered.text.contains(": 0 differences | 2 files the same (8 more not shown) |"), filtered.text)
    }
}
