import FileBrowsing

/// What a command may work with, in the parts it needs: the owners of the
/// session's state (the levels walked, the deletion plan), and the work the
/// session does on the table on screen, moving between levels, looking
/// inside files, the plan, and the conversation with the user. A command
/// gets these, not the session; the session is what provides them.
struct CommandContext {
    /// The levels walked and where you came from.
    let levels: Navigator
    /// The marks, what was exported, the copies guarded.
    let deletionPlan: DeletionPlan
    let table: any TableWork
    let navigation: any Navigation
    let viewing: any Viewing
    let plan: any PlanWork
    let conversation: any Conversation

    /// The parts of `session`.
    init(_ session: Session) {
        levels = session.navigator
        deletionPlan = session.deletionPlan
        table = session
        navigation = session
        viewing = session
        plan = session
        conversation = session
    }
}

/// The current level's table: pages, order, sections, searches, the modes
/// a page is drawn in, and the level's own data (reload, du, counters).
protocol TableWork: AnyObject {
    var current: TableLevel { get }
    /// The modes pages are drawn in; changed through the calls below.
    var state: SessionState { get }
    /// Marked rows shown in a directory's table (with a `D`), or left out.
    func showMarkedRows(_ shown: Bool)
    /// Editing mode: the delete controls beside every row.
    func setEditing(_ editing: Bool)
    /// What the command before this one left on the screen.
    var shownBefore: SessionState.Shown { get }
    var search: SubtreeSearch? { get }
    var watching: LevelWatching? { get }
    func printPage()
    /// Cuts the current level's pages for this page size before a jump to a row.
    func preparePage()
    func nextPage() throws(CommandError)
    /// The 0-based row a typed reference names in the current table.
    func row(_ reference: RowReference, for command: String) throws(CommandError) -> Int
    func find(_ text: String?, maxDepth: Int?) throws(CommandError)
    func findAll(_ text: String, maxDepth: Int?) throws(CommandError)
    func reload() throws(CommandError)
    func sizeLevel(_ request: SpaceRequest) throws(CommandError)
    func listUnreadable() throws(CommandError)
    func findCopies(_ request: CopiesRequest) throws(CommandError)
}

/// Moving between levels: open, back, up, cd, pwd.
protocol Navigation: AnyObject {
    func open(_ reference: RowReference) throws(CommandError)
    func up() throws(CommandError)
    func changeDirectory(_ typed: String?) throws(CommandError)
    /// A typed path as an absolute one: relative to the level's path, `~`
    /// for home, escapes read back to bytes, `.` and `..` taken logically.
    func absolutePath(_ typed: String, for command: String) throws(CommandError) -> [UInt8]
    /// Pushes a level a command made (a new kind of table) and shows it.
    func show(_ level: TableLevel)
}

/// Looking at what a row holds: its details, its text or bytes, another
/// program on it, and the screens of filetable's own long texts.
protocol Viewing: AnyObject {
    var viewer: Viewer? { get }
    func info(_ reference: RowReference) throws(CommandError)
    func hex(_ reference: RowReference, offset: HexStart, length: UInt64?, search: ViewerMove?) throws(CommandError)
    func view(_ reference: RowReference, from start: ViewStart?, wraps: Bool) throws(CommandError)
    func more() throws(CommandError)
    func move(_ move: ViewerMove) throws(CommandError)
    func page(_ reference: RowReference) throws(CommandError)
    func edit(_ reference: RowReference) throws(CommandError)
    func runShell(_ script: String?) throws(CommandError)
    func showLines(_ lines: [String], from start: Int)
    /// True while the full-screen view pages long answers (a key turns the
    /// page there), false at the prompt (an empty line does).
    var pagedByTheScreen: Bool { get }
}

/// The deletion plan: marking, its level, its checks and its export.
protocol PlanWork: AnyObject {
    func mark(_ selectors: [RowSelector]) throws(CommandError)
    func mark(keeping rule: CopyTable.KeepRule) throws(CommandError)
    func unmark(_ selectors: [RowSelector]) throws(CommandError)
    func showPlan() throws(CommandError)
    func printMarks() throws(CommandError)
    func exportMarks(to path: String, format: PlanExport.Format, force: Bool, allowChanged: Bool) throws(CommandError)
    func verifyMarks() throws(CommandError)
    func pruneMarks() throws(CommandError)
    func clearMarks() throws(CommandError)
    /// Whether the session may end (asking first when marks would be lost).
    func mayQuit() -> Bool
}

/// Saying things to the user, and what they typed before.
protocol Conversation: AnyObject {
    var history: History? { get }
    func write(_ text: String)
    /// Clears the terminal (nothing in a script).
    func clearScreen()
    /// Shows the session full screen until `q`.
    func openScreen() throws(CommandError) -> Session.Outcome
    /// A long command's progress line (`\r`-drawn), for a person at a terminal only.
    func showProgress(_ line: String)
}

extension Session: TableWork, Navigation, Viewing, PlanWork, Conversation {}
