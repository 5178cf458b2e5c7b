import Synchronization
import TableKit

/// The terminal's markup for the table's text styles: ANSI SGR sequences.
/// A style the data source named itself (`ls`'s colours, from `LS_COLORS`)
/// is an SGR parameter string already.
enum TerminalStyle {
    static let markup = StyleMarkup(opening: { style in "\u{1B}[" + parameters(style) + "m" }, closing: "\u{1B}[0m")

    /// `markup` as ls writes it: its first colour is preceded by a reset
    /// (`ESC [0m`, ls's "non-filename text" at its first indicator), once
    /// for the whole run, however many directories and tables it spans.
    static func markupResettingFirst() -> StyleMarkup {
        let first = FirstUse()
        return StyleMarkup(
            opening: { style in (first.take() ? "\u{1B}[0m" : "") + "\u{1B}[" + parameters(style) + "m" }, closing: "\u{1B}[0m")
    }

    /// A link a terminal can open (OSC 8, ended by BEL as ls ends it):
    /// the URI, the text, then the link closed.
    static let linkMarkup = LinkMarkup(opening: { "\u{1B}]8;;" + $0 + "\u{07}" }, closing: "\u{1B}]8;;\u{07}")

    /// True the first time it is asked, false after.
    private final class FirstUse: Sendable {
        private let used = Atomic<Bool>(false)
        func take() -> Bool { !used.exchange(true, ordering: .relaxed) }
    }

    /// The SGR parameters of a style.
    static func parameters(_ style: TextStyle) -> String {
        switch style {
        case .heading: return "1"
        case .directory: return "01;34"
        case .link: return "01;36"
        case .marked: return "01;31"
        case .dimmed: return "2"
        case .named(let parameters): return parameters
        }
    }
}
