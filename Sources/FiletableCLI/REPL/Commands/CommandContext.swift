import FileBrowsing
import TableKit
import Terminal

/// What a command works with: the owners of the session's state, each the
/// one place its piece lives (the levels walked, the deletion plan, du's
/// figures, the open view, the last search, the modes, the conversation
/// with the user), and the settings fixed for the session. A value of
/// references and nothing of its own: `Session` makes one and hands it to
/// every command, and the front ends reach the same owners through it.
///
/// The work commands share is in files named for it beside the commands
/// (`TableShowing`, `RowLookup`, `ViewerScreens`, `PlanUpkeep` …); what one
/// command does is in that command's file.
struct CommandContext {
    /// The levels walked and where you came from.
    let navigator: Navigator
    /// The marks, what was exported, the copies guarded.
    let deletionPlan: DeletionPlan
    /// What `du` sized, by identity, and what it could not read.
    let space: SpaceIndex
    /// The hex or text view `more` continues, and its keys move.
    let openView: OpenView
    /// The last `find`, which `find` alone (or `n` right after it) goes on with.
    let lastSearch: LastSearch
    /// The modes every page is drawn from.
    let modes: Modes
    /// Where commands speak and ask, and what a person at a terminal brings.
    let conversation: Conversation
    /// The files selected and picked with `--choose-files`; nil otherwise.
    let picking: FilePicking?
    /// git's letters beside each row (`git on`), asked on a thread of their own.
    let git: GitColumn
    let settings: Session.Settings

    // Short names for what commands read most.

    /// The level shown.
    var current: TableLevel { navigator.current }
    var stack: NavigationStack<TableLevel> { navigator.stack }
    var marks: MarkStore { deletionPlan.marks }
    var state: SessionState { modes.state }
    var viewer: Viewer? { openView.viewer }
    var search: SubtreeSearch? { lastSearch.search }
    var output: OutputSink { conversation.output }
    var watching: LevelWatching? { conversation.watching }
    var history: History? { conversation.history }
    var drawsPages: Bool { conversation.drawsPages }
    /// Where a stop of the running operation comes from.
    var stop: StopSource { conversation.stop }

    func write(_ text: String) { conversation.write(text) }
    func writeComposed(_ line: String) { conversation.writeComposed(line) }
    func leaveShown(_ shown: SessionState.Shown) { modes.leaveShown(shown) }
}
