import FileBrowsing

/// What a command did, as `Session.execute` returns it to a front end: what
/// it said (typed messages, in order), what it changed, whether the session
/// ends, or the mistake that stopped it. The prompt has printed the messages
/// as they came (a long answer streams) and prints the mistake; the
/// full-screen view puts the last message or the mistake on its status line
/// and lets go of what it keeps about a table that changed.
struct Outcome: Equatable {
    /// What a command changed.
    struct Changes: OptionSet, Equatable {
        let rawValue: UInt8
        /// Another level is shown (pushed, popped, or the first again).
        static let level = Changes(rawValue: 1 << 0)
        /// The table shown was drawn again: rows, order, page or decorations.
        static let table = Changes(rawValue: 1 << 1)
        /// Marks were added, removed or cleared.
        static let plan = Changes(rawValue: 1 << 2)
        /// A view was opened, moved or closed.
        static let viewer = Changes(rawValue: 1 << 3)
        /// A mode changed (editing, marked rows shown).
        static let modes = Changes(rawValue: 1 << 4)
    }

    var ending = Ending.keepGoing
    var changes: Changes = []
    /// What the command said, in order (the last `Conversation.keptMessages` of a long answer).
    var messages: [Message] = []
    /// The mistake that stopped the command, if one did.
    var failure: CommandError?

    /// Whether the session ends.
    var quits: Bool { ending == .quit }

    /// The session's state as far as a front end cares, before and after a command.
    struct Snapshot {
        let level: ObjectIdentifier
        let depth: Int
        let marksRevision: Int
        let viewRevision: Int
        let state: SessionState

        init(_ context: CommandContext) {
            level = ObjectIdentifier(context.current)
            depth = context.stack.levels.count
            marksRevision = context.marks.revision
            viewRevision = context.openView.revision
            // What was left on the screen is the viewer's or a search's, not a mode.
            var modes = context.state
            modes.lastShown = .page
            state = modes
        }

        /// What differs from `before`; `tableShown` when the command had the table drawn.
        func changes(since before: Snapshot, tableShown: Bool) -> Changes {
            var changes: Changes = []
            if level != before.level || depth != before.depth { changes.insert(.level) }
            if tableShown { changes.insert(.table) }
            if marksRevision != before.marksRevision { changes.insert(.plan) }
            if viewRevision != before.viewRevision { changes.insert(.viewer) }
            if state != before.state { changes.insert(.modes) }
            return changes
        }
    }
}
