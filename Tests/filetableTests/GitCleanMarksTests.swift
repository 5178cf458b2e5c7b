import Foundation
import TestSupport
import XCTest

/// `mark ignored` marks exactly what `git clean -ndX` would remove (ignored
/// files and whole ignored directories, never a tracked or an untracked
/// file), `mark untracked` what `git clean -nd` would, into the plan.
final class GitCleanMarksTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(CommandRunner.isInstalled("git"), "skipped: git is not installed (apt-get install git)")
    }

    private func repository() throws -> TemporaryTree {
        let temp = try TemporaryTree()
        let made = try CommandRunner.shell(
            """
            set -e
            git init -q -b main . && git config user.email t@example.com && git config user.name tester
            mkdir -p src/obj build node_modules/pkg mixed newdir 'with space'
            echo a > src/a.c; printf 'build/\\n*.o\\nnode_modules/\\n!keep.o\\nsrc/**/gen-*\\n' > .gitignore
            git add -A && git commit -qm first
            echo o > src/obj/a.o; echo o > src/b.o; echo k > src/keep.o; echo g > src/gen-x; echo b > build/bin
            echo m > node_modules/pkg/m; echo i > mixed/i.o; echo u > mixed/u.txt; echo n > newdir/n; echo u > untracked.txt
            echo o > 'with space/x.o'
            """, in: temp.url)
        try XCTSkipIf(made.status != 0, "skipped: could not make the repository: \(made.stderr)")
        return temp
    }

    /// The paths `git clean` names, as `marks --print` prints them.
    private func gitClean(_ flags: String, in temp: TemporaryTree) throws -> [String] {
        try CommandRunner.shell("git clean \(flags)", in: temp.url).text.split(separator: "\n").map {
            let path = String($0.dropFirst("Would remove ".count)).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            return temp.path + "/" + (path.hasSuffix("/") ? String(path.dropLast()) : path)
        }.sorted()
    }

    /// The plan's paths after `command`, as its export writes them (NUL-ended).
    private func marked(_ command: String, in temp: TemporaryTree) throws -> [String] {
        let plan = temp.path + "/../plan-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: plan) }
        let run = try CommandRunner.run(["-e", "\(command); marks export \(plan)"], in: temp.url)
        XCTAssertEqual(run.status, 0, run.stderr)
        let bytes = (try? String(contentsOfFile: plan, encoding: .utf8)) ?? ""
        return bytes.split(separator: "\0").map(String.init).sorted()
    }

    func testMarkIgnoredIsGitCleanNdX() throws {
        let temp = try repository()
        XCTAssertEqual(try marked("mark ignored", in: temp), try gitClean("-ndX", in: temp))
        XCTAssertFalse(try marked("mark ignored", in: temp).contains(temp.path + "/src/keep.o"), "a negated pattern is kept")
    }

    func testMarkUntrackedIsGitCleanNd() throws {
        let temp = try repository()
        XCTAssertEqual(try marked("mark untracked", in: temp), try gitClean("-nd", in: temp))
    }

    func testOutsideAWorkTreeItSaysSo() throws {
        let temp = try TemporaryTree()
        temp.file("a")
        let run = try CommandRunner.run(
            ["-e", "mark ignored"], in: temp.url, environment: ["GIT_CEILING_DIRECTORIES": (temp.path as NSString).deletingLastPathComponent])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.contains("mark ignored: \(temp.path): not in a git work tree"), run.stderr)
        // Nothing in the repository changes: no index written, no lock taken.
        let repo = try repository()
        let index = try Data(contentsOf: URL(fileURLWithPath: repo.path + "/.git/index"))
        _ = try marked("mark ignored", in: repo)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: repo.path + "/.git/index")), index)
    }

    /// `--du --git DIR`: every work tree below DIR with its ignored bytes,
    /// largest first, each what du -s says of what git clean -ndX names.
    func testDuGitListsWorkTreesByWhatTheirIgnoredFilesTake() throws {
        let temp = try TemporaryTree()
        let made = try CommandRunner.shell(
            """
            set -e
            for p in small big none; do mkdir -p projects/$p && (cd projects/$p && git init -q && echo 'target/' > .gitignore && mkdir target && echo s > kept); done
            head -c 40000 /dev/zero > projects/small/target/a; head -c 900000 /dev/zero > projects/big/target/b
            mkdir -p projects/plain/deeper
            """, in: temp.url)
        try XCTSkipIf(made.status != 0, "skipped: could not make the repositories: \(made.stderr)")
        let listed = try CommandRunner.run(["--du", "--git", temp.path + "/projects"])
        XCTAssertEqual(listed.status, 0, listed.stderr)
        let lines = listed.text.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
        XCTAssertEqual(lines.map { $0.last ?? "" }, ["big", "small", "none"].map { temp.path + "/projects/" + $0 })
        for name in ["big", "small"] {
            let du = try CommandRunner.shell("du -sk projects/\(name)/target | cut -f1", in: temp.url).text.trimmingCharacters(
                in: .whitespacesAndNewlines)
            XCTAssertEqual(lines.first { $0.last?.hasSuffix("/" + name) == true }?.first, du, name)
        }
        // At the prompt, a level of the work trees in that order, with
        // du's figures; a row opens into its tree, where mark ignored plans it.
        let session = try CommandRunner.run(["-e", "du --git; 1; mark ignored; marks --print", temp.path + "/projects"])
        XCTAssertEqual(session.status, 0, session.stderr)
        XCTAssertTrue(session.text.contains("git: 3 work trees, by what their ignored files take | sort du"), session.text)
        let page = session.text.components(separatedBy: "by what their ignored files take").dropFirst().first ?? ""
        let rows = page.split(separator: "\n").dropFirst().prefix { !$0.hasPrefix("-- ") }
        XCTAssertEqual(rows.map { $0.split(separator: " ").dropLast().last.map(String.init) ?? "" }, ["big", "small", "none"], page)
        XCTAssertTrue(session.text.contains(temp.path + "/projects/big:\n  target/\ntotal: 1 file"), session.text)
        // sort name orders them by path, sort du by their figures again.
        let named = try CommandRunner.run(["-e", "du --git; sort name; sort du", temp.path + "/projects"])
        let pages = named.text.components(separatedBy: "by what their ignored files take").dropFirst().map {
            $0.split(separator: "\n").dropFirst().prefix { !$0.hasPrefix("-- ") }.map {
                $0.split(separator: " ").dropLast().last.map(String.init) ?? ""
            }
        }
        XCTAssertEqual(pages, [["big", "small", "none"], ["big", "none", "small"], ["big", "small", "none"]], named.text)
        // mark ignored in that level: every work tree's build outputs at once.
        let all = try CommandRunner.run(["-e", "du --git; mark ignored; marks --print", temp.path + "/projects"])
        XCTAssertEqual(all.status, 0, all.stderr)
        // (none's target is empty: git names no empty directory.)
        for name in ["big", "small"] {
            XCTAssertTrue(all.text.contains(temp.path + "/projects/\(name):\n  target/\n"), all.text)
        }
        XCTAssertTrue(all.text.contains("total: 2 files, 2 directories"), all.text)
        let inside = try CommandRunner.run(["-e", "du --git", temp.path + "/projects/big"])
        XCTAssertTrue(inside.stderr.contains("du --git: this directory is a work tree"), inside.stderr)
        // Refused where it means nothing, in the mode's own status (tree's).
        let refused = try CommandRunner.run(["--tree", "--git", temp.path])
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(refused.stderr.contains("--git shows a column of the long listing"), refused.stderr)
    }

    /// `--git-ignore` leaves out what git ignores, as `tree --gitignore`
    /// (compared where tree is installed) and `eza --git-ignore` do; a
    /// directory holding an ignored file is not itself left out.
    func testGitIgnoreLeavesOutWhatGitIgnores() throws {
        let temp = try repository()
        let listed = try CommandRunner.run(["-1a", "--git-ignore", temp.path])
        XCTAssertEqual(listed.status, 0, listed.stderr)
        XCTAssertEqual(
            listed.text.split(separator: "\n"),
            [".", "..", ".gitignore", "mixed", "newdir", "src", "untracked.txt", "with space"].map { Substring($0) }, listed.text)
        let inside = try CommandRunner.run(["-1", "--git-ignore", temp.path + "/src"])
        // (obj/ holds only ignored files: shown, empty, as tree shows it.)
        XCTAssertEqual(inside.text, "a.c\nkeep.o\nobj\n", "b.o and gen-x are ignored")
        // (Both in one shell, under one locale.)
        let both = try CommandRunner.shell("\"$FILETABLE\" --tree --gitignore .; echo ===; tree --gitignore . 2>/dev/null", in: temp.url)
        let tree = both.text.components(separatedBy: "===\n")
        if CommandRunner.isInstalled("tree") { XCTAssertEqual(tree.first, tree.last) }
        XCTAssertFalse(tree[0].contains("node_modules") || tree[0].contains("b.o"), tree[0])
    }

    /// `figures git` after du: each row's figure split into tracked,
    /// untracked and ignored bytes, the three adding up to the row's figure.
    func testFiguresGitSplitsEachRowIntoTrackedUntrackedAndIgnored() throws {
        let temp = try repository()
        let run = try CommandRunner.run(["-e", "du; figures apparent; figures git"], in: temp.url)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.text.contains("| git: tracked untracked ignored"), run.text)
        // "N figure share [bar] tracked untracked ignored name >"
        var rows: [String: [String]] = [:]
        let split = try XCTUnwrap(run.text.components(separatedBy: "git's tracked | untracked | ignored").last)
        for line in split.split(separator: "\n") where line.contains("] ") && line.hasSuffix(" >") {
            let after = line.split(separator: "]", maxSplits: 1)[1].split(separator: " ")
            guard after.count >= 5 else { return XCTFail("no split in: \(line)") }
            rows[after[3...].dropLast().joined(separator: " ")] = [String(line.split(separator: " ")[1])] + after[0..<3].map(String.init)
        }
        XCTAssertEqual(rows["build"]?.dropFirst().map { $0 }, ["0", "0", rows["build"]?[0] ?? "?"], "an ignored directory is all ignored")
        XCTAssertEqual(rows["newdir"]?.dropFirst().map { $0 }, ["0", rows["newdir"]?[0] ?? "?", "0"], "an untracked directory is all untracked")
        let src = try XCTUnwrap(rows["src"], run.text)
        XCTAssertNotEqual(src[1], "0", "src holds tracked files")
        XCTAssertNotEqual(src[2], "0", "src holds an untracked file (keep.o is not ignored)")
        XCTAssertNotEqual(src[3], "0", "src holds ignored files")
        // Outside a work tree the columns are blank, and nogit takes them away.
        let plain = try TemporaryTree()
        try plain.folder("d")
        plain.file("a", contents: "abc", in: "d")
        let outside = try CommandRunner.run(
            ["-e", "du; figures git; figures nogit"], in: plain.url,
            environment: ["GIT_CEILING_DIRECTORIES": (plain.path as NSString).deletingLastPathComponent])
        XCTAssertEqual(outside.status, 0, outside.stderr)
        XCTAssertFalse(outside.text.components(separatedBy: "figures: disk use\n").last?.contains("git:") ?? true, outside.text)
    }
}
