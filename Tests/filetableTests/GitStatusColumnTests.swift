import Foundation
import TestSupport
import XCTest

/// `-l --git`: git's two letters before each name, as `eza -l --git`
/// shows them, read with the git program; each file's compared with git's
/// own `--porcelain` letters, a directory's the sum of what is below it.
final class GitStatusColumnTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(CommandRunner.isInstalled("git"), "skipped: git is not installed (apt-get install git)")
    }

    /// A repository with a change of every kind, made by git itself.
    private func repository() throws -> TemporaryTree {
        let temp = try TemporaryTree()
        let made = try CommandRunner.shell(
            """
            set -e
            git init -q -b main . && git config user.email t@example.com && git config user.name tester
            mkdir -p src/deep build docs
            echo one > staged; echo two > modified; echo three > both; echo four > gone; echo five > renamed
            echo six > typechange; echo seven > src/deep/inner; echo eight > 'with space'; echo nine > docs/kept
            printf 'build/\\n*.log\\n!keep.log\\n' > .gitignore
            git add -A && git commit -qm first
            echo staged-new > staged-new && git add staged-new
            echo more >> modified
            echo more >> both && git add both && echo again >> both
            rm gone
            git mv renamed renamed-now
            rm typechange && ln -s modified typechange
            echo deeper >> src/deep/inner
            echo untracked > untracked
            echo out > build/out; echo noise > noise.log; echo kept > keep.log
            """, in: temp.url)
        try XCTSkipIf(made.status != 0, "skipped: could not make the repository: \(made.stderr)")
        return temp
    }

    /// Each listed name's two letters: the first word after the time made
    /// of git's letters, then the name (a link's without its target).
    private func letters(_ listing: String) -> [String: String] {
        var found: [String: String] = [:]
        for line in listing.split(separator: "\n") {
            let words = line.split(separator: " ", omittingEmptySubsequences: true)
            guard words.count >= 9,
                let index = words.indices.dropFirst(5).first(where: { words[$0].range(of: "^[-NMDRTIU]{2}$", options: .regularExpression) != nil })
            else { continue }
            let name = words[(index + 1)...].joined(separator: " ").components(separatedBy: " -> ").first ?? ""
            found[name] = String(words[index])
        }
        return found
    }

    func testEachFileHasGitsLettersAndADirectoryWhatIsBelow() throws {
        let temp = try repository()
        let listing = try CommandRunner.run(["-la", "--git", temp.path])
        XCTAssertEqual(listing.status, 0, listing.stderr)
        let shown = letters(listing.text)
        let expected = [
            "staged-new": "N-", "modified": "-M", "both": "MM", "renamed-now": "R-", "typechange": "-T", "untracked": "-N",
            "with space": "--", "noise.log": "-I", "keep.log": "-N", "build": "-I", "src": "-M", "docs": "--", ".git": "-I",
            ".gitignore": "--",
        ]
        for (name, letters) in expected { XCTAssertEqual(shown[name], letters, "\(name) in\n\(listing.text)") }
        // Each file's letters as git's own porcelain (v1) says them.
        let porcelain = try CommandRunner.shell("git status --porcelain --untracked-files=all --ignored=matching", in: temp.url).text
        for line in porcelain.split(separator: "\n") {
            let x = line.first!
            let y = line.dropFirst().first!
            let path = String(line.dropFirst(3)).components(separatedBy: " -> ").last!.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            guard !path.contains("/"), let ours = shown[path] else { continue }
            let theirs: String
            switch (x, y) {
            case ("?", "?"): theirs = "-N"
            case ("!", "!"): theirs = "-I"
            default: theirs = String([x == " " ? "-" : x == "A" ? "N" : x, y == " " ? "-" : y])
            }
            XCTAssertEqual(ours, theirs, "\(path): git says \(x)\(y)")
        }
        // Below: a directory inside another and the file changed in it.
        let deep = try CommandRunner.run(["-l", "--git", temp.path + "/src", temp.path + "/src/deep"])
        let below = letters(deep.text)
        XCTAssertEqual(below["deep"], "-M", deep.text)
        XCTAssertEqual(below["inner"], "-M", deep.text)
        // Inside an ignored directory every entry is ignored.
        XCTAssertEqual(letters(try CommandRunner.run(["-l", "--git", temp.path + "/build"]).text)["out"], "-I")
    }

    /// Beside `eza -l --git`, where it is installed: the same two letters
    /// for every entry, but where git itself says more than eza asks it:
    /// eza leaves out git's rename detection (a renamed file is new to it)
    /// and calls a file become a link modified (git's `T`).
    func testTheLettersAreEzasWhereGitAgrees() throws {
        try XCTSkipUnless(CommandRunner.isInstalled("eza"), "skipped: eza is not installed (pip install eza-bin)")
        let temp = try repository()
        let ours = letters(try CommandRunner.run(["-la", "--git", temp.path]).text)
        let eza = try CommandRunner.shell("eza -la --git --no-user --no-time --no-permissions --no-filesize --color=never .", in: temp.url)
        var compared = 0
        for line in eza.text.split(separator: "\n") {
            let words = line.split(separator: " ", maxSplits: 1)
            guard words.count == 2, words[0].count == 2 else { continue }
            let name = String(words[1]).components(separatedBy: " -> ").first!.trimmingCharacters(in: CharacterSet(charactersIn: "'"))
            guard let mine = ours[name] else { continue }
            let asEzaAsks = String(mine.map { $0 == "R" ? "N" : $0 == "T" ? "M" : $0 })
            XCTAssertEqual(asEzaAsks, String(words[0]), "\(name): ours \(mine), eza \(words[0])")
            compared += 1
        }
        XCTAssertGreaterThanOrEqual(compared, 14, "eza's entries: \(eza.text)")
    }

    func testOutsideAWorkTreeTheColumnSaysSoOnce() throws {
        let temp = try TemporaryTree()
        temp.file("a")
        temp.file("b")
        let listing = try CommandRunner.run(
            ["-l", "--git", temp.path], environment: ["GIT_CEILING_DIRECTORIES": (temp.path as NSString).deletingLastPathComponent])
        XCTAssertEqual(listing.status, 0)
        XCTAssertEqual(letters(listing.text)["a"], "--")
        XCTAssertEqual(listing.stderr, "filetable: \(temp.path): not in a git work tree; the git column shows --\n")
        let refused = try CommandRunner.run(["--git", temp.path])
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("--git shows a column of the long listing; add -l"), refused.stderr)
    }

    /// A repository is untrusted input: a `core.fsmonitor` program it names
    /// is never run (git is asked with fsmonitor off).
    func testARepositorysFsmonitorProgramNeverRuns() throws {
        let temp = try repository()
        let witness = temp.path + "/../fsmonitor-ran-\(UUID().uuidString)"
        let hook = temp.path + "/.git/monitor.sh"
        try "#!/bin/sh\ntouch '\(witness)'\n".write(toFile: hook, atomically: true, encoding: .utf8)
        chmod(hook, 0o755)
        _ = try CommandRunner.shell("git config core.fsmonitor '\(hook)'", in: temp.url)
        _ = try CommandRunner.run(["-l", "--git", temp.path])
        _ = try CommandRunner.run(["-e", "git on; mark ignored", temp.path])
        XCTAssertFalse(FileManager.default.fileExists(atPath: witness), "the repository's fsmonitor program ran")
        try? FileManager.default.removeItem(atPath: witness)
    }

    /// Listing never changes the repository: no index lock, no index written.
    func testGitIsAskedReadOnly() throws {
        let temp = try repository()
        let index = temp.path + "/.git/index"
        let before = try FileManager.default.attributesOfItem(atPath: index)[.modificationDate] as? Date
        let beforeBytes = try Data(contentsOf: URL(fileURLWithPath: index))
        _ = try CommandRunner.run(["-l", "--git", temp.path])
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: index)[.modificationDate] as? Date, before)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: index)), beforeBytes)
        XCTAssertFalse(FileManager.default.fileExists(atPath: temp.path + "/.git/index.lock"))
    }

    /// Names git quotes in its human output (a newline, bytes that are no
    /// UTF-8) are bytes here, as every name is; a merge's conflict is `U`.
    func testHostileNamesAndAConflict() throws {
        let temp = try TemporaryTree()
        let made = try CommandRunner.shell(
            """
            set -e
            git init -q -b main . && git config user.email t@example.com && git config user.name tester
            printf 'a\\n' > "$(printf 'line\\nbreak')"; printf 'b\\n' > "$(printf 'bad\\377byte')"; echo base > clash
            git add -A && git commit -qm first
            git checkout -q -b other && echo theirs > clash && git commit -qam other
            git checkout -q main && echo ours > clash && git commit -qam ours
            git merge -q other >/dev/null 2>&1 || true
            printf 'more\\n' >> "$(printf 'line\\nbreak')"; printf 'more\\n' >> "$(printf 'bad\\377byte')"
            """, in: temp.url)
        try XCTSkipIf(made.status != 0, "skipped: could not make the repository: \(made.stderr)")
        let shown = letters(try CommandRunner.run(["-l", "--git", temp.path]).text)
        XCTAssertEqual(shown["line\\nbreak"], "-M", "\(shown)")
        XCTAssertEqual(shown["bad\\xFFbyte"], "-M", "\(shown)")
        XCTAssertEqual(shown["clash"], "-U", "\(shown)")
    }

    /// A submodule with a change inside is modified in its parent and a work
    /// tree of its own; a linked worktree (`.git` a file) has its own
    /// letters; a `.git` file that points nowhere is not a work tree.
    func testASubmoduleALinkedWorktreeAndAGitFileThatPointsNowhere() throws {
        let temp = try TemporaryTree()
        let made = try CommandRunner.shell(
            """
            set -e
            identity() { git config user.email t@example.com && git config user.name tester; }
            mkdir sub main bad
            (cd sub && git init -q -b main && identity && echo s > s.txt && git add -A && git commit -qm s)
            cd main && git init -q -b main && identity && echo a > a && git add -A && git commit -qm a
            git -c protocol.file.allow=always submodule add -q ../sub sub >/dev/null 2>&1 && git commit -qm sub
            echo more >> sub/s.txt
            git worktree add -q ../linked 2>/dev/null && echo b >> ../linked/a && echo new > ../linked/new
            cd ../bad && echo 'gitdir: /nonexistent' > .git && echo x > x
            """, in: temp.url)
        try XCTSkipIf(made.status != 0, "skipped: could not make the repositories: \(made.stderr)")
        let parent = letters(try CommandRunner.run(["-l", "--git", temp.path + "/main"]).text)
        XCTAssertEqual(parent["sub"], "-M", "\(parent)")
        XCTAssertEqual(parent["a"], "--", "\(parent)")
        XCTAssertEqual(letters(try CommandRunner.run(["-l", "--git", temp.path + "/main/sub"]).text)["s.txt"], "-M")
        let linked = letters(try CommandRunner.run(["-l", "--git", temp.path + "/linked"]).text)
        XCTAssertEqual(linked["a"], "-M", "\(linked)")
        XCTAssertEqual(linked["new"], "-N", "\(linked)")
        XCTAssertEqual(parent["a"], "--", "the linked worktree's change is not the main tree's")
        let nowhere = try CommandRunner.run(["-l", "--git", temp.path + "/bad"])
        XCTAssertEqual(nowhere.status, 0)
        XCTAssertEqual(letters(nowhere.text)["x"], "--")
        XCTAssertTrue(nowhere.stderr.contains("bad: not in a git work tree; the git column shows --"), nowhere.stderr)
    }
}

