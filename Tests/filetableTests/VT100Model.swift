import XCTest

/// A screen of `rows` lines that understands what filetable writes to a
/// terminal: cursor placement, erase in line and screen, a scrolling region,
/// line feed, carriage return and reverse index inside it, the alternate
/// screen, cursor moves, and reverse video (which line holds it is remembered: the
/// highlighted row). Other modes and colours are ignored. Characters are
/// taken as one column each: the tests' names are ASCII.
struct VT100Model {
    var lines: [String]
    /// Which columns of each line show in reverse video.
    private var inverseColumns: [[Bool]]
    /// The alternate screen as it was when it was last left (the full-screen view's last frame).
    var lastFullScreen: [String]?
    /// The highlighted line of that last frame.
    var lastFullScreenHighlight: String?
    var row = 0
    var column = 0
    var top = 0
    var bottom: Int
    private var inverse = false
    private var savedMain: [String]?
    /// A newline also returns to the first column, as a terminal whose
    /// output processing is on (`onlcr`, which filetable never turns off)
    /// shows it.
    var newlineReturns = false

    init(rows: Int) {
        lines = Array(repeating: "", count: rows)
        inverseColumns = Array(repeating: [], count: rows)
        bottom = rows - 1
    }

    /// The text in reverse video (the highlight), trimmed; nil when none.
    /// Where several runs are (Miller columns: the parent's row and the
    /// table's), the table's: the run that starts with a row number.
    var highlighted: String? {
        var runs: [String] = []
        for (index, line) in lines.enumerated() {
            let characters = Array(line)
            var run = ""
            for (column, character) in characters.enumerated() {
                if column < inverseColumns[index].count && inverseColumns[index][column] {
                    run.append(character)
                } else if !run.isEmpty {
                    runs.append(run)
                    run = ""
                }
            }
            if !run.isEmpty { runs.append(run) }
        }
        let trimmed = runs.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return trimmed.first { $0.first?.isNumber == true } ?? trimmed.first
    }

    /// The screen as text, trailing blanks of each line and blank lines at the end left out.
    var text: String {
        var shown = lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
        while shown.last == "" { shown.removeLast() }
        return shown.joined(separator: "\n")
    }

    mutating func play(_ text: String) {
        var characters = Array(text)[...]
        while let character = characters.popFirst() {
            switch character {
            case "\u{1B}":
                if characters.first == "M" {
                    characters.removeFirst()
                    if row == top { scrollDown() } else { row -= 1 }
                    continue
                }
                guard characters.first == "[" else { return XCTFail("unknown escape in \(text.debugDescription)") }
                characters.removeFirst()
                var parameters = ""
                while let next = characters.first, next.isNumber || next == ";" || next == "?" { parameters.append(characters.removeFirst()) }
                let final = characters.removeFirst()
                apply(final, parameters)
            case "\n":
                if row == bottom { scrollUp() } else { row += 1 }
                if newlineReturns { column = 0 }
            case "\r": column = 0
            case "\r\n":
                // One character to Swift: a return, then a newline.
                column = 0
                if row == bottom { scrollUp() } else { row += 1 }
            case "\u{07}": break
            default:
                guard row < lines.count else { continue }
                var line = Array(lines[row])
                while line.count < column { line.append(" ") }
                if column < line.count { line[column] = character } else { line.append(character) }
                lines[row] = String(line)
                while inverseColumns[row].count <= column { inverseColumns[row].append(false) }
                inverseColumns[row][column] = inverse
                column += 1
            }
        }
    }

    private mutating func apply(_ final: Character, _ parameters: String) {
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        switch final {
        case "H":
            // (A frame for a larger window than the model's lands on its last row.)
            row = min(lines.count - 1, ((numbers.first ?? 1) ?? 1) - 1)
            column = ((numbers.count > 1 ? numbers[1] : 1) ?? 1) - 1
        case "A": row = max(0, row - ((numbers.first ?? 1) ?? 1))
        case "B": row = min(lines.count - 1, row + ((numbers.first ?? 1) ?? 1))
        case "C": column += (numbers.first ?? 1) ?? 1
        case "D": column = max(0, column - ((numbers.first ?? 1) ?? 1))
        case "G": column = ((numbers.first ?? 1) ?? 1) - 1
        case "J":
            lines = Array(repeating: "", count: lines.count)
            inverseColumns = Array(repeating: [], count: lines.count)
        case "K":
            let keep = parameters == "2" ? 0 : column
            lines[row] = String(lines[row].prefix(keep))
            inverseColumns[row] = Array(inverseColumns[row].prefix(keep))
        case "r":
            top = ((numbers.first ?? 1) ?? 1) - 1
            bottom = ((numbers.count > 1 ? numbers[1] : lines.count) ?? lines.count) - 1
            (row, column) = (0, 0)
        case "m":
            for number in numbers {
                switch number ?? 0 {
                case 7: inverse = true
                case 0, 27: inverse = false
                default: break
                }
            }
        case "h" where parameters == "?1049":
            savedMain = lines
            lines = Array(repeating: "", count: lines.count)
            inverseColumns = Array(repeating: [], count: lines.count)
        case "l" where parameters == "?1049":
            lastFullScreen = lines
            lastFullScreenHighlight = highlighted
            lines = savedMain ?? lines
            inverseColumns = Array(repeating: [], count: lines.count)
        case "h", "l": break
        default: XCTFail("unknown sequence \(parameters)\(final)")
        }
    }

    private mutating func scrollUp() {
        lines.remove(at: top)
        lines.insert("", at: bottom)
        inverseColumns.remove(at: top)
        inverseColumns.insert([], at: bottom)
    }

    private mutating func scrollDown() {
        lines.remove(at: bottom)
        lines.insert("", at: top)
        inverseColumns.remove(at: bottom)
        inverseColumns.insert([], at: top)
    }
}
