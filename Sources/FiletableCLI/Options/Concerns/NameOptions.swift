import FileBrowsing

/// How names are written: quoting, indicators, control characters, the line's end.
struct NameOptions {
    /// How names are quoted (`-Q`, `--quoting-style`); nil for filetable's escapes.
    var quoting: QuotingStyle?
    /// What ends each line of a listing: a newline, or NUL after `--zero`
    /// (headers and the blank lines between directories keep newlines, as ls).
    var lineEnd: UInt8 = 0x0A
    /// ls's `-q` (true) or `--show-control-chars` (false); nil: as ls, hidden at a terminal.
    var hidesControlCharacters: Bool?
    /// Which indicators `typeIndicators` appends (`-F`, `--file-type`, `-p`).
    var indicatorStyle = NameDecoration.IndicatorStyle.classify
    var typeIndicators = false
}
