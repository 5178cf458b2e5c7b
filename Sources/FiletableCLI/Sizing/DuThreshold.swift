/// du's `-t SIZE`: a byte count with du's suffixes (K, M, G, T, P, E, as
/// powers of 1024; KB, MB, ... as powers of 1000), negative for "at most".
enum DuThreshold {
    static func parse(_ text: String) -> Int64? {
        var rest = Substring(text)
        let negative = rest.hasPrefix("-")
        if negative { rest = rest.dropFirst() }
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard let number = Int64(digits) else { return nil }
        let suffix = rest.dropFirst(digits.count)
        let powers: [Character: Int] = ["K": 1, "k": 1, "M": 2, "G": 3, "T": 4, "P": 5, "E": 6]
        var multiplier: Int64 = 1
        if let letter = suffix.first {
            guard let power = powers[letter] else { return nil }
            let after = suffix.dropFirst()
            let base: Int64
            switch after {
            case "", "iB": base = 1024
            case "B": base = 1000
            default: return nil
            }
            for _ in 0..<power { multiplier = multiplier.multipliedReportingOverflow(by: base).partialValue }
        }
        let (value, overflow) = number.multipliedReportingOverflow(by: multiplier)
        guard !overflow else { return nil }
        // du refuses -t -0 (a threshold of nothing at most).
        if negative && value == 0 { return nil }
        return negative ? -value : value
    }

    /// Whether a line of `figure` is shown under `threshold` (du's rule).
    static func shows(_ figure: Int64, threshold: Int64?) -> Bool {
        guard let threshold else { return true }
        return threshold >= 0 ? figure >= threshold : figure <= -threshold
    }
}
