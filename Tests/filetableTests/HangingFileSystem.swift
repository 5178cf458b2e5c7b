import Foundation
import XCTest

/// `Samples/fuse/hanging_fs.py` mounted for a test: a FUSE file system
/// whose `getattr` of one file and one directory, and reads of another,
/// sleep for `seconds`. Skips the test (XCTSkip) where FUSE or python3-fuse
/// is missing or the mount does not come up within five seconds.
struct HangingFileSystem {
    let mount: String

    /// Which calls sleep.
    enum Stalls: String {
        /// `getattr` of `slow-stat` and `slow-dir`, and the reads named above.
        case some = ""
        /// Every call, the root's `getattr` too (a dead sshfs mount point in
        /// an ordinary directory).
        case every = "dead"
        /// Reads only: every `getattr` answers, so a walk of the mount ends.
        case readsOnly = "reads"
    }

    init(at mount: String, seconds: Int = 30, stalls: Stalls = .some) throws {
        self.mount = mount
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Samples/fuse/hanging_fs.py").path
        guard FileManager.default.fileExists(atPath: "/dev/fuse"),
            (try CommandRunner.shell("/usr/bin/python3 -c 'import fuse' && command -v fusermount")).status == 0
        else {
            throw XCTSkip("skipped: FUSE or python3-fuse is not available (apt-get install fuse3 python3-fuse)")
        }
        _ = CommandRunner.system("/usr/bin/python3 '\(script)' '\(mount)' \(seconds) \(stalls.rawValue) >/dev/null 2>&1 &")
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline, !CommandRunner.system("cat /proc/mounts").contains(mount) { usleep(50_000) }
        guard CommandRunner.system("cat /proc/mounts").contains(mount) else {
            unmount()
            throw XCTSkip("skipped: the FUSE file system could not be mounted here")
        }
    }

    /// Unmounts it (lazily) and kills its process, so a call still stuck
    /// there fails at once instead of sleeping on for its full delay.
    func unmount() {
        _ = CommandRunner.system("fusermount -u -z '\(mount)' 2>/dev/null; pkill -9 -f 'hanging_fs.py \(mount)'")
    }
}
