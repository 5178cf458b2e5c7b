/// How the full-screen view lays out its panes: Miller columns (the
/// parent | the current table | the highlighted row's preview, as ranger,
/// lf and yazi show them), the table beside the preview, or the table
/// alone. By the width unless chosen (`layout`, `w`, Tab, the config).
enum ScreenLayout: String, CaseIterable, Sendable {
    case columns, split, single

    /// The layout a window of `columns` gets when none was chosen: Miller
    /// columns from 120 columns on, the table alone below.
    static func automatic(columns: Int) -> ScreenLayout { columns >= 120 ? .columns : .single }

    /// Whether the highlighted row's preview (the detail pane) shows.
    var showsPreview: Bool { self != .single }

    /// The next layout `w` goes to.
    var next: ScreenLayout {
        switch self {
        case .columns: return .split
        case .split: return .single
        case .single: return .columns
        }
    }
}
