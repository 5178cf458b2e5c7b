import FuzzSupport
import TableKit

@testable import FileBrowsing
@testable import FiletableCLI
@testable import HexDump
@testable import SystemSeam

/// The viewer's parsers and search: a needle and a text split at the first
/// NUL. The 16-at-a-time search finds exactly what a byte-by-byte search
/// finds (exact and ignoring case), newlines are counted right, a line laid
/// out at a width never has a row wider than the width less one (nothing
/// wraps), and the move and hex-search parsers take any line.
runFuzzer { data, count in
    let bytes = fuzzInput(data, count)
    let parts = bytes.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
    let needle = Array(parts[0].prefix(40))
    let text = parts.count > 1 ? Array(parts[1]) : []
    for search in [TextSearch(bytes: needle), TextSearch(text: String(decoding: needle, as: UTF8.self))] {
        let found = text.withUnsafeBytes { search.firstMatch(in: $0, from: 0) }
        if found != slowFirstMatch(search, in: text) { fatalError("search disagrees with the slow search: \(found as Any)") }
    }
    let newlines = text.withUnsafeBytes { ByteCounting.newlines(in: $0) }
    if newlines != text.filter({ $0 == 0x0A }).count { fatalError("newlines miscounted") }
    let width = Int(bytes.first ?? 40) % 120 + 2
    for wraps in [false, true] {
        var layout = TextLineLayout(width: width, wraps: wraps)
        layout.tabs = Int(bytes.last ?? 8) % 16 + 1
        let line = text.filter { $0 != 0x0A }
        for row in layout.rows(line, number: 12345, matches: TextSearch(bytes: needle).matches(in: line)) where TextWidth.of(row) > width - 1 {
            fatalError("a row of \(TextWidth.of(row)) columns at width \(width)")
        }
    }
    let typed = String(decoding: bytes, as: UTF8.self)
    _ = ViewerMove.parse(typed)
    _ = HexViewer.search(for: typed)
    return 0
}

/// Where the needle first occurs, one place at a time.
func slowFirstMatch(_ search: TextSearch, in text: [UInt8]) -> Int? {
    let needle = search.needle
    guard !needle.isEmpty, text.count >= needle.count else { return nil }
    for start in 0...(text.count - needle.count) {
        var same = true
        for index in needle.indices {
            var byte = text[start + index]
            if search.ignoresCase && (0x41...0x5A).contains(byte) { byte |= 0x20 }
            if byte != needle[index] {
                same = false
                break
            }
        }
        if same { return start }
    }
    return nil
}
