/// What `--tree` was asked (tree's letters).
struct TreeDrawingOptions {
    /// tree's `-d`: directories only.
    var directoriesOnly = false
    /// tree's `-f`: each entry's path, not its name.
    var fullPaths = false
    /// tree's `-i`: no drawing before the names.
    var noIndentation = false
    /// tree's `--noreport`: no summary.
    var noReport = false
    /// tree's `-C` (colour always, in tree's colours) or `-n` (never); nil
    /// when neither was given. `-C` wins over `-n` in either order, as in tree.
    var colour: Bool?
    /// tree's `-p -u -g -s -h --si -D --timefmt`: the bracket before each name.
    var details = TreeEntryDetails()
    /// tree's `--charset=ascii`: `|--` and `` `-- `` lines.
    var asciiLines = false
    /// `--charset` was given: the locale does not choose the lines.
    var charsetChosen = false
    /// tree's `-J`: the drawing as JSON.
    var json = false
}
