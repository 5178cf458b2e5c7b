import Terminal

/// The full-screen view's keys, in one table: the key dispatch, `?`, the
/// man page and README read it.
enum ScreenAction: Equatable, Sendable, CaseIterable {
    case up, down, pageUp, pageDown, top, bottom
    case open, back, hex, diff
    case filter, clearFilter, mark, undo, showMarked, sizes, apparentSize, itemCounts, cycleSort, reverseSort, hidden
    case pager, editor
    case toggleDetail, cycleLayout, help, lastMessage, command, quit
}

struct ScreenKey: Sendable {
    /// The keys as the help shows them.
    let keys: String
    /// What each key of the line does: the dispatch reads these.
    let bindings: [(key: Key, action: ScreenAction)]
    let summary: String

    /// One table that both documents and dispatches (as lf's keymap does):
    /// a key not bound here does nothing, and a line of help is a binding.
    static let table: [ScreenKey] = [
        ScreenKey(
            keys: "Up k, Down j",
            bindings: [(.up, .up), (.text("k"), .up), (.control("p"), .up), (.down, .down), (.text("j"), .down), (.control("n"), .down)],
            summary: "move the highlight (the mouse wheel too, where the terminal sends it as arrows)"),
        ScreenKey(
            keys: "PgUp PgDn, Home g, End G",
            bindings: [
                (.pageUp, .pageUp), (.control("b"), .pageUp), (.pageDown, .pageDown), (.control("f"), .pageDown),
                (.home, .top), (.text("g"), .top), (.end, .bottom), (.text("G"), .bottom),
            ],
            summary: "a screen up or down, the first or last row"),
        ScreenKey(
            keys: "Enter Right l", bindings: [(.enter, .open), (.right, .open), (.text("l"), .open)],
            summary: "open: a directory is pushed, a file shown full width"),
        ScreenKey(
            keys: "Left h Backspace", bindings: [(.left, .back), (.text("h"), .back), (.backspace, .back)],
            summary: "back, to the row you came from; at the first level the parent directory"),
        ScreenKey(keys: "x", bindings: [(.text("x"), .hex)], summary: "the row in hex, full width"),
        ScreenKey(
            keys: "=", bindings: [(.text("="), .diff)],
            summary: "in a comparison: the row's file here against its file there, as diff -u (n: next hunk)"),
        ScreenKey(keys: "/", bindings: [(.text("/"), .filter)], summary: "filter as you type (substring, any case; globs); Esc clears"),
        ScreenKey(keys: "Esc", bindings: [(.escape, .clearFilter)], summary: "clear a filter kept with Enter (the highlight stays on its file)"),
        ScreenKey(
            keys: "space, u", bindings: [(.text(" "), .mark), (.text("u"), .undo)],
            summary: "mark the row for the plan (the REPL's marks); undo"),
        ScreenKey(
            keys: "M", bindings: [(.text("M"), .showMarked)],
            summary: "marked rows shown in the table, or hidden again (the plan's rows leave it)"),
        ScreenKey(
            keys: "p, e", bindings: [(.text("p"), .pager), (.text("e"), .editor)],
            summary: "the row in $PAGER (less), or in $VISUAL/$EDITOR (vi); back to this screen after"),
        ScreenKey(keys: "d", bindings: [(.text("d"), .sizes)], summary: "sizes: what each row takes, largest first (du)"),
        ScreenKey(
            keys: "a, c", bindings: [(.text("a"), .apparentSize), (.text("c"), .itemCounts)],
            summary: "after d, as ncdu: apparent size or disk use; how many items each row holds, or not"),
        ScreenKey(
            keys: "s, .", bindings: [(.text("s"), .cycleSort), (.text("."), .hidden)],
            summary: "the next sort (name, size, time, ext, du once sized); hidden files on/off"),
        ScreenKey(keys: "r", bindings: [(.text("r"), .reverseSort)], summary: "the order reversed (or back)"),
        ScreenKey(
            keys: "Tab, w", bindings: [(.tab, .toggleDetail), (.text("w"), .cycleLayout)],
            summary:
                "the preview (the detail pane) on/off; the next layout: Miller columns (parent | here | preview, by itself from 120 columns), split, single"
        ),
        ScreenKey(
            keys: "Ctrl-G", bindings: [(.control("g"), .lastMessage)],
            summary: "the last message whole, when the status line cut it"),
        ScreenKey(
            keys: ":", bindings: [(.text(":"), .command)],
            summary: "a REPL command typed on the status line (the prompt's editing, history, Tab)"),
        ScreenKey(keys: "?", bindings: [(.text("?"), .help)], summary: "these keys"),
        ScreenKey(
            keys: "q", bindings: [(.text("q"), .quit), (.text("Q"), .quit)],
            summary: "leave: back to the prompt, or out when started with --screen"),
    ]

    /// Each key's action, from the table.
    private static let actions: [Key: ScreenAction] = {
        var actions: [Key: ScreenAction] = [:]
        for line in table { for binding in line.bindings { actions[binding.key] = binding.action } }
        return actions
    }()

    /// The action a key asks for, if any.
    static func action(for key: Key) -> ScreenAction? { actions[key] }

    /// What the status line says of a key the table does not bind (ranger's
    /// `~`, `H`, `yy`): nil for what is not a key a person typed on purpose.
    static func unboundNote(for key: Key) -> String? {
        let name: String
        switch key {
        case .text(let text): name = text
        case .control(let letter): name = "Ctrl-" + letter.uppercased()
        case .alt(let letter): name = "Alt-" + String(letter)
        default: return nil
        }
        return "\(name): not a key here; ? lists the keys"
    }
}
