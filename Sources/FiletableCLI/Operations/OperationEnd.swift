import FileBrowsing

/// How a long operation of the session ended, said the same way by every
/// level it makes: whole, or partial and why. A partial level carries
/// `headerNote` in its header (the prompt's and the screen's alike) and
/// its summary line ends with `summaryNote`, so a result cut short never
/// passes for a whole one.
enum OperationEnd: Equatable {
    case complete
    /// A stop (Ctrl-C) ended it early; `again` says how to run it whole
    /// (`'reload' searches again`).
    case stopped(again: String)
    /// It ran to its end, but `count` entries could not be read.
    case unreadable(count: Int)

    /// Ended by a stop when `stopped`, else whole.
    init(stopped: Bool, again: String) {
        self = stopped ? .stopped(again: again) : .complete
    }

    /// The header's last part: `partial: stopped by Ctrl-C ('reload' searches again)`; nil when whole.
    var headerNote: String? {
        switch self {
        case .complete: return nil
        case .stopped(let again): return "partial: stopped by Ctrl-C (\(again))"
        case .unreadable(let count): return "partial: \(Plural.count(count, "entry", "entries")) could not be read"
        }
    }

    /// The header's parts this end adds: its note, or none when whole.
    var headerParts: [String] { headerNote.map { [$0] } ?? [] }

    /// What the summary line ends with: `; stopped by Ctrl-C`, or nothing.
    var summaryNote: String {
        if case .stopped = self { return "; stopped by Ctrl-C" }
        return ""
    }
}
