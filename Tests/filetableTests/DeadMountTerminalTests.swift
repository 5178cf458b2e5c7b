import Foundation
import TestSupport
import XCTest

/// A dead mount point in an ordinary directory (a home holding a dead
/// sshfs, `/mnt`, `/media`): every call on the mount hangs, the rest of the
/// directory answers. The session starts at once there, as `ls` lists at
/// once; the mount point's row is the one that does not respond, and
/// Ctrl-C gives back any wait on it.
final class DeadMountTerminalTests: XCTestCase {
    private let tmux = TmuxDriver(name: "filetable-dead-mount")

    override func setUpWithError() throws {
        try XCTSkipUnless(CommandRunner.isInstalled("tmux"), "skipped: tmux is not installed (apt-get install tmux)")
    }

    override func tearDown() { tmux.kill() }

    /// A session started (`flags`) on a hanging mount of a tree of its own,
    /// its first page drawn; the caller unmounts it.
    private func sessionOnHangingMount(flags: String = "") throws -> (temp: TemporaryTree, hanging: HangingFileSystem) {
        let temp = try TemporaryTree()
        try temp.folder("mnt")
        let hanging = try HangingFileSystem(at: temp.path + "/mnt")
        tmux.start("cd / && HOME=$(mktemp -d) '\(CommandRunner.executable.path)' \(flags) '\(temp.path)/mnt'")
        tmux.waitFor("help --", seconds: 2)
        return (temp, hanging)
    }

    func testADeadMountBesideTheStartNeverHoldsItUp() throws {
        let temp = try TemporaryTree()
        try temp.folder("mnt")
        try temp.folder("sub")
        temp.file("local.txt", contents: "here\n")
        let hanging = try HangingFileSystem(at: temp.path + "/mnt", stalls: .every)
        defer { hanging.unmount() }
        tmux.start("cd '\(temp.path)' && HOME=$(mktemp -d) '\(CommandRunner.executable.path)' .")
        // The first page within a second (it waited 30 s on the mount point's lstat).
        let first = tmux.waitFor("help --", seconds: 1)
        XCTAssertTrue(first.contains("local.txt") && first.contains("mnt") && first.contains("sub"), first)
        tmux.type(["open mnt", "Enter"])
        tmux.waitFor("open: \(temp.path)/mnt: not responding", seconds: 2)
        tmux.type(["info mnt", "Enter"])
        tmux.waitFor("mnt: not responding (still waiting; Ctrl-C to give up)", seconds: 2)
        // Keys typed while it waits are not echoed: an escape sequence pasted
        // meanwhile never reaches the screen as it is.
        tmux.type(["XYZ"])
        tmux.type(["C-c"])
        let gaveUp = tmux.waitFor("gave up waiting", seconds: 1)
        XCTAssertFalse(gaveUp.contains("XYZ"), gaveUp)
        XCTAssertFalse(gaveUp.contains("^C"), gaveUp)
        // du leaves the mount that does not answer out, says so, and sizes the rest
        // (its mount point's statx held the scan for good).
        tmux.type(["du", "Enter"])
        tmux.waitFor("in 1 file; left out \(temp.path)/mnt: not responding", seconds: 3)
        // The rest of the directory answers as ever.
        tmux.type(["view local.txt", "Enter"])
        tmux.waitFor("1  here", seconds: 2)
        tmux.type(["q", "Enter"])
        tmux.type(["q", "Enter"])
        XCTAssertTrue(tmux.ends())
    }

    /// A comparison that reaches a file the mount does not answer for never
    /// holds the prompt and never calls the pair the same: Ctrl-C ends a
    /// stalled read at once, saying nothing was compared whole (it waited
    /// the whole stall, then said every file was the same), or the pair is
    /// said to be unreadable, the comparison headed partial.
    func testACompareStuckOnAMountEndsOnCtrlC() throws {
        let temp = try TemporaryTree()
        try temp.folder("mnt")
        try temp.folder("here")
        // The same size as the mount's: only reading its bytes tells them apart.
        temp.file("slow-read", contents: "never\n", in: "here")
        let hanging = try HangingFileSystem(at: temp.path + "/mnt")
        defer { hanging.unmount() }
        tmux.start("cd '\(temp.path)/here' && HOME=$(mktemp -d) '\(CommandRunner.executable.path)' .")
        tmux.waitFor("help --", seconds: 2)
        tmux.type(["compare ../mnt", "Enter"])
        tmux.waitFor("compare ../mnt\n", seconds: 1)
        tmux.waitUntilCtrlCIsASignal()
        let pressed = Date()
        tmux.type(["C-c"])
        var screen = tmux.screen()
        while Date().timeIntervalSince(pressed) < 3, !screen.contains("nothing to show"), !screen.contains("could not be read") {
            screen = tmux.screen()
        }
        XCTAssertTrue(screen.contains("nothing to show") || screen.contains("could not be read"), screen)
        XCTAssertLessThan(Date().timeIntervalSince(pressed), 3, "Ctrl-C came back late")
        XCTAssertFalse(screen.contains("the same on both sides") || screen.contains("1 file the same"), screen)
        tmux.type(["pwd", "Enter"])
        tmux.waitFor("\(temp.path)/here\n", seconds: 1)
    }

    /// A file whose reads stall midway (its first 256 KiB answer): the
    /// viewer, counting its lines before it draws, gives up on Ctrl-C at
    /// once (it waited out the whole stall, 40 s and more).
    func testAViewWhoseReadsStallMidwayEndsOnCtrlC() throws {
        let (temp, hanging) = try sessionOnHangingMount()
        defer { hanging.unmount() }
        tmux.type(["view slow-tail", "Enter"])
        tmux.waitFor("view slow-tail\n", seconds: 1)
        let pressed = Date()
        tmux.type(["C-c"])
        tmux.waitFor("slow-tail: not responding", seconds: 2)
        XCTAssertLessThan(Date().timeIntervalSince(pressed), 1.5, "Ctrl-C came back late")
        tmux.type(["pwd", "Enter"])
        tmux.waitFor("\(temp.path)/mnt\n", seconds: 1)
    }

    /// An archive whose reads stall midway: `open` says it is not
    /// responding, Ctrl-C gives the prompt back, and the members read before
    /// the stall open as a level headed partial (it froze the prompt).
    func testAnArchiveWhoseReadsStallOpensPartialOnCtrlC() throws {
        // One row a page: the page's own stat of the sleeping files is not asked.
        let (temp, hanging) = try sessionOnHangingMount(flags: "--page-size 1")
        // The tree outlives the mount: removing it with the mount still there walks into it.
        defer { withExtendedLifetime(temp) { hanging.unmount() } }
        tmux.type(["open slow.tar", "Enter"])
        tmux.waitFor("slow.tar: not responding (still waiting; Ctrl-C to give up)", seconds: 2)
        tmux.type(["C-c"])
        let partial = tmux.waitFor("partial: not responding (the file system did not answer)", seconds: 2)
        XCTAssertTrue(partial.contains("member-00"), partial)
    }
}
