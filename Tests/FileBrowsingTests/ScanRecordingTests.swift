import Foundation
import TestSupport
import XCTest

@testable import FileBrowsing
@testable import SystemSeam

/// How a scan keeps what it found for a kept scan: a worker's names
/// recorded then laid out in name order (`NameRecorder`, `FileBatch`), and
/// the kept scan written by a thread of its own (`BackgroundFileWriter`)
/// whose first error reaches the caller.
final class ScanRecordingTests: XCTestCase {
    /// Names of every length (past the first buffers), recorded then laid
    /// out in a given order: the same arena as appending in that order.
    func testRecordedNamesComeOutInTheOrderAsked() {
        var generator = SystemRandomNumberGenerator()
        let names: [[UInt8]] = (0..<700).map { index in
            let length = index % 97 == 0 ? 300 + index : 1 + Int.random(in: 0..<12, using: &generator)
            return (0..<length).map { _ in UInt8.random(in: 1...255, using: &generator) }
        }
        let kinds: [FileKind] = names.indices.map { FileKind.allCases[$0 % FileKind.allCases.count] }
        let recorder = NameRecorder()
        XCTAssertEqual(recorder.arena(in: []).count, 0, "nothing recorded: an empty arena")
        for (name, kind) in zip(names, kinds) { name.withUnsafeBufferPointer { recorder.append($0, kind: kind) } }
        XCTAssertEqual(recorder.count, names.count)
        let order = names.indices.shuffled().map { Int32($0) }
        let arena = recorder.arena(in: order)
        var expected = NameArena()
        for index in order { expected.append(names[Int(index)], kind: kinds[Int(index)]) }
        XCTAssertEqual(arena.count, expected.count)
        for position in 0..<arena.count {
            XCTAssertEqual(arena.name(at: position), expected.name(at: position))
            XCTAssertEqual(arena.kind(at: position), expected.kind(at: position))
        }
        XCTAssertEqual(arena.byteCount, expected.byteCount)
    }