/// The session's git column (`git on`): every style, `info` and the
/// detail pane in words, ignored rows dimmed, and at a terminal the page
/// drawn first and the letters when git answers.
final class GitColumnInSessionTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(CommandRunner.isInstalled("git"), "skipped: git is not installed (apt-get install git)")
    }

    private func repository() throws -> TemporaryTree {
        let temp = try TemporaryTree()
        let made = try CommandRunner.shell(
            """
            set -e
            git init -q -b main . && git config user.email t@example.com && git config user.name tester
            mkdir build; echo a > kept; echo b > changed; echo 'build/' > .gitignore
            git add -A && git commit -qm first
            echo more >> changed; echo new > fresh; echo out > build/out
            """, in: temp.url)
        try XCTSkipIf(made.status != 0, "skipped: could not make the repository: \(made.stderr)")
        return temp
    }

    func testTheColumnInfoAndTheCommandsWords() throws {
        let temp = try repository()
        let page = try CommandRunner.script("git on; style long; info changed", in: temp).text
        XCTAssertTrue(page.contains(" -M changed\n") && page.contains(" -N fresh\n") && page.contains(" -I build >\n"), page)
        XCTAssertTrue(page.contains(" -- kept\n"), page)
        XCTAssertTrue(page.contains("git:         changed, not staged\n"), page)
        let plain = try CommandRunner.script("git on", in: temp).text
        XCTAssertTrue(plain.contains("-M changed\n"), "every style: \(plain)")
        let off = try CommandRunner.script("git on; git off", in: temp).text
        XCTAssertFalse(off.components(separatedBy: "| page 1 of 1\n").last?.contains("-M") ?? true, off)
        let wrong = try CommandRunner.script("git maybe", in: temp)
        XCTAssertTrue(wrong.stderr.contains("git: 'maybe' is not on or off"), wrong.stderr)
        // gitignore on leaves out what git ignores, as --git-ignore does.
        let hidden = try CommandRunner.script("gitignore on", in: temp).text
        XCTAssertFalse(hidden.contains("build"), hidden)
        XCTAssertTrue(hidden.contains("fresh"), hidden)
    }

    /// At a terminal the page never waits for git: the screen's first frame
    /// is out before it answers, and the letters come in as it does.
    func testTheScreenFillsTheColumnWhenGitAnswers() throws {
        let temp = try repository()
        let screen = try ScriptedScreen.run(
            in: temp.path, events: [.keys(Array(":".utf8)), .keys(Array("git on\r".utf8)), .until(text: "-I", milliseconds: 5000)], columns: 100)
        XCTAssertTrue(screen.frame.contains { $0.contains("-M") && $0.contains("changed") }, screen.text)
        XCTAssertTrue(screen.frame.contains { $0.contains("-I") && $0.contains("build") }, screen.text)
        // Ignored rows dimmed, where the prompt draws in colour.
        let prompt = try ScriptedPrompt.run(
            in: temp.path, events: [.keys(Array("git on\r".utf8)), .until(text: "\u{1B}[2mbuild", milliseconds: 5000)], useColor: true)
        XCTAssertTrue(prompt.written.contains("\u{1B}[2mbuild"), prompt.written.debugDescription)
    }

    /// `filter --git KIND` keeps what git says is of a kind (a directory
    /// when something below it is), `sort git` brings changes first.
    func testFilterAndSortByGitsWord() throws {
        let temp = try repository()
        // The rows of the last page printed.
        let rows = { (text: String) -> [String] in
            (text.components(separatedBy: "| page 1 of 1\n").last ?? "").split(separator: "\n").filter {
                $0.first == " " || $0.first?.isNumber == true
            }.map {
                String($0.split(separator: " ", omittingEmptySubsequences: true).last ?? "")
            }
        }
        XCTAssertEqual(rows(try CommandRunner.script("filter --git modified", in: temp).text), ["changed"])
        XCTAssertEqual(rows(try CommandRunner.script("filter --git new", in: temp).text), ["fresh"])
        XCTAssertEqual(rows(try CommandRunner.script("filter --git ignored", in: temp).text), [">"], "build, a directory")
        XCTAssertEqual(rows(try CommandRunner.script("filter --git clean", in: temp).text), ["kept"])
        let wrong = try CommandRunner.script("filter --git shiny", in: temp)
        XCTAssertTrue(wrong.stderr.contains("filter --git: 'shiny' is not a kind git says: modified, new"), wrong.stderr)
        // Changed first (changed, then new), then unchanged, then ignored; by name within each.
        let sorted = rows(try CommandRunner.script("sort git", in: temp).text)
        XCTAssertEqual(sorted, ["changed", "fresh", "kept", ">"], "build (ignored) last")
        XCTAssertEqual(rows(try CommandRunner.script("sort git; sort name", in: temp).text).first, ">", "name order again: build first")
    }
}
