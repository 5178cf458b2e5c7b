/// The session's modes (`SessionState`) and what the command before this
/// one left on the screen. Their one owner: commands change them through
/// the calls here, and every page is drawn from them.
final class Modes {
    /// The modes every page is drawn from.
    private(set) var state = SessionState()
    /// What the command before this one left on the screen.
    private(set) var shownBefore = SessionState.Shown.page

    /// Marked rows shown in a directory's table, or left out (`show marked`).
    func showMarkedRows(_ shown: Bool) { state.marksShown = shown }

    /// Editing mode (`edit`, `done`).
    func setEditing(_ editing: Bool) { state.editing = editing }

    /// The full-screen view's panes (`layout`); nil: by the window's width.
    func setLayout(_ layout: ScreenLayout?) { state.layout = layout }

    /// What du's figures count, and whether they carry item counts (`figures`).
    func setSpaceFigures(_ measure: SpaceMeasure, itemCounts: Bool, gitSplit: Bool) {
        state.spaceMeasure = measure
        state.showsItemCounts = itemCounts
        state.showsGitSplit = gitSplit
    }

    /// What this command leaves on the screen, for the next one to go on with.
    func leaveShown(_ shown: SessionState.Shown) { state.lastShown = shown }

    /// A command starts: what the last one left becomes `shownBefore`, and
    /// this one leaves a page unless it says otherwise.
    func beginCommand() {
        shownBefore = state.lastShown
        state.lastShown = .page
    }
}
