import TableKit
import XCTest

final class ByteBufferTests: XCTestCase {
    /// Appends of every kind survive growth past the first capacity, and a
    /// cleared buffer is reused from its start.
    func testAppendsGrowAndClear() {
        var buffer = ByteBuffer(capacity: 16)
        var expected: [UInt8] = []
        for round in 0..<200 {
            let bytes = Array("name-\(round)/".utf8)
            bytes.withUnsafeBufferPointer { buffer.append($0) }
            buffer.append(0x20)
            buffer.append("é")
            buffer.append([0x00, 0xFF])
            expected += bytes + [0x20] + Array("é".utf8) + [0x00, 0xFF]
        }
        XCTAssertEqual(buffer.count, expected.count)
        XCTAssertEqual(buffer.array, expected)
        buffer.removeAll()
        XCTAssertTrue(buffer.isEmpty)
        buffer.append("again")
        XCTAssertEqual(buffer.array, Array("again".utf8))
    }

    /// A cell's text set as a String reads back the same, through its bytes.
    func testCellTextRoundTripsThroughItsBytes() {
        let cell = Cell(reuseIdentifier: "x")
        cell.text = "Ünïcode name"
        XCTAssertEqual(cell.text, "Ünïcode name")
        cell.prepareForReuse()
        XCTAssertEqual(cell.text, "")
        var other = ByteBuffer()
        other.append(cell.textBytes)
        XCTAssertTrue(other.isEmpty)
    }
}
