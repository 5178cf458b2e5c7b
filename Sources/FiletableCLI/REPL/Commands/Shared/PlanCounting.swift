import FileBrowsing
import TableKit

/// Adding up what marks cover (files, directories, bytes), with a
/// progress line at a terminal and Ctrl-C to stop: before `mark` asks, and
/// under `marks --print`.
extension CommandContext {
    /// Adds up marks, showing progress on a terminal (Ctrl-C stops).
    func countTotals(_ marked: [Mark]) -> PlanTotals {
        Interruption.clear()
        let progress: ((Int) -> Void)? =
            settings.interactive
            ? { counted in
                Conversation.writeStatusLine("\rcounting: \(counted) entries (Ctrl-C stops)")
            } : nil
        let totals = PlanTotals.count(marked, progress: progress)
        if settings.interactive { Conversation.writeStatusLine(TerminalControl.overwriteLine) }
        Interruption.clear()
        return totals
    }
}
