import Foundation
import TestSupport
import XCTest

/// Inputs that never end are never read to their end: a saved scan is
/// known by its first bytes (`/dev/zero` and `/dev/urandom` are refused at
/// once, as `ncdu -f` refuses them), a pipe that starts as a scan and goes
/// on for ever stops at a bound, and du's `--files0-from` streams its names
/// as du does.
final class EndlessInputsEndToEndTests: XCTestCase {
    func testAScanThatIsNoScanIsRefusedAtOnce() throws {
        let temp = try TemporaryTree.inMemory()
        for (option, device) in [("--load", "/dev/zero"), ("--load", "/dev/urandom"), ("--since", "/dev/urandom"), ("--since", "/dev/zero")] {
            let arguments = ["--du", option, device] + (option == "--since" ? ["."] : [])
            let result = try CommandRunner.run(arguments, in: temp.url)
            XCTAssertEqual(result.status, 1, "\(option) \(device)")
            XCTAssertEqual(
                result.stderr, "filetable: \(device): at byte 0: not a scan filetable saved (it starts FTSCAN1; save one with --du --save FILE)\n")
        }
    }

    /// du reads `--files0-from` as it goes: the first names' messages come
    /// out while `/dev/zero` is still being read (a whole read never would).
    func testFilesFromAnEndlessInputStream() throws {
        let temp = try TemporaryTree.inMemory()
        let result = try CommandRunner.shell(
            "timeout 20 '\(CommandRunner.executable.path)' --du --files0-from /dev/zero 2>&1 | head -3", in: temp.url)
        XCTAssertEqual(
            result.text,
            (1...3).map { "filetable: /dev/zero:\($0): invalid zero-length file name\n" }.joined())
        // Names from a list still work as du's.
        _ = try CommandRunner.shell("mkdir a b && printf 'a\\0\\0b' > list", in: temp.url)
        let listed = try CommandRunner.run(["--du", "--files0-from", "list"], in: temp.url)
        XCTAssertEqual(listed.stderr, "filetable: list:2: invalid zero-length file name\n")
        XCTAssertEqual(listed.text.split(separator: "\n").map { String($0.split(separator: "\t").last ?? "") }, ["a", "b"])
        XCTAssertEqual(listed.status, 1)
    }
}
