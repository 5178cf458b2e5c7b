/// What a piece of text means: the table says it, a renderer's markup
/// decides how it looks (a terminal's colours, or nothing at all), so the
/// engine knows no terminal.
public enum TextStyle: Hashable, Sendable {
    /// A section's header.
    case heading
    case directory
    case link
    case marked
    case dimmed
    /// A style the data source names itself (a user's colour setting for a
    /// kind of file or an extension); the markup reads the name.
    case named(String)
    /// Text with no style of its own that a markup marking every row still
    /// ends (`StyleMarkup.plainClosing`: ls's link target without a colour).
    case plain
}

/// How a renderer marks styled text in its output: what goes before text
/// of a style (nil: nothing, the text stays plain) and what ends it.
///
/// A markup may also mark every row (ls's `no=` colour: `entryOpening`
/// before each row or entry, `plainClosing` after a text without a style)
/// and say what follows a text that may wrap (`wrapClearing`, given the
/// column the text starts at and its length in bytes: ls's clear to the
/// end of the line).
public final class StyleMarkup: Sendable {
    public let opening: @Sendable (TextStyle) -> String?
    public let closing: String
    public let entryOpening: (@Sendable () -> String?)?
    public let plainClosing: String?
    public let wrapClearing: (@Sendable (_ startColumn: Int, _ byteCount: Int) -> String?)?

    public init(
        opening: @escaping @Sendable (TextStyle) -> String?, closing: String, entryOpening: (@Sendable () -> String?)? = nil,
        plainClosing: String? = nil, wrapClearing: (@Sendable (_ startColumn: Int, _ byteCount: Int) -> String?)? = nil
    ) {
        self.opening = opening
        self.closing = closing
        self.entryOpening = entryOpening
        self.plainClosing = plainClosing
        self.wrapClearing = wrapClearing
    }

    /// Whether rows without a style are marked too (no plain fast path).
    var marksEveryRow: Bool { entryOpening != nil || plainClosing != nil || wrapClearing != nil }

    /// The same markup with `wrapClearing` measuring from `column` whatever
    /// the row's own start (ls measures a name from column 0 in `-1`).
    public func clearingFrom(column: Int) -> StyleMarkup {
        var fromColumn: (@Sendable (Int, Int) -> String?)?
        if let clear = wrapClearing {
            fromColumn = { _, bytes in clear(column, bytes) }
        }
        return StyleMarkup(opening: opening, closing: closing, entryOpening: entryOpening, plainClosing: plainClosing, wrapClearing: fromColumn)
    }
}

/// How a renderer marks text that names something a terminal can open
/// (`Cell.textLink`): the opening made from the URI, and the closing. The
/// front end supplies it (the terminal's OSC 8); TableKit writes none.
public struct LinkMarkup: Sendable {
    public let opening: @Sendable (String) -> String
    public let closing: String

    public init(opening: @escaping @Sendable (String) -> String, closing: String) {
        self.opening = opening
        self.closing = closing
    }
}
