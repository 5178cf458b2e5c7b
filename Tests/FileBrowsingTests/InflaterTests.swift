import FileBrowsing
import Foundation
import TestSupport
import XCTest

/// The DEFLATE decoder and gzip reader against `gzip` itself: every level,
/// stored blocks, several members, and damaged input that must fail cleanly.
final class InflaterTests: XCTestCase {
    /// Text and noise mixed, so blocks of every kind occur.
    private func sample(_ count: Int) -> [UInt8] {
        var state: UInt32 = 12345
        var bytes: [UInt8] = []
        let words = Array("the quick brown fox jumps over the lazy dog; 0123456789\n".utf8)
        while bytes.count < count {
            state = state &* 1_103_515_245 &+ 12345
            if state >> 28 < 9 {
                bytes += words[Int(state >> 8) % 20..<words.count]
            } else {
                for _ in 0..<Int(state >> 20 & 255) {
                    state = state &* 1_103_515_245 &+ 12345
                    bytes.append(UInt8(truncatingIfNeeded: state >> 16))
                }
            }
        }
        return Array(bytes.prefix(count))
    }

    private func gzip(_ bytes: [UInt8], _ flags: String, in temp: TemporaryTree) throws -> [UInt8] {
        let input = temp.path + "/input"
        FileManager.default.createFile(atPath: input, contents: Data(bytes))
        let result = try SpawnedProcess.shell("gzip -c \(flags) '\(input)' > '\(input).gz'")
        try XCTSkipIf(result.status != 0, "skipped: gzip is not installed")
        return [UInt8](FileManager.default.contents(atPath: input + ".gz") ?? Data())
    }

    private func gunzip(_ compressed: [UInt8], chunk: Int = 1 << 16) throws(ArchiveError) -> [UInt8] {
        let stream = try GzipStream(source: MemoryBytes(path: Array("t.gz".utf8), bytes: compressed))
        var result: [UInt8] = []
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            let count = try stream.read(into: buffer)
            if count == 0 { return result }
            result += buffer[0..<count]
        }
    }

    func testEveryLevelDecodesToTheOriginal() throws {
        let temp = try TemporaryTree.inMemory()
        let original = sample(700_000)
        for flags in ["-1", "-6", "-9"] {
            let compressed = try gzip(original, flags, in: temp)
            XCTAssertEqual(try gunzip(compressed), original, "gzip \(flags)")
            // Output asked for in odd small pieces, so matches are cut and resumed.
            XCTAssertEqual(try gunzip(compressed, chunk: 7), original, "gzip \(flags), 7 bytes at a time")
        }
        // Incompressible bytes: stored blocks.
        var noise = [UInt8](repeating: 0, count: 200_000)
        var state: UInt64 = 99
        for index in noise.indices {
            state = state &* 6_364_136_223_846_793_005 &+ 1
            noise[index] = UInt8(truncatingIfNeeded: state >> 33)
        }
        XCTAssertEqual(try gunzip(try gzip(noise, "-9", in: temp)), noise)
        XCTAssertEqual(try gunzip(try gzip([], "-9", in: temp)), [])
    }

    func testMembersOneAfterAnotherReadAsOneStream() throws {
        let temp = try TemporaryTree.inMemory()
        let first = sample(5000)
        let second = Array("and a second member\n".utf8)
        let joined = try gzip(first, "-6", in: temp) + (try gzip(second, "-1", in: temp))
        XCTAssertEqual(try gunzip(joined), first + second)
    }

    func testDamagedStreamsFailWithAReason() throws {
        let temp = try TemporaryTree.inMemory()
        let compressed = try gzip(sample(100_000), "-6", in: temp)
        for cut in [5, 12, 40, compressed.count / 2, compressed.count - 4] {
            XCTAssertThrowsError(try gunzip(Array(compressed.prefix(cut))), "cut at \(cut)")
        }
        var flipped = compressed
        flipped[flipped.count - 6] ^= 0xFF
        XCTAssertThrowsError(try gunzip(flipped)) { error in
            XCTAssertTrue("\(error)".contains("CRC") || "\(error)".contains("length"), "\(error)")
        }
        // Noise after a valid header: an error, never a crash or a hang.
        var state: UInt64 = 7
        for _ in 0..<200 {
            var bytes = Array(compressed.prefix(10))
            for _ in 0..<300 {
                state = state &* 6_364_136_223_846_793_005 &+ 1
                bytes.append(UInt8(truncatingIfNeeded: state >> 33))
            }
            _ = try? gunzip(bytes)
        }
    }

    /// Checkpoints kept while a stream is read let a later read start in
    /// the middle (zran's seek points): from each, the bytes that follow
    /// are the original's.
    func testReadingResumesFromEveryCheckpoint() throws {
        let temp = try TemporaryTree.inMemory()
        let original = sample(3_000_000)
        let compressed = try gzip(original, "-6", in: temp)
        let source = MemoryBytes(path: Array("t.gz".utf8), bytes: compressed)
        let whole = try GzipStream(source: source)
        whole.checkpointSpacing = 200_000
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 8)
        defer { buffer.deallocate() }
        while try whole.read(into: buffer) > 0 {}
        XCTAssertGreaterThan(whole.checkpoints.count, 5, "a checkpoint about every 200 KB of 3 MB")
        for checkpoint in whole.checkpoints {
            let resumed = GzipStream(source: source, resumingAt: checkpoint)
            var got: [UInt8] = []
            while got.count < 100_000 {
                let count = try resumed.read(into: buffer)
                if count == 0 { break }
                got += buffer[0..<count]
            }
            let start = Int(checkpoint.output)
            XCTAssertEqual(got.prefix(100_000), original[start..<min(original.count, start + 100_000)], "from \(start)")
        }
    }
}
