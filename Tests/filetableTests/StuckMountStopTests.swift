import FileBrowsing
import Foundation
import TestSupport
import XCTest

/// The workers of `du` and `dupes` stuck in a call on a mount that stopped
/// answering: a stop gives the caller back within Ctrl-C's promise (0.3 s),
/// the stuck thread left to finish alone, and the result says it is
/// partial. In process: the stop is what Ctrl-C asks of the operation.
final class StuckMountStopTests: XCTestCase {
    /// How long after the stop the call may take to return: the promise's
    /// 0.3 s, with room for a loaded machine (the grace is 0.2 s; it was 0.5 s
    /// for a scan, and a read by the search for copies waited the whole stall).
    /// Under a sanitizer (`.ci/sanitizers` sets its options) twice that: the
    /// run checks memory and threads there, not time.
    private let allowed = ProcessInfo.processInfo.environment["TSAN_OPTIONS"] != nil ? 0.9 : 0.45

    func testAScanStuckInAStatusCallStopsAtOnce() throws {
        let temp = try TemporaryTree()
        try temp.folder("mnt")
        let hanging = try HangingFileSystem(at: temp.path + "/mnt")
        defer { hanging.unmount() }
        let scan = SpaceScan(options: SpaceScan.Options())
        let started = Date()
        var stoppedAt: Date?
        let result = scan.run(try DirectoryHandle.open(Array((temp.path + "/mnt").utf8))) {
            // Stopped once the workers are surely inside `slow-stat`'s getattr.
            if stoppedAt == nil, Date().timeIntervalSince(started) > 0.3 {
                stoppedAt = Date()
                scan.cancel()
            }
        }
        let stop = try XCTUnwrap(stoppedAt)
        XCTAssertLessThan(Date().timeIntervalSince(stop), allowed)
        XCTAssertTrue(result.cancelled)
    }

    func testASearchForCopiesStuckInAReadStopsAtOnce() throws {
        let temp = try TemporaryTree()
        try temp.folder("mnt")
        try temp.folder("here")
        // The same size as the mount's `slow-read` (6 bytes), so its head is read.
        temp.file("here/six", contents: "nevez\n")
        let hanging = try HangingFileSystem(at: temp.path + "/mnt", stalls: .readsOnly)
        defer { hanging.unmount() }
        let finder = CopyFinder()
        var stoppedAt: Date?
        let readsStalled = Date().addingTimeInterval(0.5)
        let roots = [try DirectoryHandle.open(Array((temp.path + "/mnt").utf8)), try DirectoryHandle.open(Array((temp.path + "/here").utf8))]
        let search = finder.run(roots) {
            // The walk answers at once; half a second on, a reader is in `slow-read`.
            if stoppedAt == nil, Date() > readsStalled {
                stoppedAt = Date()
                finder.cancel()
            }
        }
        let stop = try XCTUnwrap(stoppedAt, "the search ended before it reached the stalled read")
        XCTAssertLessThan(Date().timeIntervalSince(stop), allowed)
        XCTAssertTrue(search.cancelled)
        XCTAssertTrue(search.groups.isEmpty)
    }
}
