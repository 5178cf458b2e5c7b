import FileBrowsing

/// The progress line of a space scan, `\r`-drawn in place: `scanning PATH:
/// 120,345 files, 3.2 GiB`, at most ten times a second, and taken away when
/// the scan is done. `--du` draws it on standard error, the REPL's `du` above
/// its prompt.
struct ScanProgress {
    private var lastShown = 0.0
    private var shown = false

    /// The text that redraws the line now, or nil when it was drawn less than
    /// a tenth of a second ago.
    mutating func update(_ scan: SpaceScan, scanning place: [UInt8]) -> String? {
        let now = MonotonicClock.seconds
        guard now - lastShown >= 0.1 else { return nil }
        lastShown = now
        shown = true
        let (files, bytes) = scan.progress
        return TerminalControl.overwriteLine + "scanning \(NameEscaping.escape(place)): \(Plural.count(files, "file")), \(HumanSize.withUnit(bytes))"
    }

    /// The text that takes the line away, if one was drawn.
    var erasure: String? { shown ? TerminalControl.overwriteLine : nil }
}
