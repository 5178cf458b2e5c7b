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
}

/// How a renderer marks styled text in its output: what goes before text
/// of a style (nil: nothing, the text stays plain) and what ends it.
public struct StyleMarkup: Sendable {
    public let opening: @Sendable (TextStyle) -> String?
    public let closing: String

    public init(opening: @escaping @Sendable (TextStyle) -> String?, closing: String) {
        self.opening = opening
        self.closing = closing
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
