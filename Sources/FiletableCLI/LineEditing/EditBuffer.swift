import TableKit

/// The line being edited at the prompt: characters (grapheme clusters, so a
/// CJK character, an emoji or a letter with combining marks is one step),
/// a cursor between them, and the text last cut, for Ctrl-Y.
///
/// Pure value semantics: every Emacs-style edit the line editor offers is a
/// method here, tested without a terminal.
struct EditBuffer: Equatable {
    private(set) var characters: [Character] = []
    /// The cursor, as a count of characters before it.
    private(set) var cursor = 0
    /// What Ctrl-K, Ctrl-U, Ctrl-W or Alt-D cut last.
    private(set) var killed: [Character] = []

    /// The longest line, in characters: far more than any command needs, and
    /// short enough that drawing it stays quick. Kill and yank could otherwise
    /// double a line again and again (found by fuzzing).
    static let maximumLength = 65_536

    init(_ text: String = "") {
        characters = Array(text.prefix(Self.maximumLength))
        cursor = characters.count
    }

    var text: String { String(characters) }
    var isEmpty: Bool { characters.isEmpty }
    /// The text before the cursor (what completion looks at).
    var textBeforeCursor: String { String(characters[..<cursor]) }

    // MARK: Typing

    /// Puts `text` in at the cursor, as much of it as the line has room for.
    mutating func insert(_ text: String) {
        let new = Array(text.prefix(Self.maximumLength - characters.count))
        characters.insert(contentsOf: new, at: cursor)
        cursor += new.count
    }

    /// Backspace: the character before the cursor.
    mutating func deleteBackward() {
        guard cursor > 0 else { return }
        characters.remove(at: cursor - 1)
        cursor -= 1
    }

    /// Delete (and Ctrl-D on a non-empty line): the character under the cursor.
    mutating func deleteForward() {
        guard cursor < characters.count else { return }
        characters.remove(at: cursor)
    }

    /// Replaces the whole line (history, completion), cursor at the end.
    mutating func replaceAll(with text: String) {
        characters = Array(text.prefix(Self.maximumLength))
        cursor = characters.count
    }

    /// Replaces the characters in `range` (completion), cursor after them.
    mutating func replace(_ range: Range<Int>, with text: String) {
        let new = Array(text.prefix(Self.maximumLength - characters.count + range.count))
        characters.replaceSubrange(range, with: new)
        cursor = range.lowerBound + new.count
    }

    // MARK: Moving

    mutating func moveLeft() { cursor = max(0, cursor - 1) }
    mutating func moveRight() { cursor = min(characters.count, cursor + 1) }
    mutating func moveHome() { cursor = 0 }
    mutating func moveEnd() { cursor = characters.count }

    /// Alt-B: to the start of this word or the one before.
    mutating func moveWordLeft() { cursor = wordStart(before: cursor) }
    /// Alt-F: to the end of this word or the next.
    mutating func moveWordRight() { cursor = wordEnd(after: cursor) }

    // MARK: Cutting and pasting back

    /// Ctrl-K: from the cursor to the end.
    mutating func killToEnd() { kill(cursor..<characters.count) }
    /// Ctrl-U: from the start to the cursor.
    mutating func killToStart() { kill(0..<cursor) }
    /// Ctrl-W: the whitespace-delimited word before the cursor (as in a shell).
    mutating func killWordBackward() {
        var start = cursor
        while start > 0 && characters[start - 1].isWhitespace { start -= 1 }
        while start > 0 && !characters[start - 1].isWhitespace { start -= 1 }
        kill(start..<cursor)
    }
    /// Alt-D: to the end of the word after the cursor.
    mutating func killWordForward() { kill(cursor..<wordEnd(after: cursor)) }

    /// Ctrl-Y: puts back what was cut last.
    mutating func yank() { insert(String(killed)) }

    /// Ctrl-T: swaps the characters around the cursor (the last two at the end).
    mutating func transpose() {
        guard characters.count >= 2, cursor > 0 else { return }
        let at = cursor == characters.count ? cursor - 1 : cursor
        characters.swapAt(at - 1, at)
        cursor = at + 1
    }

    private mutating func kill(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        killed = Array(characters[range])
        characters.removeSubrange(range)
        cursor = range.lowerBound
    }

    /// Words for Alt-B/F/D are runs of letters and digits.
    private func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }

    private func wordStart(before position: Int) -> Int {
        var index = position
        while index > 0 && !isWordCharacter(characters[index - 1]) { index -= 1 }
        while index > 0 && isWordCharacter(characters[index - 1]) { index -= 1 }
        return index
    }

    private func wordEnd(after position: Int) -> Int {
        var index = position
        while index < characters.count && !isWordCharacter(characters[index]) { index += 1 }
        while index < characters.count && isWordCharacter(characters[index]) { index += 1 }
        return index
    }

    // MARK: Columns

    /// The columns a character takes: 2 for wide ones (CJK, emoji), 0 for a
    /// lone combining mark, else 1.
    static func width(of character: Character) -> Int {
        var widest = 0
        for scalar in character.unicodeScalars { widest = max(widest, TextWidth.of(scalar)) }
        return widest
    }

    /// Columns taken by the characters before `index`.
    func columns(upTo index: Int) -> Int {
        characters[..<index].reduce(0) { $0 + Self.width(of: $1) }
    }
}
