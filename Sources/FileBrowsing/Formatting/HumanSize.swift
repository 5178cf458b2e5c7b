/// Sizes in the style of `ls -h`: powers of 1024, rounded up, one decimal
/// below 10 (`1.1K`, `10K`, `3.5M`), bytes as a plain number.
public enum HumanSize {
    private static let units: [Character] = ["K", "M", "G", "T", "P", "E"]

    public static func format(_ bytes: Int64) -> String {
        if bytes < 1024 { return String(bytes) }
        var unit = 0
        // Work in tenths of the unit, rounding up, as ls does.
        var divisor: Double = 1024
        while Double(bytes) / divisor >= 1024 && unit < units.count - 1 {
            divisor *= 1024
            unit += 1
        }
        let value = Double(bytes) / divisor
        if value < 10 {
            let tenths = (value * 10).rounded(.up)
            if tenths < 100 {
                let whole = Int(tenths) / 10, fraction = Int(tenths) % 10
                return "\(whole).\(fraction)\(units[unit])"
            }
        }
        let whole = Int(value.rounded(.up))
        if whole >= 1024 && unit < units.count - 1 { return "1.0\(units[unit + 1])" }
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
