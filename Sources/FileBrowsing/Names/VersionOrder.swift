/// GNU's version order (`ls -v`, `sort -V`: gnulib's `filevercmp`), so
/// `--sort=version` lists names exactly as `ls -v` does: `.` and `..`
/// first, then other hidden names, then the rest; a trailing file suffix
/// (`.tar.gz`, `.txt~`) set aside for a first comparison; runs of digits
/// compared as numbers and everything else byte by byte, letters before
/// other bytes and `~` before everything (Debian's version rules). Names
/// equal in version order fall back to byte order, as ls does.
public enum VersionOrder {
    public static func precedes<A: Collection<UInt8>, B: Collection<UInt8>>(_ a: A, _ b: B) -> Bool
    where A.Index == Int, B.Index == Int {
        let order = compare(Array(a), Array(b))
        return order != 0 ? order < 0 : a.lexicographicallyPrecedes(b)
    }

    /// Negative, zero or positive as `a` sorts before, with or after `b`.
    static func compare(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.isEmpty { return b.isEmpty ? 0 : -1 }
        if b.isEmpty { return 1 }
        let dot: UInt8 = 0x2E
        if a[0] == dot {
            if b[0] != dot { return -1 }
            let aDot = a.count == 1
            let bDot = b.count == 1
            if aDot { return bDot ? 0 : -1 }
            if bDot { return 1 }
            let aDotDot = a.count == 2 && a[1] == dot
            let bDotDot = b.count == 2 && b[1] == dot
            if aDotDot { return bDotDot ? 0 : -1 }
            if bDotDot { return 1 }
        } else if b[0] == dot {
            return 1
        }
        let aPrefix = prefixLength(a)
        let bPrefix = prefixLength(b)
        let result = compareVersions(a[..<aPrefix], b[..<bPrefix])
        if result != 0 || (aPrefix == a.count && bPrefix == b.count) { return result }
        return compareVersions(a[...], b[...])
    }

    /// The name without its trailing suffix: a run of `.` + letter or `~`
    /// + letters, digits and `~`, repeated, up to the end.
    private static func prefixLength(_ name: [UInt8]) -> Int {
        var prefix = 0
        var index = 0
        while index < name.count {
            index += 1
            prefix = index
            while index + 1 < name.count, name[index] == 0x2E, isLetter(name[index + 1]) || name[index + 1] == 0x7E {
                index += 2
                while index < name.count, isLetter(name[index]) || isDigit(name[index]) || name[index] == 0x7E { index += 1 }
            }
        }
        return prefix
    }

    /// Debian's rule: alternating runs of non-digits (compared by `weight`)
    /// and digits (compared as numbers, leading zeros aside).
    private static func compareVersions(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Int {
        var i = a.startIndex
        var j = b.startIndex
        while i < a.endIndex || j < b.endIndex {
            while (i < a.endIndex && !isDigit(a[i])) || (j < b.endIndex && !isDigit(b[j])) {
                let x = weight(a, i)
                let y = weight(b, j)
                if x != y { return x - y }
                i += 1
                j += 1
            }
            while i < a.endIndex, a[i] == 0x30 { i += 1 }
            while j < b.endIndex, b[j] == 0x30 { j += 1 }
            var firstDifference = 0
            while i < a.endIndex, j < b.endIndex, isDigit(a[i]), isDigit(b[j]) {
                if firstDifference == 0 { firstDifference = Int(a[i]) - Int(b[j]) }
                i += 1
                j += 1
            }
            if i < a.endIndex, isDigit(a[i]) { return 1 }
            if j < b.endIndex, isDigit(b[j]) { return -1 }
            if firstDifference != 0 { return firstDifference }
        }
        return 0
    }

    /// A byte's place among non-digits: the end and digits 0, letters
    /// themselves, `~` before all, other bytes after every letter.
    private static func weight(_ name: ArraySlice<UInt8>, _ position: Int) -> Int {
        guard position < name.endIndex else { return 0 }
        let byte = name[position]
        if isDigit(byte) { return 0 }
        if isLetter(byte) { return Int(byte) }
        if byte == 0x7E { return -1 }
        return Int(byte) + 256
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
    private static func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
}
