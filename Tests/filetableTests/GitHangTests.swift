import Foundation
import TestSupport
import XCTest

/// A git that hangs (a stalled network file system under the repository, a
/// hostile hook) never holds filetable: Ctrl-C ends every wait on git at
/// once, in the listing modes (status 130) and at the prompt, where the
/// command says it was stopped and the session goes on as it was.
final class GitHangTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(CommandRunner.isInstalled("git"), "skipped: git is not installed (apt-get install git)")
    }

    /// A work tree, and a folder holding a `git` that hangs once started
    /// (after saying so by making the file `started`).
    private func setUp() throws -> (tree: TemporaryTree, fakeGit: TemporaryTree) {
        let tree = try TemporaryTree()
        let made = try CommandRunner.shell(
            """
            set -e
            git init -q -b main . && git config user.email t@example.com && git config user.name tester
            mkdir src && echo a > src/a.c && echo 'build/' > .gitignore && git add -A && git commit -qm first
            """, in: tree.url)
        try XCTSkipIf(made.status != 0, "skipped: could not make the repository: \(made.stderr)")
        let fake = try TemporaryTree()
        FileManager.default.createFile(
            atPath: fake.path + "/git", contents: Data("#!/bin/sh\ntouch \"$FAKE_GIT_STARTED\"\nexec sleep 60\n".utf8),
            attributes: [.posixPermissions: 0o755])
        return (tree, fake)
    }

    /// Runs filetable with `arguments`, Ctrl-C as a terminal sends it (to
    /// the whole process group) once the hanging git started; how it ended,
    /// how long it ran in all, and what it said on standard error.
    private func interruptedWhileGitHangs(
        _ arguments: [String], tree: TemporaryTree, fakeGit: TemporaryTree
    ) throws -> (
        ending: SpawnedProcess.Ending, seconds: Double, errors: String
    ) {
        let started = fakeGit.path + "/started-\(UUID().uuidString)"
        let path = fakeGit.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let begun = Date()
        var gitStarted = false
        let run = try CommandRunner.runAsJob(arguments, in: tree.url, environment: ["PATH": path, "FAKE_GIT_STARTED": started]) { pid in
            // Until git started (or 20 s, should filetable never start it).
            while !FileManager.default.fileExists(atPath: started), Date().timeIntervalSince(begun) < 20 { usleep(10_000) }
            gitStarted = FileManager.default.fileExists(atPath: started)
            kill(-pid, SIGINT)
        }
        XCTAssertTrue(gitStarted, "\(arguments): git was never started")
        return (run.ending, Date().timeIntervalSince(begun), run.stderr)
    }

    func testCtrlCEndsAListingWaitingOnGit() throws {
        let (tree, fake) = try setUp()
        let modes = [
            ["-l", "--git", "."], ["--rev", "HEAD", "-l", "."], ["--rev", "HEAD", "--cat", "src/a.c"], ["--git-ignore", "-1", "."],
            ["--tree", "--gitignore", "."], ["--du", "--git", "."],
        ]
        for arguments in modes {
            let ended = try interruptedWhileGitHangs(arguments, tree: tree, fakeGit: fake)
            XCTAssertTrue([.signalled(SIGINT), .exited(130)].contains(ended.ending), "\(arguments): \(ended.ending) \(ended.errors)")
            XCTAssertLessThan(ended.seconds, 5, "\(arguments) waited on a hanging git after Ctrl-C")
        }
    }

    func testCtrlCStopsASessionCommandWaitingOnGitAndTheSessionGoesOn() throws {
        let (tree, fake) = try setUp()
        let stopped = [
            "rev HEAD": "rev: \(tree.path): stopped by Ctrl-C before git answered",
            "gitignore on": "gitignore on: \(tree.path): stopped by Ctrl-C before git answered; nothing changed",
            "filter --git modified": "filter --git: \(tree.path): stopped by Ctrl-C before git answered; nothing changed",
            "sort git": "sort git: \(tree.path): stopped by Ctrl-C before git answered; nothing changed",
            "mark ignored": "mark ignored: \(tree.path): stopped by Ctrl-C before git answered",
            "compare --rev HEAD": "compare --rev: \(tree.path): stopped by Ctrl-C before git answered",
        ]
        for (command, said) in stopped {
            let ended = try interruptedWhileGitHangs(["-e", command, "."], tree: tree, fakeGit: fake)
            XCTAssertLessThan(ended.seconds, 5, "\(command) waited on a hanging git after Ctrl-C")
            XCTAssertEqual(ended.ending, .exited(1), "\(command): \(ended.errors)")
            XCTAssertTrue(ended.errors.contains(said), "\(command): \(ended.errors)")
        }
        // `figures git` leaves its columns blank and asks again on the next page.
        let figures = try interruptedWhileGitHangs(["-e", "du; figures git", "."], tree: tree, fakeGit: fake)
        XCTAssertLessThan(figures.seconds, 5, "figures git waited on a hanging git after Ctrl-C")
    }
}
