import XCTest

@testable import FileBrowsing
@testable import HexDump

/// A large piece is drawn in two halves on two threads; the text must be
/// what one thread draws block by block, whatever runs of repeated blocks
/// meet at the halves' edge, squeezing on or off, for blocks of any size.
final class HexdumpFormatDumpTests: XCTestCase {
    private func draw(_ sources: [String], _ bytes: [UInt8], squeezes: Bool, piece: Int) throws -> [UInt8] {
        let format = try HexdumpFormat(parsing: sources.map { Array($0.utf8) })
        var dump = HexdumpFormatDump(format: format, startOffset: 7, squeezes: squeezes)
        var text: [UInt8] = []
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + piece)
            bytes[start..<end].withUnsafeBytes { dump.append($0, into: &text) }
            start = end
        }
        dump.finish(into: &text)
        return text
    }

    func testTwoThreadsDrawWhatOneDraws() throws {
        let formats: [[String]] = [
            [#""%08.8_Ax\n""#, #""%08.8_ax  " 8/1 "%02x " "  " 8/1 "%02x ""#, #""  |" 16/1 "%_p" "|\n""#],
            [#"16/1 "%02x" "\n""#], [#""%_ad " 3/4 "%08x " "\n""#, #""%_Ad\n""#], [#"5/1 "%3_u" "\n""#],
            // Two-byte units: their tables are made once a large piece comes.
            [#""%07.7_ax " 8/2 "%04x " "\n""#, #"3/2 "%+6d|" "\n""#],
        ]
        var generator = SystemRandomNumberGenerator()
        let size = 300_000
        var patterns: [[UInt8]] = [[UInt8](repeating: 0, count: size)]
        var mixed = (0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }
        // Repeated runs around the middle, where the halves meet, and at the end.
        for range in [140_000..<160_000, 149_990..<150_050, 290_000..<size] { for index in range { mixed[index] = 0x41 } }
        patterns.append(mixed)
        var alternating = [UInt8](repeating: 0, count: size)
        for index in stride(from: 0, to: size, by: 30) { alternating[index] = UInt8(index / 30 % 2) }
        patterns.append(alternating)
        for format in formats {
            for bytes in patterns {
                for squeezes in [true, false] {
                    let paired = try draw(format, bytes, squeezes: squeezes, piece: bytes.count)
                    let inOrder = try draw(format, bytes, squeezes: squeezes, piece: 1000)
                    XCTAssertEqual(paired, inOrder, "\(format) squeezes \(squeezes)")
                }
            }
        }
    }
}
