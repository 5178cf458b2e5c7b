import Foundation
import Glibc
import XCTest

@testable import FileBrowsing
@testable import HexDump

/// hexdump's conversions are written without printf (`PrintfWriting`):
/// every flag combination, width and precision, over values at the
/// edges, must come out as glibc's printf writes them.
final class PrintfWritingTests: XCTestCase {
    private static let flagSets: [String] = {
        let flags = ["-", "+", " ", "#", "0"]
        return (0..<32).map { mask in flags.enumerated().filter { mask & (1 << $0.offset) != 0 }.map(\.element).joined() }
    }()

    private static func printf(_ format: String, _ arguments: [CVarArg]) -> [UInt8] {
        var buffer = [CChar](repeating: 0, count: 256)
        let count = withVaList(arguments) { vsnprintf(&buffer, buffer.count, format, $0) }
        return buffer.prefix(Int(count)).map { UInt8(bitPattern: $0) }
    }

    private static func written(_ body: (inout UnsafeMutablePointer<UInt8>) -> Void) -> [UInt8] {
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        defer { buffer.deallocate() }
        var cursor = buffer
        body(&cursor)
        return Array(UnsafeBufferPointer(start: buffer, count: cursor - buffer))
    }

    func testIntegersAreGlibcs() {
        let signedValues: [Int64] = [0, 1, -1, 7, 8, 9, 10, 255, -128, 65535, -32768, Int64(Int32.max), Int64.min, Int64.max]
        let unsignedValues: [UInt64] = [0, 1, 7, 8, 15, 16, 255, 4096, UInt64(UInt32.max), UInt64.max]
        let letters: [(String, PrintfWriting.Radix)] = [("o", .octal), ("u", .decimal), ("x", .hex), ("X", .upperHex)]
        for flags in Self.flagSets {
            for width in ["", "1", "3", "8", "24"] {
                for precision in ["", ".", ".0", ".1", ".5"] {
                    let spec = flags + width + precision
                    let field = PrintfField(Array(spec.utf8)[...])!
                    for value in signedValues {
                        let expected = Self.printf("%" + spec + "lld", [value])
                        let ours = Self.written {
                            PrintfWriting.writeInteger(
                                magnitude: value.magnitude, negative: value < 0, signed: true, radix: .decimal, field: field, to: &$0)
                        }
                        XCTAssertEqual(String(decoding: ours, as: UTF8.self), String(decoding: expected, as: UTF8.self), "%\(spec)d of \(value)")
                    }
                    for (letter, radix) in letters {
                        for value in unsignedValues {
                            let expected = Self.printf("%" + spec + "ll" + letter, [value])
                            let ours = Self.written {
                                PrintfWriting.writeInteger(magnitude: value, negative: false, signed: false, radix: radix, field: field, to: &$0)
                            }
                            XCTAssertEqual(
                                String(decoding: ours, as: UTF8.self), String(decoding: expected, as: UTF8.self), "%\(spec)\(letter) of \(value)")
                        }
                    }
                }
            }
        }
    }

    func testCharactersAndStringsAreGlibcs() {
        for flags in Self.flagSets {
            for width in ["", "1", "4"] {
                let field = PrintfField(Array((flags + width).utf8)[...])!
                let character = Self.written { PrintfWriting.writeCharacter(0x41, field: field, to: &$0) }
                XCTAssertEqual(character, Self.printf("%" + flags + width + "c", [Int32(0x41)]), "%\(flags)\(width)c")
                for precision in ["", ".0", ".2", ".9"] {
                    let stringField = PrintfField(Array((flags + width + precision).utf8)[...])!
                    let text = Array("abcde".utf8)
                    let ours = Self.written { cursor in text.withUnsafeBytes { PrintfWriting.writeString($0, field: stringField, to: &cursor) } }
                    let expected = "abcde".withCString { Self.printf("%" + flags + width + precision + "s", [$0]) }
                    XCTAssertEqual(ours, expected, "%\(flags)\(width)\(precision)s")
                }
            }
        }
    }

    /// Flags after the width, or a second precision, are refused rather
    /// than handed to printf as hexdump would.
    func testFieldsInAnotherOrderAreRefused() {
        for spec in ["5-", "3.2.1", ".5#", "4097"] {
            XCTAssertNil(PrintfField(Array(spec.utf8)[...]), spec)
        }
        XCTAssertEqual(PrintfField(Array("-08.3".utf8)[...])?.cSpelling, "%-08.3")
    }
}
