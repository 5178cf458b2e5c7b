/// The full-screen view's keys, in one table: the key dispatch, `?`, the
/// man page and README read it.
enum ScreenAction: Equatable, Sendable {
    case up, down, pageUp, pageDown, top, bottom
    case open, back, hex
    case filter, mark, undo, showMarked, sizes, cycleSort, hidden
    case pager, editor
    case toggleDetail, help, command, quit
}

struct ScreenKey: Sendable {
    /// The keys as the help shows them.
    let keys: String
    let action: ScreenAction
    let summary: String

    static let table: [ScreenKey] = [
        ScreenKey(keys: "Up k, Down j", action: .down, summary: "move the highlight (the mouse wheel too, where the terminal sends it as arrows)"),
        ScreenKey(keys: "PgUp PgDn, Home g, End G", action: .pageDown, summary: "a screen up or down, the first or last row"),
        ScreenKey(keys: "Enter Right l", action: .open, summary: "open: a directory is pushed, a file shown full width"),
        ScreenKey(keys: "Left h Backspace", action: .back, summary: "back, to the row you came from; at the first level the parent directory"),
        ScreenKey(keys: "x", action: .hex, summary: "the row in hex, full width"),
        ScreenKey(keys: "/", action: .filter, summary: "filter as you type (substring, any case; globs); Esc clears"),
        ScreenKey(keys: "space, u", action: .mark, summary: "mark the row for the plan (the REPL's marks); undo"),
        ScreenKey(keys: "M", action: .showMarked, summary: "marked rows shown in the table, or hidden again (the plan's rows leave it)"),
        ScreenKey(keys: "p, e", action: .pager, summary: "the row in $PAGER (less), or in $VISUAL/$EDITOR (vi); back to this screen after"),
        ScreenKey(keys: "d", action: .sizes, summary: "sizes: what each row takes, largest first (du)"),
        ScreenKey(keys: "s, .", action: .cycleSort, summary: "the next sort (name, size, time, ext, du once sized); hidden files on/off"),
        ScreenKey(keys: "Tab", action: .toggleDetail, summary: "the detail pane on/off (on by itself at 120 columns)"),
        ScreenKey(keys: ":", action: .command, summary: "a REPL command typed on the status line (the prompt's editing, history, Tab)"),
        ScreenKey(keys: "?", action: .help, summary: "these keys"),
        ScreenKey(keys: "q", action: .quit, summary: "leave: back to the prompt, or out when started with --screen"),
    ]

    /// The action a key asks for, if any.
    static func action(for key: Key) -> ScreenAction? {
        switch key {
        case .up, .text("k"), .control("p"): return .up
        case .down, .text("j"), .control("n"): return .down
        case .pageUp, .control("b"): return .pageUp
        case .pageDown, .control("f"): return .pageDown
        case .home, .text("g"): return .top
        case .end, .text("G"): return .bottom
        case .enter, .right, .text("l"): return .open
        case .left, .text("h"), .backspace: return .back
        case .text("x"): return .hex
        case .text("/"): return .filter
        case .text(" "): return .mark
        case .text("u"): return .undo
        case .text("M"): return .showMarked
        case .text("d"): return .sizes
        case .text("p"): return .pager
        case .text("e"): return .editor
        case .text("s"): return .cycleSort
        case .text("."): return .hidden
        case .tab: return .toggleDetail
        case .text(":"): return .command
        case .text("?"): return .help
        case .text("q"), .text("Q"): return .quit
        default: return nil
        }
    }
}
