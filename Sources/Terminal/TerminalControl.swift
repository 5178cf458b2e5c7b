/// The control sequences filetable writes to a terminal, named: the one
/// place they are spelled (SGR colours are `TerminalStyle`'s). Outside
/// the `Terminal` module, code says what it wants (`TerminalControl.eraseLine`), and a
/// test checks no escape is written anywhere else.
public enum TerminalControl {
    /// ESC, for the decoders and models that read sequences.
    public static let escape = "\u{1B}"
    /// To the start of the line, erasing it: where a progress line is drawn over.
    public static let overwriteLine = "\r\u{1B}[K"
    /// Erases from the cursor to the end of the line.
    public static let eraseToEndOfLine = "\u{1B}[K"
    /// Erases the whole line the cursor is on.
    public static let eraseLine = "\u{1B}[2K"
    /// The cursor home and the screen cleared.
    public static let clearScreen = "\u{1B}[H\u{1B}[2J"
    /// The cursor up `count` rows.
    public static func up(_ count: Int) -> String { "\u{1B}[\(count)A" }
    /// The cursor right `count` columns.
    public static func right(_ count: Int) -> String { "\u{1B}[\(count)C" }
    /// The cursor to `row` and `column` (1-based).
    public static func moveTo(row: Int, column: Int = 1) -> String { "\u{1B}[\(row);\(column)H" }
    /// The alternate screen (the full-screen view's), and the normal one again.
    public static let alternateScreen = "\u{1B}[?1049h"
    public static let normalScreen = "\u{1B}[?1049l"
    public static let showCursor = "\u{1B}[?25h"
    public static let hideCursor = "\u{1B}[?25l"
    /// Reverse video on and off: the highlighted row, a search's matches.
    public static let reverse = "\u{1B}[7m"
    public static let reverseOff = "\u{1B}[27m"
    /// Bold on and off (the screen's header), and every attribute off.
    public static let bold = "\u{1B}[1m"
    public static let boldOff = "\u{1B}[22m"
    public static let resetAttributes = "\u{1B}[0m"
    /// Scrolling limited to rows `top` through `bottom` (1-based); `wholeScreen` undoes it.
    public static func scrollRegion(top: Int, bottom: Int) -> String { "\u{1B}[\(top);\(bottom)r" }
    public static let wholeScreenScrolls = "\u{1B}[r"
    /// Up a row, scrolling the region down at its top.
    public static let reverseIndex = "\u{1B}M"

    /// `text` in reverse video.
    public static func reversed(_ text: String) -> String { reverse + text + reverseOff }
}
