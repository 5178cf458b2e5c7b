import FuzzSupport

@testable import FileBrowsing
@testable import HexDump
@testable import SystemSeam

/// The line diff on any two texts (the input split at its first 0xFF byte):
/// the lines neither deleted nor inserted are the same lines on both sides,
/// in order; the unified text is empty exactly when the texts are equal;
/// applying its hunks to the first text gives the second.
runFuzzer { data, count in
    let bytes = fuzzInput(data, count)
    let cut = bytes.firstIndex(of: 0xFF) ?? bytes.count / 2
    let first = Array(bytes[..<cut])
    let second = Array(bytes[min(bytes.count, cut + 1)...])
    let a = UnifiedDiff.lines(of: first)
    let b = UnifiedDiff.lines(of: second)
    let (numbersA, numbersB) = LineDiff.numbered(a, b)
    let script = LineDiff(numbersA, numbersB)
    let keptA = numbersA.indices.filter { !script.deleted[$0] }.map { numbersA[$0] }
    let keptB = numbersB.indices.filter { !script.inserted[$0] }.map { numbersB[$0] }
    if keptA != keptB { fatalError("the lines kept differ") }
    let text = UnifiedDiff.text(
        UnifiedDiff.Side(label: [0x61], modificationTime: nil, bytes: first), UnifiedDiff.Side(label: [0x62], modificationTime: nil, bytes: second))
    if text.isEmpty != (first == second) { fatalError("an empty diff of different texts, or the reverse") }
    if !UnifiedDiff.isBinary(first) && !UnifiedDiff.isBinary(second), let patched = apply(text, to: a), patched != second {
        fatalError("the hunks do not turn the first text into the second")
    }
    return 0
}

/// The first text with the hunks applied (nil when the text is not hunks).
private func apply(_ diff: [UInt8], to lines: [ArraySlice<UInt8>]) -> [UInt8]? {
    var out: [UInt8] = []
    var next = 0
    var previous: UInt8 = 0
    for line in UnifiedDiff.lines(of: diff).dropFirst(2) {
        guard let mark = line.first else { return nil }
        let body = line.dropFirst()
        switch mark {
        case UInt8(ascii: "@"):
            // "@@ -START[,COUNT] ..." : copy the lines before START.
            let words = line.split(separator: 0x20)
            guard words.count >= 2 else { return nil }
            let range = words[1].dropFirst().split(separator: 0x2C)
            guard let start = Int(String(decoding: range[0], as: UTF8.self)) else { return nil }
            let count = range.count > 1 ? Int(String(decoding: range[1], as: UTF8.self)) ?? 1 : 1
            let first = count == 0 ? start : start - 1
            while next < first && next < lines.count {
                out += lines[next]
                next += 1
            }
        case UInt8(ascii: " "), UInt8(ascii: "-"):
            if mark == UInt8(ascii: " ") { out += body }
            next += 1
        case UInt8(ascii: "+"): out += body
        case UInt8(ascii: "\\"):
            // "\ No newline at end of file": the line before ends without one.
            if previous != UInt8(ascii: "-"), out.last == 0x0A { out.removeLast() }
        default: return nil
        }
        previous = mark
    }
    while next < lines.count {
        out += lines[next]
        next += 1
    }
    return out
}
