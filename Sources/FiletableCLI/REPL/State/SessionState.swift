/// The session's modes, each in one place: a page is drawn from them (the
/// delete controls, the `D` column, the header's words), never from copies
/// kept in the table, the source or the formatter.
struct SessionState: Equatable {
    /// What a command left on the screen, which the next one may go on with.
    enum Shown {
        /// A page of the table, or a message.
        case page
        /// A screen of the hex or text viewer: an empty line shows the next.
        case viewerScreen
        /// A match of `find`: `n` goes on to the next.
        case searchMatch
    }

    /// Editing mode: every row that can be marked shows a delete control.
    var editing = false
    /// Marked rows stay in view with a `D` instead of leaving the table.
    var marksShown = false
    var lastShown = Shown.page
    /// The full-screen view's panes, when chosen (`layout`); nil: by the width.
    var layout: ScreenLayout?
    /// What du's figures count: blocks on disk, or the files' lengths (`figures`, ncdu's `a`).
    var spaceMeasure = SpaceMeasure.disk
    /// du's figures carry how many items each row holds (ncdu's `c`).
    var showsItemCounts = false
    /// du's figures split into what git tracks, what is untracked and what it ignores (`figures git`).
    var showsGitSplit = false
}
