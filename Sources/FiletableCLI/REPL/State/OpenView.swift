/// The view a command left open: a file's hex or text view, whose keys
/// (`b`, `/TEXT`, `q`) and `more` go on with it, or the rest of a long text
/// of filetable's own. Its one owner: the viewing commands open, move and
/// close it here; the session and the full-screen view only read it.
final class OpenView {
    /// The open view, if any.
    private(set) var viewer: Viewer?
    /// The view's last screen reached its end: `more` has nothing to
    /// continue, though its keys still move it.
    private(set) var atEnd = false
    /// Counts every open, move and close (what a command's `Outcome` compares).
    private(set) var revision = 0

    /// Opens `viewer` in place of the view before it.
    func open(_ viewer: Viewer) {
        self.viewer = viewer
        atEnd = false
        revision += 1
    }

    /// Closes the view (`q`, a view that can no longer read its file).
    func close() {
        viewer = nil
        atEnd = false
        revision += 1
    }

    /// A screen of the view was shown; `atEnd` when it was the last.
    func screenShown(atEnd: Bool) {
        self.atEnd = atEnd
        revision += 1
    }
}
