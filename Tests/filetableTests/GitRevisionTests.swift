import Foundation
import TestSupport
import XCTest

/// `--rev REV` with `--cat`, `--hex` and `--xxd`: a file as a revision
/// holds it, byte for byte what `git show REV:FILE` prints.
final class GitRevisionTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(CommandRunner.isInstalled("git"), "skipped: git is not installed (apt-get install git)")
    }

    /// A repository made by `commands` (shell lines, run with `set -e`
    /// after `git init` and a committer), in a temporary tree; the test is
    /// skipped, saying why, when it could not be made.
    private func repository(_ commands: String) throws -> TemporaryTree {
        let temp = try TemporaryTree()
        let made = try CommandRunner.shell(
            "set -e\ngit init -q -b main . && git config user.email t@example.com && git config user.name tester\n" + commands, in: temp.url)
        try XCTSkipIf(made.status != 0, "skipped: could not make the repository: \(made.stderr)")
        return temp
    }

    func testCatAndHexOfARevisionAreGitShows() throws {
        let temp = try repository(
            """
            mkdir src && printf 'first\\n' > src/notes.txt && printf '\\000\\001\\377' > blob.bin && git add -A && git commit -qm one && git tag v1
            printf 'second\\n' > src/notes.txt && git commit -qam two
            """)
        for (revision, path) in [("v1", "src/notes.txt"), ("HEAD", "src/notes.txt"), ("HEAD~1", "blob.bin")] {
            let ours = try CommandRunner.shell("\"$FILETABLE\" --rev \(revision) --cat \(path) | od -An -tx1", in: temp.url).text
            let theirs = try CommandRunner.shell("git show \(revision):\(path) | od -An -tx1", in: temp.url).text
            XCTAssertEqual(ours, theirs, "\(revision):\(path)")
        }
        // From inside a subdirectory, the path is the directory's, as git show REV:./FILE takes it.
        XCTAssertEqual(try CommandRunner.run(["--rev", "v1", "--cat", "notes.txt"], in: temp.url.appendingPathComponent("src")).text, "first\n")
        let dumped = try CommandRunner.run(["--rev", "v1", "--hex", "blob.bin"], in: temp.url)
        XCTAssertEqual(dumped.text, "00000000  00 01 ff                                          |...|\n00000003\n")
        // What a revision does not hold is said, and the rest go on.
        let mixed = try CommandRunner.run(["--rev", "v1", "--cat", "src", "gone", "src/notes.txt"], in: temp.url)
        XCTAssertEqual(mixed.status, 1)
        XCTAssertEqual(mixed.text, "first\n")
        XCTAssertEqual(mixed.stderr, "filetable: src: a directory in v1\nfiletable: gone: not in v1\n")
        let wrong = try CommandRunner.run(["--rev", "nope", "--cat", "blob.bin"], in: temp.url)
        XCTAssertTrue(wrong.stderr.contains("'nope' is not a revision here"), wrong.stderr)
        // A directory as the revision holds it: git ls-tree's names, modes and sizes.
        _ = try CommandRunner.shell(
            "git rm -q blob.bin && printf 'third one\\n' > src/notes.txt && git commit -qam three && echo extra > untracked", in: temp.url)
        let names = try CommandRunner.run(["--rev", "v1", "-1a", "."], in: temp.url)
        XCTAssertEqual(names.text, try CommandRunner.shell("git ls-tree --name-only v1 | sort", in: temp.url).text)
        let long = try CommandRunner.run(["--rev", "v1", "-l", "src"], in: temp.url)
        XCTAssertTrue(long.text.contains("-rw-r--r-- 1 root root 6 ") && long.text.hasSuffix(" notes.txt\n"), long.text)
        let now = try CommandRunner.run(["--rev", "HEAD", "-l", "src"], in: temp.url)
        XCTAssertTrue(now.text.contains(" 10 ") && now.text.hasSuffix(" notes.txt\n"), now.text)
        let session = try CommandRunner.run(["--rev", "v1", "-e", "ls", "."], in: temp.url)
        XCTAssertEqual(session.status, 2)
        XCTAssertTrue(session.stderr.contains("rev REV at the prompt opens one"), session.stderr)
    }

    /// `--rev REV -R` and `--rev REV --tree`: what filetable prints of a
    /// checkout of that revision (`git archive`), names, drawing and counts,
    /// from one `git ls-tree -r` a root.
    func testRecursiveListingAndTreeOfARevisionAreThoseOfItsCheckout() throws {
        let temp = try TemporaryTree()
        let made = try CommandRunner.shell(
            """
            set -e
            mkdir repo checkout && cd repo
            git init -q -b main . && git config user.email t@example.com && git config user.name tester
            mkdir -p src/deep/deeper docs 'with space' && echo a > src/a.c && echo b > src/deep/b.c && echo c > src/deep/deeper/c.c
            echo d > docs/read.md && echo e > 'with space/e' && echo h > .hidden && ln -s a.c src/link && ln -s ../gone src/dangling
            git add -A && git commit -qm one && git tag v1
            git archive v1 | tar -x -C ../checkout
            rm -r src/deep && echo later > src/later.c && git add -A && git commit -qm two
            """, in: temp.url)
        try XCTSkipIf(made.status != 0, "skipped: could not make the repository: \(made.stderr)")
        let repo = temp.url.appendingPathComponent("repo")
        let checkout = temp.url.appendingPathComponent("checkout")
        let forms: [[String]] = [
            ["-R", "."], ["-RA", "src", "docs"], ["-R1F", "src"], ["-R", "--depth", "2", "."], ["--tree", "."], ["--tree", "-a", "-F", "src"],
            ["--tree", "-d", "."], ["--tree", "-L", "2", "--noreport", "."], ["--tree", "-J", "src"], ["--tree", "-P", "*.c", "."],
        ]
        for form in forms {
            let ours = try CommandRunner.run(["--rev", "v1"] + form, in: repo)
            let theirs = try CommandRunner.run(form, in: checkout)
            XCTAssertEqual(ours.status, 0, "\(form): \(ours.stderr)")
            XCTAssertEqual(ours.text, theirs.text, "--rev v1 \(form.joined(separator: " "))")
        }
        // The work tree has changed since: the revision is what is listed.
        XCTAssertFalse(try CommandRunner.run(["--rev", "v1", "-R", "src"], in: repo).text.contains("later.c"))
        XCTAssertTrue(try CommandRunner.run(["--rev", "HEAD", "-R", "src"], in: repo).text.contains("later.c"))
        let missing = try CommandRunner.run(["--rev", "v1", "--tree", "nosuch", "src"], in: repo)
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.text.hasPrefix("nosuch  [error opening dir]\nsrc\n"), missing.text)
        XCTAssertTrue(missing.stderr.contains("nosuch: not a directory in v1"), missing.stderr)
        let pruned = try CommandRunner.run(["--rev", "v1", "--tree", "--prune", "."], in: repo)
        XCTAssertEqual(pruned.status, 1, "a usage error, as tree gives it")
        XCTAssertTrue(pruned.stderr.contains("--prune reads the tree on disk; it is not built for --rev"), pruned.stderr)
    }

    /// `rev REV` at the prompt: the directory as the revision holds it, a
    /// level like an archive's; view reads from git; marks are refused.
    func testRevAtThePromptIsALevel() throws {
        let temp = try repository(
            """
            mkdir src && printf 'old\\n' > src/notes.txt && git add -A && git commit -qm one
            printf 'new\\n' > src/notes.txt && echo later > later && git add -A && git commit -qm two
            """)
        let run = try CommandRunner.script("rev HEAD~1; open src; view notes.txt; mark notes.txt", in: temp)
        XCTAssertTrue(run.text.contains("\(temp.path) | at HEAD~1 | 1 entry |"), "later was not there yet:\n\(run.text)")
        XCTAssertTrue(run.text.contains("\(temp.path)/src | at HEAD~1 | 1 entry |"), run.text)
        XCTAssertTrue(run.text.contains("     1  old\n"), run.text)
        XCTAssertTrue(run.stderr.contains("is not a file on disk of its own (the entries of HEAD~1); nothing here can be marked"), run.stderr)
        let wrong = try CommandRunner.script("rev nope", in: temp)
        XCTAssertTrue(wrong.stderr.contains("rev: "), wrong.stderr)
    }

    /// `du` in a revision: each directory the blobs below it as git stores
    /// them (`git ls-tree -r -l`'s sizes), largest first, nothing checked
    /// out; `find TEXT --all` the paths whose names hold TEXT.
    func testDuAndFindInARevision() throws {
        let temp = try repository(
            """
            mkdir -p small big/deep && head -c 3000 /dev/zero > small/a && head -c 50000 /dev/zero > big/deep/b && echo x > big/c.txt
            git add -A && git commit -qm one && rm -r big small
            """)
        let run = try CommandRunner.script("rev HEAD; du; find --all c.tx", in: temp)
        XCTAssertEqual(run.status, 0, run.stderr)
        let sized = run.text.components(separatedBy: "| sort du |").dropFirst().first ?? ""
        XCTAssertTrue(sized.contains("1   49K ") && sized.contains("] big >\n2  3.0K "), sized)
        XCTAssertTrue(run.text.contains("du: 52 KiB as git stores it in HEAD (blob sizes, nothing checked out)"), run.text)
        XCTAssertTrue(run.text.contains("find 'c.tx': 1 match") && run.text.contains("1  big/c.txt\n"), run.text)
        let single = try CommandRunner.script("rev HEAD; find c.tx", in: temp)
        XCTAssertTrue(single.stderr.contains("find: in the entries of HEAD, 'find c.tx --all' lists every match"), single.stderr)
    }

    /// `compare --rev REV`: the comparison level's sections from git's own
    /// answer (what `git status` calls deleted is only there, modified
    /// differs, a file become a link is not the same type, new and
    /// untracked are only here, ignored is left out); `diff N` shows a
    /// changed file against the revision's; nothing in the repository changes.
    func testCompareWithARevisionIsGitsAnswerAsAComparison() throws {
        let temp = try repository(
            """
            mkdir -p src/deep && printf 'one\\ntwo\\nthree\\n' > src/a.c && echo b > src/deep/b.c && echo gone > gone.txt
            echo l > linked && echo s > same.txt && echo 'build/' > .gitignore && git add -A && git commit -qm one && git tag v1
            printf 'one\\nTWO\\nthree\\n' > src/a.c && rm gone.txt linked && ln -s same.txt linked && echo new > src/new.c
            mkdir build && echo o > build/out && echo staged > staged.txt && git add staged.txt
            """)
        let index = try Data(contentsOf: temp.url.appendingPathComponent(".git/index"))
        let run = try CommandRunner.run(["-e", "compare --rev v1; diff 4; q; view 3; q; mark 3", "."], in: temp.url)
        let page = run.text
        XCTAssertTrue(page.contains("compare with v1: 5 differences | 3 files the same"), page)
        let sections = [
            "== only here ==\n1  src/new.c\n", "2  staged.txt\n-- 2 entries", "== only there ==\n3  gone.txt\n",
            "== contents differ ==\n4  src/a.c\n",
            "== not the same type ==\n5  linked@\n",
        ]
        for section in sections { XCTAssertTrue(page.contains(section), "\(section) in\n\(page)") }
        XCTAssertFalse(page.contains("build"), "an ignored file is no difference")
        // diff N: the file here against the revision's (diff -u's lines).
        XCTAssertTrue(page.contains("+++ v1:src/a.c\n     3  @@ -1,3 +1,3 @@\n     4   one\n     5  -TWO\n     6  +two\n"), page)
        // A file only in the revision is read from git; it is not on disk, so it cannot be marked.
        XCTAssertTrue(page.contains("     1  gone\n"), page)
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.contains("mark"), run.stderr)
        XCTAssertEqual(try Data(contentsOf: temp.url.appendingPathComponent(".git/index")), index, "the index was written")
        // What a revision is not, or a missing one, is said; the session goes on.
        let wrong = try CommandRunner.run(["-e", "compare --rev nope", "."], in: temp.url)
        XCTAssertTrue(wrong.stderr.contains("compare --rev: \(temp.path): 'nope' is not a revision here"), wrong.stderr)
        XCTAssertEqual(wrong.status, 1)
    }
}
