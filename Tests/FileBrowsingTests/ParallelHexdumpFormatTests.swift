import Foundation
import TestSupport
import XCTest

@testable import FileBrowsing
@testable import HexDump

/// hexdump's format strings over a regular file by several workers
/// (`HexdumpChunkFormatter` in `ParallelHexDump`), then the short last
/// block and `%_A` (`HexdumpFormatDump(resuming:)`), give exactly what one
/// dump in order gives: chunk sizes down to one block, one to four
/// workers, ranges that start and end inside blocks, squeezing on and off
/// with repeated blocks across chunk edges.
final class ParallelHexdumpFormatTests: XCTestCase {
    private func inOrder(_ bytes: ArraySlice<UInt8>, _ format: HexdumpFormat, start: UInt64, squeezes: Bool) -> [UInt8] {
        var dump = HexdumpFormatDump(format: format, startOffset: start, squeezes: squeezes)
        var text: [UInt8] = []
        Array(bytes).withUnsafeBytes { dump.append($0, into: &text) }
        dump.finish(into: &text)
        return text
    }

    func testWorkersDrawWhatOneDumpDraws() throws {
        let tree = try TemporaryTree()
        let bytes = ParallelHexDumpTests.sampleBytes()
        let path = tree.path + "/data"
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        let formats: [[String]] = [
            [#""%08.8_Ax\n""#, #""%08.8_ax  " 8/1 "%02x " "  " 8/1 "%02x ""#, #""  |" 16/1 "%_p" "|\n""#],
            [#"4/4 "%08x " "\n""#], [#""%07.7_Ax\n""#, #""%07.7_ax " 8/2 "%04x " "\n""#],
            [#""%_ad " 3/4 "%+d " 2/1 "%3_u" "\n""#, #""%_Ad\n""#], [#"7/1 "%02X" "|\n""#],
        ]
        let ranges: [(UInt64, UInt64?)] = [(0, nil), (5, nil), (100, 3_333), (4_090, 20), (11_999, nil), (12_005, nil)]
        var compared = 0
        for strings in formats {
            let format = try HexdumpFormat(parsing: strings.map { Array($0.utf8) })
            for squeezes in [true, false] {
                for chunkBytes in [1, 48, 4_096] {
                    for workers in 1...4 {
                        for (start, length) in ranges {
                            let end = length.map { min(bytes.count, Int(start + $0)) } ?? bytes.count
                            let want = inOrder(bytes[min(bytes.count, Int(start))..<end], format, start: start, squeezes: squeezes)
                            var chunks = try XCTUnwrap(HexdumpChunkFormatter(format: format, startOffset: start, squeezes: squeezes))
                            var got: [UInt8] = []
                            try ParallelHexDump(fd: fd, path: [], start: start, length: length, chunkBytes: chunkBytes, workers: workers)
                                .run(&chunks) { text in
                                    got += text
                                    return true
                                }
                            var dump = HexdumpFormatDump(resuming: chunks)
                            dump.finish(into: &got)
                            XCTAssertEqual(
                                String(decoding: got, as: UTF8.self), String(decoding: want, as: UTF8.self),
                                "\(strings) squeeze \(squeezes) chunk \(chunkBytes) workers \(workers) range \(start) \(String(describing: length))")
                            compared += 1
                        }
                    }
                }
            }
        }
        XCTAssertEqual(compared, 5 * 2 * 3 * 4 * 6)
    }
}
