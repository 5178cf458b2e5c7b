import FileBrowsing
import TableKit

/// Adding up what marks cover (files, directories, bytes), with a
/// progress line at a terminal and Ctrl-C to stop: before `mark` asks, and
/// under `marks --print`.
extension CommandContext {
    /// Adds up marks, showing progress on a terminal (Ctrl-C stops).
    func countTotals(_ marked: [Mark]) -> PlanTotals {
        var progress = conversation.progressLine()
        let totals = PlanTotals.count(marked) { counted in progress.update(.counting(entries: counted)) }
        progress.finish()
        stop.forget()
        return totals
    }
}
