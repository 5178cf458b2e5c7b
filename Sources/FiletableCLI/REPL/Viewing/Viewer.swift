/// What the viewer has open: what `more`, an empty line and the viewer's
/// keys go on with.
enum Viewer {
    /// A text view (`view N`).
    case text(TextViewer)
    /// A hex view (`hex N`, or `view N` of a binary file).
    case hex(HexViewer)
    /// Lines filetable wrote itself (help), the next screen from `next`.
    case lines([String], next: Int)
}

extension Viewer {
    /// Whether this is filetable's own text (which takes no viewer keys).
    var isLines: Bool {
        if case .lines = self { return true }
        return false
    }
}
