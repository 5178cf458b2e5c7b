import Glibc

/// printf's floating-point conversions (`%e %E %f %g %G` with flags,
/// width and precision), written by the C library itself: hexdump's
/// `-e '"%f"'` output is glibc's, digit for digit, and no Swift rendering
/// of a double matches it.
public enum FloatingPointText {
    /// `value` as `format` (one conversion, such as `%-12.3e`) writes it.
    public static func format(_ value: Double, as format: String) -> [UInt8] {
        var buffer = [CChar](repeating: 0, count: 512)
        var needed = withVaList([value]) { vsnprintf(&buffer, buffer.count, format, $0) }
        if needed >= buffer.count {
            buffer = [CChar](repeating: 0, count: Int(needed) + 1)
            needed = withVaList([value]) { vsnprintf(&buffer, buffer.count, format, $0) }
        }
        return buffer.prefix(max(0, Int(needed))).map { UInt8(bitPattern: $0) }
    }
}
