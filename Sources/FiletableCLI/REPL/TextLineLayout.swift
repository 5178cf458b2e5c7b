import FileBrowsing
import TableKit

/// How `view` lays a line of text out on the screen: a six-column line
/// number, two spaces, the escaped text. With a known width the text is cut
/// with `…` at the screen's edge, or with `wraps` continued on rows indented
/// under the text; without one (a script) each line is one row as it is.
struct TextLineLayout {
    let width: Int?
    let wraps: Bool

    /// Columns before the text: the number and its two spaces.
    static let gutter = 8

    /// The rows a line (or a piece of one) takes.
    func rows(_ bytes: [UInt8], number: Int) -> [String] {
        let label = String(number)
        let lead = String(repeating: " ", count: max(0, Self.gutter - 2 - label.count)) + label + "  "
        let text = NameEscaping.escape(bytes)
        guard let width, TextWidth.of(lead) + TextWidth.of(text) > width - 1 else { return [lead + text] }
        guard wraps else { return [TextWidth.truncatingTail(lead + text, to: width - 1)] }
        let room = max(1, width - 1 - Self.gutter)
        let indent = String(repeating: " ", count: Self.gutter)
        var rows: [String] = []
        var row = ""
        var used = 0
        for character in text {
            let columns = TextWidth.of(String(character))
            if used + columns > room && !row.isEmpty {
                rows.append((rows.isEmpty ? lead : indent) + row)
                row = ""
                used = 0
            }
            row.append(character)
            used += columns
        }
        rows.append((rows.isEmpty ? lead : indent) + row)
        return rows
    }

    /// The longest prefix of `bytes`, cut between characters, whose rows
    /// fit in `rows` (at least one byte, so a view always moves on).
    func prefixFitting(_ bytes: [UInt8], rows limit: Int, number: Int) -> Int {
        var low = 1
        var high = bytes.count
        while low < high {
            let mid = (low + high + 1) / 2
            if self.rows(Array(bytes[..<mid]), number: number).count <= limit { low = mid } else { high = mid - 1 }
        }
        // Back off to the start of a UTF-8 sequence, so no character is split.
        var cut = low
        while cut > 1 && cut < bytes.count && bytes[cut] & 0xC0 == 0x80 { cut -= 1 }
        return cut
    }
}