    /// A scan's files come out in name order, whatever order the directory
    /// gave them in, each with its own sizes.
    func testAScansFilesAreKeptInNameOrderWithTheirSizes() throws {
        let temp = try TemporaryTree.inMemory()
        // Names sharing their first six bytes or fewer, shorter than six, and with bytes over 0x7F.
        let names = [
            "b", "a", "ab", "B", "a b", "zz", "aaaaaaa", "aaaaaab", "aaaaaa", "aaaaa", "\u{E9}", "a\u{E9}", "\u{E9}t\u{E9}", "~", "aaaaaa\u{E9}",
        ]
        for (index, name) in names.enumerated() { temp.file(name, size: 1000 * (index + 1)) }
        var options = SpaceScan.Options()
        options.recordedDepth = .max
        let result = SpaceScan(options: options).run(try DirectoryHandle.open(Array(temp.path.utf8)))
        let files = result.entries.filter { $0.kind == .file }
        XCTAssertEqual(
            files.map { String(decoding: $0.node.component, as: UTF8.self) },
            names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
        for file in files {
            let index = names.firstIndex(of: String(decoding: file.node.component, as: UTF8.self))!
            XCTAssertEqual(file.totals.apparentBytes, Int64(1000 * (index + 1)), "sizes stay with their names")
        }
    }

    /// A worker's recorders serve all its directories: a large directory
    /// read before small ones leaves nothing behind in them, and each
    /// file keeps its own size. A file of 5 GiB (sparse) makes its batch
    /// keep 64-bit sizes; the others keep 32.
    func testEachDirectoryKeepsOnlyItsOwnFilesAndExactSizes() throws {
        let temp = try TemporaryTree.inMemory()
        let counts = ["big": 900, "small": 3, "one": 1, "mid": 40, "none": 0]
        for (folder, count) in counts {
            try temp.folder(folder)
            for index in 0..<count { temp.file("\(folder)-\(index)", size: index % 7 * 100, in: folder) }
        }
        let huge = temp.path + "/mid/huge"
        let fd = open(huge, O_CREAT | O_WRONLY, 0o644)
        XCTAssertGreaterThanOrEqual(fd, 0)
        XCTAssertEqual(ftruncate(fd, 5 << 30), 0)
        close(fd)
        var options = SpaceScan.Options()
        options.recordedDepth = .max
        let result = SpaceScan(options: options).run(try DirectoryHandle.open(Array(temp.path.utf8)))
        let files = result.entries.filter { $0.kind == .file }
        for (folder, count) in counts {
            let here = files.filter { $0.node.parent?.component == Array(folder.utf8) }
            let names = Set(here.map { String(decoding: $0.node.component, as: UTF8.self) }).subtracting(["huge"])
            XCTAssertEqual(names, Set((0..<count).map { "\(folder)-\($0)" }), folder)
            for file in here where file.node.component != Array("huge".utf8) {
                let index = Int(String(decoding: file.node.component, as: UTF8.self).split(separator: "-").last!)!
                XCTAssertEqual(file.totals.apparentBytes, Int64(index % 7 * 100), "\(folder): each file its own size")
            }
        }
        let big = try XCTUnwrap(files.first { $0.node.component == Array("huge".utf8) })
        XCTAssertEqual(big.totals.apparentBytes, 5 << 30, "over 4 GiB: kept whole")
        var status = stat()
        XCTAssertEqual(stat(huge, &status), 0)
        XCTAssertEqual(big.totals.diskBytes, Int64(status.st_blocks) * 512)
        // Kept and read back: the same figures, wide and narrow.
        let kept = try SavedScan(decoding: SavedScan.encoded(result, root: Array(temp.path.utf8), savedAt: 7))
        let keptHuge = try XCTUnwrap(kept.entries.first { $0.path == Array("mid/huge".utf8) })
        XCTAssertEqual(keptHuge.totals.apparentBytes, 5 << 30)
        XCTAssertEqual(kept.entries.first { $0.path == Array("mid/mid-3".utf8) }?.totals.apparentBytes, 300)
        XCTAssertEqual(kept.entries.first { $0.path == Array("big/big-899".utf8) }?.totals.apparentBytes, 300)
    }

    /// The radix sort orders values by the bytes asked for, whatever they
    /// share: against a sort by those bytes, for every byte count.
    func testRadixSortOrdersByTheTopBytes() {
        var generator = SystemRandomNumberGenerator()
        for byteCount in 1...8 {
            for size in [0, 1, 2, 3, 17, 300, 5000] {
                // Values sharing some bytes (as names sharing a prefix do), or none.
                let shared = UInt64.random(in: 0...UInt64.max, using: &generator)
                let mask = UInt64.random(in: 0...UInt64.max, using: &generator)
                var values = (0..<size).map { _ in (UInt64.random(in: 0...UInt64.max, using: &generator) & mask) | (shared & ~mask) }
                let keep = byteCount == 8 ? UInt64.max : ~(UInt64.max >> UInt64(8 * byteCount))
                let expected = values.map { $0 & keep }.sorted()
                let before = values.sorted()
                ByteRadixSort.sort(&values, byteCount: byteCount)
                XCTAssertEqual(values.map { $0 & keep }, expected, "\(byteCount) bytes, \(size) values")
                XCTAssertEqual(values.sorted(), before, "the same values, reordered")
            }
        }
    }

    func testChunksArriveInOrderAndAFailedWriteIsTold() throws {
        let temp = try TemporaryTree.inMemory()
        let path = temp.path + "/out"
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        XCTAssertGreaterThanOrEqual(fd, 0)
        let writer = BackgroundFileWriter(fd: fd)
        var expected: [UInt8] = []
        for chunk in 0..<40 {
            let bytes = (0..<(1000 + chunk * 977)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ chunk) }
            expected += bytes
            XCTAssertTrue(bytes.withUnsafeBytes { writer.write($0) })
        }
        XCTAssertNil(writer.finish())
        close(fd)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), Data(expected))

        let full = open("/dev/full", O_WRONLY)
        try XCTSkipIf(full < 0, "skipped: no /dev/full")
        defer { close(full) }
        let failing = BackgroundFileWriter(fd: full)
        var accepted = 0
        let chunk = [UInt8](repeating: 7, count: 1 << 16)
        // The first chunks may be taken before the first write fails; then every hand-over is refused.
        for _ in 0..<20 where chunk.withUnsafeBytes({ failing.write($0) }) { accepted += 1 }
        XCTAssertLessThan(accepted, 20)
        XCTAssertEqual(failing.finish(), Errno(ENOSPC))
    }

    /// A kept scan encoded in two halves on two threads holds the same
    /// bytes as one walk's, wherever the split falls: trees with files
    /// between the root's subdirectories, empty directories and deep last
    /// entries on either side of it, one subdirectory (no split) or none.
    func testTwoHalvesEncodeAsOneWalk() throws {
        var generator = SystemRandomNumberGenerator()
        defer { SavedScan.parallelThreshold = 50_000 }
        for round in 0..<12 {
            let temp = try TemporaryTree.inMemory()
            let fm = FileManager.default
            let subdirectories = [0, 1, 2, 3, 7, 20][round % 6]
            for index in 0..<subdirectories {
                let name = "d\(Int.random(in: 0..<1000, using: &generator))-\(index)"
                var path = temp.path + "/" + name
                for depth in 0..<Int.random(in: 0...3, using: &generator) { path += "/e\(depth)" }
                try fm.createDirectory(atPath: path, withIntermediateDirectories: true)
                for file in 0..<Int.random(in: 0...4, using: &generator) {
                    fm.createFile(atPath: path + "/f\(file)", contents: Data(count: file * 100))
                }
            }
            for file in 0..<Int.random(in: 0...6, using: &generator) {
                fm.createFile(
                    atPath: temp.path + "/\(["a", "d5", "e", "z", "d"].randomElement(using: &generator)!)\(file)", contents: Data(count: 10))
            }
            var options = SpaceScan.Options()
            options.recordedDepth = .max
            let result = SpaceScan(options: options).run(try DirectoryHandle.open(Array(temp.path.utf8)))
            SavedScan.parallelThreshold = .max
            let one = SavedScan.encoded(result, root: Array(temp.path.utf8), savedAt: 7)
            SavedScan.parallelThreshold = 1
            let halves = SavedScan.encoded(result, root: Array(temp.path.utf8), savedAt: 7)
            XCTAssertEqual(halves, one, "round \(round): \(subdirectories) subdirectories")
        }
    }
}
