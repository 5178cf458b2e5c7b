import Foundation
import TestSupport
import XCTest

@testable import FileBrowsing
@testable import HexDump

/// A regular file dumped by several workers, each reading and formatting its
/// own chunks, gives exactly what one formatter gives over the same bytes:
/// every layout, squeezing on and off, colour, chunk sizes down to one
/// line, one to four workers, ranges that start and end inside lines, and
/// runs of repeated lines that cross chunk boundaries.
final class ParallelHexDumpTests: XCTestCase {
    /// Bytes with repeated runs at, just before and just after chunk edges (also `ParallelHexdumpFormatTests`').
    static func sampleBytes() -> [UInt8] {
        var bytes = (0..<9_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }
        // Repeated lines at, just before and just after chunk boundaries (multiples of 48 and 4096).
        for start in [0, 32, 4_064, 4_096, 4_112, 6_000, 8_160] {
            for i in 0..<80 where start + i < bytes.count { bytes[start + i] = 0x41 }
        }
        return bytes + [UInt8](repeating: 0, count: 3_000) + [1, 2, 3, 4, 5, 6, 7]
    }

    private func openFile(_ bytes: [UInt8], in tree: TemporaryTree) -> Int32 {
        let path = tree.path + "/data"
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return open(path, O_RDONLY)
    }

    /// What one formatter writes for `bytes` from `offset`.
    private func expected(_ bytes: ArraySlice<UInt8>, offset: UInt64, layout: HexFormatter) -> [UInt8] {
        var formatter = layout
        let capacity = formatter.outputCapacity(for: bytes.count)
        var output = [UInt8](repeating: 0, count: capacity)
        let written = Array(bytes).withUnsafeBytes { input in
            output.withUnsafeMutableBufferPointer { formatter.format(input, into: $0) }
        }
        var result = Array(output[0..<written])
        formatter.finish(into: &result)
        return result
    }

    func testEveryLayoutChunkSizeAndWorkerCountMatchesOneFormatter() throws {
        let tree = try TemporaryTree()
        let bytes = Self.sampleBytes()
        let fd = openFile(bytes, in: tree)
        defer { close(fd) }
        let formats: [(HexFormat, Bool, Bool)] = [
            (.canonical, true, false), (.canonical, false, false), (.canonical, true, true),
            (.xxd(columns: 16, group: 2, uppercase: false), false, false), (.xxd(columns: 13, group: 3, uppercase: true), false, false),
            (.plain(columns: 30, uppercase: false), false, false), (.plain(columns: 7, uppercase: true), false, false),
        ]
        let ranges: [(UInt64, UInt64?)] = [(0, nil), (5, nil), (100, 3_333), (4_090, 20), (0, UInt64(bytes.count)), (11_999, nil)]
        for (format, squeezes, colored) in formats {
            for chunkBytes in [1, 48, 4_096, 1 << 20] {
                for workers in 1...4 {
                    for (start, length) in ranges {
                        let layout = HexFormatter(format: format, startOffset: start, squeezes: squeezes, colored: colored)
                        let end = length.map { min(bytes.count, Int(start + $0)) } ?? bytes.count
                        let want = expected(bytes[Int(start)..<end], offset: start, layout: layout)
                        var formatter = layout
                        var got: [UInt8] = []
                        try ParallelHexDump(fd: fd, path: [], start: start, length: length, chunkBytes: chunkBytes, workers: workers)
                            .run(&formatter) { chunk in
                                got += chunk
                                return true
                            }
                        formatter.finish(into: &got)
                        XCTAssertEqual(
                            got, want,
                            "\(format) squeeze \(squeezes) colour \(colored) chunk \(chunkBytes) workers \(workers) range \(start) \(String(describing: length))"
                        )
                    }
                }
            }
        }
    }

    func testAWriterThatStopsEndsTheDumpAfterThatChunk() throws {
        let tree = try TemporaryTree()
        let fd = openFile(Self.sampleBytes(), in: tree)
        defer { close(fd) }
        var calls = 0
        var formatter = HexFormatter(format: .canonical, squeezes: false)
        try ParallelHexDump(fd: fd, path: [], start: 0, length: nil, chunkBytes: 160, workers: 3).run(&formatter) { _ in
            calls += 1
            return calls < 4
        }
        XCTAssertEqual(calls, 4, "no chunk is written after the writer said stop")
    }

    func testAReadErrorIsReportedAfterTheChunksBeforeIt() throws {
        let tree = try TemporaryTree()
        let fd = open(tree.path, O_RDONLY | O_DIRECTORY)
        defer { close(fd) }
        var formatter = HexFormatter(format: .canonical)
        var written = 0
        XCTAssertThrowsError(
            try ParallelHexDump(fd: fd, path: Array("dir".utf8), start: 0, length: nil, chunkBytes: 64, workers: 2).run(&formatter) { chunk in
                written += chunk.count
                return true
            }
        ) { error in
            XCTAssertEqual((error as? FileError)?.description, "dir: Is a directory")
        }
        XCTAssertEqual(written, 0)
    }
}
