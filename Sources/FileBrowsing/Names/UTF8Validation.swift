/// Strict UTF-8 checks on raw name bytes (no overlongs, no surrogates).
public enum UTF8Validation {
    /// The length of the valid sequence starting at `i`, or 0 if it is invalid.
    @inline(__always)
    static func sequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Int {
        let b0 = bytes[i]
        func continuation(_ k: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            i + k < bytes.count && range.contains(bytes[i + k])
        }
        switch b0 {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: return continuation(1) ? 2 : 0
        case 0xE0: return continuation(1, 0xA0...0xBF) && continuation(2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF: return continuation(1) && continuation(2) ? 3 : 0
        case 0xED: return continuation(1, 0x80...0x9F) && continuation(2) ? 3 : 0
        case 0xF0: return continuation(1, 0x90...0xBF) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF1...0xF3: return continuation(1) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF4: return continuation(1, 0x80...0x8F) && continuation(2) && continuation(3) ? 4 : 0
        default: return 0
        }
    }

    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, length: Int) -> Unicode.Scalar {
        var value: UInt32
        switch length {
        case 1: value = UInt32(bytes[i])
        case 2: value = UInt32(bytes[i] & 0x1F)
        case 3: value = UInt32(bytes[i] & 0x0F)
        default: value = UInt32(bytes[i] & 0x07)
        }
        for k in 1..<max(1, length) { value = value << 6 | UInt32(bytes[i + k] & 0x3F) }
        return Unicode.Scalar(value) ?? "\u{FFFD}"
    }

    /// True when every byte belongs to a valid UTF-8 sequence.
    public static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        while i < bytes.count {
            if bytes[i] < 0x80 {
                i += 1
                continue
            }
            let length = sequenceLength(bytes, at: i)
            if length == 0 { return false }
            i += length
        }
        return true
    }

    public static func isValid(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { isValid($0) }
    }
}
