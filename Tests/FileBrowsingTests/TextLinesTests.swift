import Foundation
import TestSupport
import XCTest

@testable import FileBrowsing

/// Moving through a text file by lines without reading all of it: the
/// pieces met going forward are met again, in reverse, going back, line
/// numbers included, across lines longer than a piece and a last line
/// without a newline.
final class TextLinesTests: XCTestCase {
    private func open(_ contents: [UInt8]) throws -> (TemporaryTree, TextLines) {
        let temp = try TemporaryTree()
        _ = FileManager.default.createFile(atPath: temp.path + "/text", contents: Data(contents))
        let file = try ViewedFile(path: Array("text".utf8), name: Array("text".utf8), in: DirectoryHandle.open(temp.bytes))
        return (temp, TextLines(file: file))
    }

    func testBackRetracesForwardAcrossLongLines() throws {
        let piece = TextLines.longestPiece
        let contents =
            Array("short\n\n".utf8) + [UInt8](repeating: 0x61, count: piece * 2 + 5) + [0x0A] + [UInt8](repeating: 0x62, count: piece)
            + Array("\nlast without newline".utf8)
        let (temp, lines) = try open(contents)
        defer { withExtendedLifetime(temp) {} }
        let forward = try lines.pieces(from: .start, count: 100)
        XCTAssertEqual(forward.map(\.position.line), [1, 2, 3, 3, 3, 4, 5])
        XCTAssertEqual(forward.map(\.bytes.count), [5, 0, piece, piece, 5, piece, 20])
        XCTAssertEqual(forward.last?.endsLine, false)
        var back: [TextPosition] = []
        var position = TextPosition(offset: UInt64(contents.count), line: 5)
        while let earlier = try lines.previous(before: position) {
            back.append(earlier)
            position = earlier
        }
        XCTAssertEqual(back.reversed(), forward.map(\.position))
        XCTAssertEqual(try lines.position(ofLine: 4, from: .start), forward[5].position)
        XCTAssertNil(try lines.position(ofLine: 6, from: .start))
        XCTAssertEqual(try lines.newlines(from: 0, to: UInt64(contents.count)), 4)
    }

    func testSearchCountsTheNewlinesItPasses() throws {
        let text = (1...5000).map { "line \($0)" }.joined(separator: "\n") + "\nthe END\n"
        let (temp, lines) = try open(Array(text.utf8))
        defer { withExtendedLifetime(temp) {} }
        let forward = try XCTUnwrap(TextSearch(text: "the end").next(in: lines.file, from: 0))
        XCTAssertEqual(forward.newlinesPassed, 5000)
        let backward = try XCTUnwrap(TextSearch(text: "LINE 2").previous(in: lines.file, before: forward.offset))
        // "line 2999" is the last line holding "line 2" before the end.
        XCTAssertEqual(backward.newlinesPassed, -(5000 - 2999 + 1))
        XCTAssertNil(try TextSearch(bytes: Array("line 2".utf8)).previous(in: lines.file, before: 0))
    }

    /// The vectorised scan finds the first match as a byte-by-byte one does,
    /// wherever it falls against the 16- and 32-byte steps, cases ignored or
    /// not, near-misses (first and last byte right) around it.
    func testTheFirstMatchIsFoundAtEveryOffset() {
        var generator = SystemRandomNumberGenerator()
        for needleText in ["ab", "xyz", "needle-at-the-end", "Q"] {
            for search in [TextSearch(text: needleText), TextSearch(bytes: Array(needleText.utf8))] {
                for _ in 0..<40 {
                    var block = (0..<(90 + Int.random(in: 0..<60, using: &generator))).map { _ in UInt8.random(in: 0x61...0x63, using: &generator) }
                    let at = Int.random(in: 0...(block.count - needleText.utf8.count), using: &generator)
                    let upper = search.ignoresCase && Bool.random(using: &generator)
                    for (offset, byte) in needleText.utf8.enumerated() { block[at + offset] = upper ? byte & ~0x20 : byte }
                    let from = Int.random(in: 0...at, using: &generator)
                    let expected = (from...(block.count - search.needle.count)).first { start in
                        (0..<search.needle.count).allSatisfy { position in
                            var byte = block[start + position]
                            if search.ignoresCase && (0x41...0x5A).contains(byte) { byte |= 0x20 }
                            return byte == search.needle[position]
                        }
                    }
                    let found = block.withUnsafeBytes { search.firstMatch(in: $0, from: from) }
                    XCTAssertEqual(found, expected, "\(needleText) in \(block) from \(from)")
                }
            }
        }
    }
}
