import FileBrowsing

/// Which time a listing shows and how it is written.
struct TimeOptions {
    /// How `-l` writes times (`--time-style`, `--full-time`).
    var layout = TimeFormat.Layout.style(.locale)
    /// `-u` or `-c` was given: that time; without `-l`, and with no other order asked for, sorted by it.
    var fieldAsked = false
    /// `--time-style` or `--full-time` was given: `TIME_STYLE` is not read.
    var styleChosen = false
}
