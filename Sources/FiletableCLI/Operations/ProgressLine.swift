import FileBrowsing
import SystemSeam
import Terminal

/// The one throttle of every progress line: an operation may report as
/// often as it likes; at most ten reports a second are drawn, and the line
/// is taken away at the end if one was drawn. Where it is drawn is the
/// front end's (`draw` is handed nil to take it away).
struct ProgressLine {
    /// A tenth of a second between two drawings.
    static let interval = 0.1

    private let draw: (OperationProgress?) -> Void
    private let clock: () -> Double
    private var lastDrawn: Double?

    /// `draw` shows a report (nil: takes the line away); `clock` says the
    /// time in seconds (tests step their own).
    init(draw: @escaping (OperationProgress?) -> Void, clock: @escaping () -> Double = { MonotonicClock.seconds }) {
        self.draw = draw
        self.clock = clock
    }

    /// A line drawn on standard error when it is a terminal (the command
    /// line's modes), nothing otherwise.
    static func onStandardError() -> ProgressLine {
        guard StandardStream.error.isTerminal else { return ProgressLine(draw: { _ in }) }
        return ProgressLine(draw: { progress in StandardStream.writeError(TerminalControl.overwriteLine + (progress?.text ?? "")) })
    }

    /// Whether a report was drawn (and the line is still there).
    var isDrawn: Bool { lastDrawn != nil }

    /// Draws `report` unless a report was drawn less than `interval` ago
    /// (the first is drawn at once); `report` is not made when it would not be drawn.
    mutating func update(_ report: @autoclosure () -> OperationProgress) {
        let now = clock()
        if let lastDrawn, now - lastDrawn < Self.interval { return }
        lastDrawn = now
        draw(report())
    }

    /// Takes the line away, if one was drawn.
    mutating func finish() {
        guard lastDrawn != nil else { return }
        lastDrawn = nil
        draw(nil)
    }
}
