import Synchronization
import TableKit

/// The terminal's markup for the table's text styles: ANSI SGR sequences.
/// A style the data source named itself (`ls`'s colours, from `LS_COLORS`)
/// is an SGR parameter string already.
public enum TerminalStyle {
    public static let markup = StyleMarkup(opening: { style in "\u{1B}[" + parameters(style) + "m" }, closing: "\u{1B}[0m")

    /// The markup as ls writes its colours (`LsColorIndicators`): a colour
    /// is `lc` COLOUR `rc` and a coloured name ends with `ec` (`ESC[0m` by
    /// default), which also comes once before ls's first sequence of the
    /// whole run, however many directories and tables it spans. With `no`
    /// coloured, every entry starts in it, a coloured name is preceded by
    /// `lc` `rc` and every name ends with `ec`. A name that may wrap
    /// (`lineWidth`, 0 for none) is followed by `cl`. `atExit` is what ls
    /// writes when done, if anything (`lc` `rc` when colour was used and
    /// they are not the defaults).
    public static func lsMarkup(_ indicators: LsColorIndicators, lineWidth: Int) -> (markup: StyleMarkup, atExit: @Sendable () -> String?) {
        let first = FirstUse()
        let ending = indicators.endOfName
        /// ls's `put_indicator`: its first use writes the ending first.
        let put: @Sendable (String) -> String = { (first.take() ? ending : "") + $0 }
        let normal = indicators.normalIsColored ? indicators.normal : nil
        let (left, right) = (indicators.left, indicators.right)
        let clear = indicators.clearToEndOfLine
        let opening: @Sendable (TextStyle) -> String? = { style in
            let restore = normal == nil ? "" : put(left + right)
            return restore + put(left + parameters(style) + right)
        }
        var entryOpening: (@Sendable () -> String?)?
        if let normal { entryOpening = { put(left + normal + right) } }
        var wrapClearing: (@Sendable (Int, Int) -> String?)?
        if lineWidth > 0 {
            wrapClearing = { start, bytes in start / lineWidth != (start + bytes - 1) / lineWidth ? clear : nil }
        }
        let markup = StyleMarkup(
            opening: opening, closing: ending, entryOpening: entryOpening, plainClosing: normal == nil ? nil : ending,
            wrapClearing: wrapClearing)
        let exitSequence = indicators.atExit
        return (markup, { first.used ? exitSequence : nil })
    }

    /// The markup as tree writes its colours: `lc` COLOUR `rc`, and `ec`
    /// after a coloured name (`TreeColorScheme`).
    public static func treeMarkup(_ scheme: TreeColorScheme) -> StyleMarkup {
        let (left, right, end) = (scheme.left, scheme.right, scheme.end)
        return StyleMarkup(opening: { style in left + parameters(style) + right }, closing: end)
    }

    /// A link a terminal can open (OSC 8, ended by BEL as ls ends it):
    /// the URI, the text, then the link closed.
    public static let linkMarkup = LinkMarkup(opening: { "\u{1B}]8;;" + $0 + "\u{07}" }, closing: "\u{1B}]8;;\u{07}")

    /// True the first time it is asked, false after.
    private final class FirstUse: Sendable {
        private let usedFlag = Atomic<Bool>(false)
        func take() -> Bool { !usedFlag.exchange(true, ordering: .relaxed) }
        var used: Bool { usedFlag.load(ordering: .relaxed) }
    }

    /// The SGR parameters of a style.
    public static func parameters(_ style: TextStyle) -> String {
        switch style {
        case .heading: return "1"
        case .directory: return "01;34"
        case .link: return "01;36"
        case .marked: return "01;31"
        case .dimmed: return "2"
        case .plain: return "0"
        case .named(let parameters): return parameters
        }
    }
}
