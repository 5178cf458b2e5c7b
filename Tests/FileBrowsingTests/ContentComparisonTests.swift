import Foundation
import TestSupport
import XCTest

@testable import FileBrowsing
@testable import SystemSeam

/// The byte-for-byte comparison under the search for copies: a file that
/// is no longer what the walk saw (rewritten during the scan) is left out,
/// never grouped; files that share their ends but not their middle differ.
final class ContentComparisonTests: XCTestCase {
    /// Each candidate's path, by record.
    private var paths: [Int: [UInt8]] = [:]

    private func comparison() -> ContentComparison {
        let known = paths
        return ContentComparison(open: { record in withCString(known[record]!) { Syscalls.openWithoutFollowing($0) } }, isCancelled: { false })
    }

    private func candidate(_ temp: TemporaryTree, _ name: String, record: Int, modified: Timestamp? = nil) throws -> CopyCandidate {
        let path = Array((temp.path + "/" + name).utf8)
        guard case .success(let status) = PathResolution.status(of: path) else { throw XCTSkip("cannot stat \(name)") }
        paths[record] = path
        return CopyCandidate(record: record, identity: status.identity, size: status.size, modified: modified ?? status.modificationTime)
    }

    private func write(_ temp: TemporaryTree, _ name: String, _ bytes: [UInt8]) {
        FileManager.default.createFile(atPath: temp.path + "/" + name, contents: Data(bytes))
    }

    func testAFileRewrittenSinceTheWalkIsLeftOut() throws {
        let temp = try TemporaryTree()
        for size in [100, 300_000] {
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 * 31) }
            write(temp, "a\(size)", bytes)
            write(temp, "b\(size)", bytes)
            write(temp, "c\(size)", bytes)
            // The walk saw c with another time: it was rewritten since.
            let files = [
                try candidate(temp, "a\(size)", record: 0), try candidate(temp, "b\(size)", record: 1),
                try candidate(temp, "c\(size)", record: 2, modified: Timestamp(seconds: 1)),
            ]
            let outcome = comparison().classes(of: files, size: Int64(size))
            XCTAssertEqual(outcome.classes, [[0, 1]], "size \(size)")
            XCTAssertEqual(outcome.changed, [2], "size \(size)")
        }
    }

    func testSharedEndsWithADifferentMiddleAreNotCopies() throws {
        let temp = try TemporaryTree()
        let size = 1 << 21
        var bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        write(temp, "a", bytes)
        write(temp, "b", bytes)
        bytes[size / 2] ^= 1
        write(temp, "c", bytes)
        write(temp, "d", bytes)
        let files = try ["a", "b", "c", "d"].enumerated().map { try candidate(temp, $1, record: $0) }
        let outcome = comparison().classes(of: files, size: Int64(size))
        XCTAssertEqual(Set(outcome.classes.map(Set.init)), [[0, 1], [2, 3]])
        XCTAssertTrue(outcome.changed.isEmpty)
    }

    /// The bucketing hash depends on every byte (it never decides equality).
    func testTheHashSeesEveryByte() {
        var seen = Set<UInt64>()
        for length in 0..<40 {
            for flipped in 0..<max(1, length) {
                var bytes = [UInt8](repeating: 0x61, count: length)
                if length > 0 { bytes[flipped] = 0x62 }
                var hash = ContentHash()
                bytes.withUnsafeBytes { hash.add($0) }
                seen.insert(hash.value)
            }
        }
        XCTAssertEqual(seen.count, 1 + (1..<40).reduce(0, +))
    }
}
