/// Terminal display width of text, and shortening with a middle ellipsis.
///
/// Text reaching the renderer is escaped (no control characters) but for
/// `--zero`'s exact names, so width is: 0 for control characters (as ls
/// measures them) and for combining marks and zero-width characters, 2 for
/// East Asian wide and emoji ranges, 1 otherwise.
public enum TextWidth {
    public static func of(_ text: String) -> Int {
        var plain = true
        for byte in text.utf8 where byte >= 0x7F || byte < 0x20 {
            plain = false
            break
        }
        if plain { return text.utf8.count }
        var width = 0
        for scalar in text.unicodeScalars { width += of(scalar) }
        return width
    }

    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x20 || (0x7F...0x9F).contains(v) { return 0 }
        if v < 0x300 { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        switch v {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    /// `text` cut to at most `maxWidth` columns keeping `kept` (`Character`
    /// offsets) whole, and as much of its end as fits after it: what comes
    /// before the kept part is `…` unless it fits whole, what comes after
    /// is cut at its start (`…/IMG_0001.jpg`). A kept part wider than the
    /// room is itself cut in the middle.
    public static func truncating(_ text: String, to maxWidth: Int, keeping kept: Range<Int>) -> String {
        guard of(text) > maxWidth else { return text }
        let characters = Array(text)
        let bounds = max(0, min(kept.lowerBound, characters.count))..<max(0, min(kept.upperBound, characters.count))
        let head = String(characters[..<bounds.lowerBound])
        let middle = String(characters[bounds])
        let tail = String(characters[bounds.upperBound...])
        let headShown = head.isEmpty ? "" : "…"
        var room = maxWidth - of(headShown) - of(middle)
        guard room >= 0 else { return truncatingMiddle(text, to: maxWidth) }
        var shownTail = ""
        if of(tail) <= room {
            shownTail = tail
        } else if room >= 2 {
            // The tail's end (a file's name) after `…`.
            var kept: [Character] = []
            var used = 1
            for character in tail.reversed() {
                let w = of(String(character))
                if used + w > room { break }
                kept.insert(character, at: 0)
                used += w
            }
            shownTail = "…" + String(kept)
        }
        room -= of(shownTail)
        // The head whole when it fits in what is left.
        let shownHead = !head.isEmpty && of(head) <= room + of(headShown) ? head : headShown
        return shownHead + middle + shownTail
    }

    /// `text` cut to at most `maxWidth` columns by replacing its middle with `…`.
    public static func truncatingMiddle(_ text: String, to maxWidth: Int) -> String {
        guard of(text) > maxWidth else { return text }
        guard maxWidth > 1 else { return maxWidth == 1 ? "…" : "" }
        let scalars = Array(text.unicodeScalars)
        let budget = maxWidth - 1
        let headBudget = (budget + 1) / 2
        let tailBudget = budget - headBudget
        var head = String.UnicodeScalarView()
        var tail: [Unicode.Scalar] = []
        var used = 0
        for scalar in scalars {
            let w = of(scalar)
            if used + w > headBudget { break }
            head.append(scalar)
            used += w
        }
        used = 0
        for scalar in scalars.reversed() {
            let w = of(scalar)
            if used + w > tailBudget { break }
            tail.append(scalar)
            used += w
        }
        var result = String(head)
        result += "…"
        result.unicodeScalars.append(contentsOf: tail.reversed())
        return result
    }

    /// `text` cut to at most `maxWidth` columns, its end replaced with `…`.
    public static func truncatingTail(_ text: String, to maxWidth: Int) -> String {
        guard of(text) > maxWidth else { return text }
        guard maxWidth > 1 else { return maxWidth == 1 ? "…" : "" }
        var result = String.UnicodeScalarView()
        var used = 0
        for scalar in text.unicodeScalars {
            let width = of(scalar)
            if used + width > maxWidth - 1 { break }
            result.append(scalar)
            used += width
        }
        return String(result) + "…"
    }

    /// `text` padded with spaces to `width` columns, on the left or the right.
    public static func pad(_ text: String, to width: Int, alignment: ColumnAlignment) -> String {
        let missing = width - of(text)
        guard missing > 0 else { return text }
        let spaces = String(repeating: " ", count: missing)
        return alignment == .leading ? text + spaces : spaces + text
    }
}
