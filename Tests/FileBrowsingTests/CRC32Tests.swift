import FileBrowsing
import XCTest

/// The CRC-32 gzip and zip check every member against: a wrong one names
/// a whole member damaged, so it must agree with the standard's value for
/// every length, alignment and split of the bytes.
final class CRC32Tests: XCTestCase {
    /// The bit-at-a-time definition the sliced tables must agree with.
    private func reference(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return ~crc
    }

    private func crc(_ bytes: ArraySlice<UInt8>, splitAt split: Int? = nil) -> UInt32 {
        var crc = CRC32()
        let cut = bytes.startIndex + min(split ?? bytes.count, bytes.count)
        Array(bytes[..<cut]).withUnsafeBytes { crc.update($0) }
        Array(bytes[cut...]).withUnsafeBytes { crc.update($0) }
        return crc.value
    }

    func testTheStandardCheckValue() {
        XCTAssertEqual(crc(ArraySlice("123456789".utf8)), 0xCBF4_3926)
        XCTAssertEqual(crc([]), 0)
    }

    func testEveryLengthAlignmentAndSplitAgreesWithTheDefinition() {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<300).map { _ in UInt8.random(in: 0...255, using: &generator) }
        for start in 0..<5 {
            for length in 0...(bytes.count - start) where length < 70 || length % 17 == 0 {
                let slice = bytes[start..<(start + length)]
                let expected = reference(Array(slice))
                XCTAssertEqual(crc(slice), expected, "start \(start), length \(length)")
                XCTAssertEqual(crc(slice, splitAt: length / 3), expected, "start \(start), length \(length), split")
            }
        }
    }
}
