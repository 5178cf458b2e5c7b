/// A small JSON reader for files filetable reads back (ncdu's exports):
/// strings kept as their bytes (ncdu writes names that are not UTF-8 as
/// they are), numbers as doubles, nesting at most 2,000 deep (a reader that
/// recurses: deeper input is refused, never a stack overflow); a mistake
/// is an error naming its byte.
struct JSONReader {
    enum Value: Equatable {
        case null
        case bool(Bool)
        case number(Double)
        case string([UInt8])
        case array([Value])
        case object([String: Value])
    }

    private let bytes: [UInt8]
    private var offset = 0
    private var depth = 0
    static let deepest = 2_000

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The one value the bytes hold, with only white space after it.
    mutating func document() throws(SavedScanError) -> Value {
        let value = try self.value()
        skipSpace()
        guard offset == bytes.count else { throw SavedScanError(offset: offset, "more after the JSON value") }
        return value
    }

    private mutating func value() throws(SavedScanError) -> Value {
        skipSpace()
        guard offset < bytes.count else { throw SavedScanError(offset: offset, "the file ends before a value (a truncated file)") }
        switch bytes[offset] {
        case UInt8(ascii: "["):
            return .array(try nested { (reader: inout JSONReader) throws(SavedScanError) in try reader.arrayItems() })
        case UInt8(ascii: "{"):
            return .object(try nested { (reader: inout JSONReader) throws(SavedScanError) in try reader.objectMembers() })
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        default: return .number(try number())
        }
    }

    private mutating func nested<T>(_ body: (inout JSONReader) throws(SavedScanError) -> T) throws(SavedScanError) -> T {
        guard depth < Self.deepest else { throw SavedScanError(offset: offset, "nested more than \(Self.deepest) deep") }
        depth += 1
        offset += 1
        defer { depth -= 1 }
        return try body(&self)
    }

    private mutating func arrayItems() throws(SavedScanError) -> [Value] {
        var items: [Value] = []
        skipSpace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
            offset += 1
            return items
        }
        while true {
            items.append(try value())
            skipSpace()
            guard offset < bytes.count else { throw SavedScanError(offset: offset, "the file ends inside an array (a truncated file)") }
            let byte = bytes[offset]
            offset += 1
            if byte == UInt8(ascii: "]") { return items }
            guard byte == UInt8(ascii: ",") else { throw SavedScanError(offset: offset - 1, "expected , or ] in an array") }
        }
    }

    private mutating func objectMembers() throws(SavedScanError) -> [String: Value] {
        var members: [String: Value] = [:]
        skipSpace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
            offset += 1
            return members
        }
        while true {
            skipSpace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw SavedScanError(offset: offset, "expected a key") }
            let key = String(decoding: try string(), as: UTF8.self)
            skipSpace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else { throw SavedScanError(offset: offset, "expected : after a key") }
            offset += 1
            members[key] = try value()
            skipSpace()
            guard offset < bytes.count else { throw SavedScanError(offset: offset, "the file ends inside an object (a truncated file)") }
            let byte = bytes[offset]
            offset += 1
            if byte == UInt8(ascii: "}") { return members }
            guard byte == UInt8(ascii: ",") else { throw SavedScanError(offset: offset - 1, "expected , or } in an object") }
        }
    }

    private mutating func string() throws(SavedScanError) -> [UInt8] {
        let start = offset
        offset += 1
        var out: [UInt8] = []
        while offset < bytes.count {
            let byte = bytes[offset]
            offset += 1
            if byte == UInt8(ascii: "\"") { return out }
            guard byte == UInt8(ascii: "\\") else {
                out.append(byte)
                continue
            }
            guard offset < bytes.count else { break }
            let escape = bytes[offset]
            offset += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800..<0xDC00).contains(scalar), offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"),
                    bytes[offset + 1] == UInt8(ascii: "u")
                {
                    offset += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw SavedScanError(offset: offset - 6, "a lone surrogate") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let value = Unicode.Scalar(scalar) else { throw SavedScanError(offset: offset - 6, "a lone surrogate") }
                out += Array(String(Character(value)).utf8)
            default: throw SavedScanError(offset: offset - 2, "an unknown escape in a string")
            }
        }
        throw SavedScanError(offset: start, "a string that never ends (a truncated file)")
    }

    private mutating func hex4() throws(SavedScanError) -> UInt32 {
        guard offset + 4 <= bytes.count else { throw SavedScanError(offset: offset, "a \\u escape cut short") }
        var value: UInt32 = 0
        for byte in bytes[offset..<offset + 4] {
            guard let digit = Self.hexDigit(byte) else { throw SavedScanError(offset: offset, "a \\u escape that is not four hex digits") }
            value = value << 4 | digit
        }
        offset += 4
        return value
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x30...0x39: return UInt32(byte - 0x30)
        case 0x41...0x46: return UInt32(byte - 0x37)
        case 0x61...0x66: return UInt32(byte - 0x57)
        default: return nil
        }
    }

    private mutating func number() throws(SavedScanError) -> Double {
        let start = offset
        while offset < bytes.count, "+-0123456789.eE".utf8.contains(bytes[offset]) { offset += 1 }
        guard offset > start, offset - start <= 64, let value = Double(String(decoding: bytes[start..<offset], as: UTF8.self)) else {
            throw SavedScanError(offset: start, "not a JSON value")
        }
        return value
    }

    private mutating func literal(_ word: String, _ value: Value) throws(SavedScanError) -> Value {
        let spelled = Array(word.utf8)
        guard bytes[offset...].starts(with: spelled) else { throw SavedScanError(offset: offset, "not a JSON value") }
        offset += spelled.count
        return value
    }

    private mutating func skipSpace() {
        while offset < bytes.count, bytes[offset] == 0x20 || bytes[offset] == 0x0A || bytes[offset] == 0x0D || bytes[offset] == 0x09 { offset += 1 }
    }
}
