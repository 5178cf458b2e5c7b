import TableKit

/// The terminal's markup for the table's text styles: ANSI SGR sequences.
/// A style the data source named itself (`ls`'s colours, from `LS_COLORS`)
/// is an SGR parameter string already.
enum TerminalStyle {
    static let markup = StyleMarkup(opening: { style in "\u{1B}[" + parameters(style) + "m" }, closing: "\u{1B}[0m")

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
