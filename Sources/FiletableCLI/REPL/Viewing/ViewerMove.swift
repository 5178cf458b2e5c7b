/// A move in the text or hex viewer, typed as `less` takes it. Right after
/// a screen of the viewer, a line that reads as a move is one (so `b` goes
/// back a screen there, and back a level elsewhere); the full-screen view's
/// detail pane takes the same letters as single keys.
///
///     f  Enter  forward a screen      b       back a screen
///     d         forward half a screen u       back half a screen
///     j  e      forward a line        k  y    back a line   (NNj: NN lines)
///     g         the top               G       the end
///     NNg       line NN (hex: offset) NN%     NN percent in
///     /TEXT     search forward        ?TEXT   search backward
///     n         next match            N       the match before
///     -N        line numbers on/off   -S      long lines cut/wrapped
///     F         follow the file as it grows (tail -f; Ctrl-C stops)
///     q         close the view
enum ViewerMove: Equatable, Sendable {
    /// How far a scroll goes.
    enum Distance: Equatable, Sendable {
        case screen
        case halfScreen
        case lines(Int)
    }

    case forward(Distance)
    case backward(Distance)
    case top
    case end
    /// Line NN in the text view; offset NN in the hex view.
    case line(Int)
    case percent(Int)
    case search(String, backward: Bool)
    case nextMatch
    case previousMatch
    case toggleNumbers
    case toggleWrap
    /// `F`: the end, then the lines added as the file grows (until Ctrl-C, or a key in the screen).
    case follow
    case close

    /// The keys, one line each, for the footer's `h`-less hint and `help view`.
    static let summary = [
        "f or Enter: forward a screen   b: back a screen   d/u: half a screen",
        "j/k: a line (5j: five)   g/G: top/end   NNg: line NN   NN%: NN percent",
        "/TEXT ?TEXT: search forward/back (no capitals: any case)   n/N: next/before",
        "-N: line numbers   -S: wrap long lines   F: follow as the file grows   q: close the view",
    ]

    /// The move `text` (trimmed) spells, or nil when it is not one.
    static func parse(_ text: String) -> ViewerMove? {
        switch text {
        case "n": return .nextMatch
        case "N": return .previousMatch
        case "-N": return .toggleNumbers
        case "-S": return .toggleWrap
        case "q", "Q": return .close
        case "F": return .follow
        default: break
        }
        if let first = text.first, first == "/" || first == "?" {
            let needle = String(text.dropFirst())
            // A lone '/' or '?' repeats the last search in that direction.
            return needle.isEmpty ? (first == "/" ? .nextMatch : .previousMatch) : .search(needle, backward: first == "?")
        }
        // A count in decimal, or in hex after 0x as the hex view shows offsets (`0x318g`).
        let isHex = text.hasPrefix("0x") || text.hasPrefix("0X")
        let body = isHex ? text.dropFirst(2) : Substring(text)
        let digits = body.prefix { $0.isASCII && (isHex ? $0.isHexDigit : $0.isNumber) }
        let key = body.dropFirst(digits.count)
        guard key.count == 1, let letter = key.first, digits.count <= 12, !isHex || !digits.isEmpty else { return nil }
        let count = digits.isEmpty ? nil : Int(digits, radix: isHex ? 16 : 10)
        if !digits.isEmpty && count == nil { return nil }
        switch letter {
        case "f", "z": return .forward(count.map { .lines($0) } ?? .screen)
        case "b", "w": return .backward(count.map { .lines($0) } ?? .screen)
        case "d": return .forward(count.map { .lines($0) } ?? .halfScreen)
        case "u": return .backward(count.map { .lines($0) } ?? .halfScreen)
        case "j", "e": return .forward(.lines(count ?? 1))
        case "k", "y": return .backward(.lines(count ?? 1))
        case "g", "<": return count.map { .line($0) } ?? .top
        case "G", ">": return count.map { .line($0) } ?? .end
        case "%", "p": return count.map { .percent(min($0, 100)) } ?? .top
        default: return nil
        }
    }
}
