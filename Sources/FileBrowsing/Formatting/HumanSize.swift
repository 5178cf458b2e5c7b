/// Sizes in the style of `ls -h`: powers of 1024, rounded up, one decimal
/// below 10 (`1.1K`, `10K`, `3.5M`), bytes as a plain number.
public enum HumanSize {
    private static let units: [Character] = ["K", "M", "G", "T", "P", "E"]

    /// `base` 1024 gives `ls -h`'s figures, 1000 `ls --si`'s (`1.5k`).
    public static func format(_ bytes: Int64, base: Int64 = 1024) -> String {
        if bytes < base { return String(bytes) }
        let units = base == 1000 ? ["k"] + Self.units.dropFirst() : Self.units
        var unit = 0
        // Work in tenths of the unit, rounding up, as ls does.
        let step = Double(base)
        var divisor = step
        while Double(bytes) / divisor >= step && unit < units.count - 1 {
            divisor *= step
            unit += 1
        }
        let value = Double(bytes) / divisor
        if value < 10 {
            let tenths = (value * 10).rounded(.up)
            if tenths < 100 {
                let whole = Int(tenths) / 10
                let fraction = Int(tenths) % 10
                return "\(whole).\(fraction)\(units[unit])"
            }
        }
        let whole = Int(value.rounded(.up))
        if whole >= base && unit < units.count - 1 { return "1.0\(units[unit + 1])" }
        return "\(whole)\(units[unit])"
    }

    /// The same figure with its unit spelt out, for sentences: `0 bytes`,
    /// `1 byte`, `1.2 MiB`.
    public static func withUnit(_ bytes: Int64) -> String {
        if bytes < 1024 { return bytes == 1 ? "1 byte" : "\(bytes) bytes" }
        var short = format(bytes)
        let unit = short.removeLast()
        return "\(short) \(unit)iB"
    }
}
