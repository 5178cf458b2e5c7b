import FileBrowsing
import SystemSeam
import Terminal

/// Keeps the levels on the stack watched (`DirectoryWatcher`, one watch a
/// level, gone when the level is) and tells the prompt what changed: a
/// notice above the prompt (`+2 -1 since this page was drawn (reload to
/// see)`), a marked file that changed or vanished, or with `watch on` the
/// page drawn again, at most four times a second however many changes come.
/// Only at a terminal with the line editor: a batch stays deterministic.
final class LevelWatching: PromptEvents {
    private let watcher: DirectoryWatcher
    private unowned let session: Session
    /// Watch number for each level watched, by the level's object.
    private var watches: [ObjectIdentifier: Int32] = [:]
    private var levelsByWatch: [Int32: TableLevel] = [:]
    /// Changes to the current level since its page was drawn.
    private var added = 0, removed = 0, modified = 0
    /// `watch on`: apply changes as they come.
    var applies = false
    /// Pages drawn because of changes (for `stats`).
    private(set) var redraws = 0
    private var lastRedraw = 0.0
    private var redrawDue: Double?
    /// Watching stopped (the watch limit): said once.
    private var limitReported = false
    /// When each note about a marked file was last said (a write's two events say it once).
    private var markNotesSaid: [String: Double] = [:]

    /// The shortest time between two pages drawn for changes.
    static let redrawInterval = 0.25

    init?(session: Session) {
        guard let watcher = DirectoryWatcher() else { return nil }
        self.watcher = watcher
        self.session = session
    }

    /// The watcher, and `HangGuard`'s calls that came back late.
    var descriptors: [Int32] { [watcher.descriptor, HangGuard.completionDescriptor, session.context.git.doorbell?.descriptor ?? -1] }
    // (The screen answers git's doorbell itself, before the watch.)

    var timeout: Int32 {
        guard let redrawDue else { return -1 }
        return Int32(max(0, (redrawDue - MonotonicClock.seconds) * 1000).rounded(.up))
    }

    /// The page of the current level was drawn: nothing is pending for it.
    /// Watches follow the stack: levels pushed get one, levels popped lose theirs.
    func pageDrawn() {
        added = 0
        removed = 0
        modified = 0
        let levels = session.stack.levels
        let live = Set(levels.map(ObjectIdentifier.init))
        for (id, watch) in watches where !live.contains(id) {
            watcher.unwatch(watch)
            watches[id] = nil
            levelsByWatch[watch] = nil
        }
        // A directory's level is watched; gathered rows are read again by 'reload'.
        for level in levels where watches[ObjectIdentifier(level)] == nil {
            guard let listing = level.listing else { continue }
            switch watcher.watch(directoryAt: listing.directory.fd) {
            case .success(let watch):
                watches[ObjectIdentifier(level)] = watch
                levelsByWatch[watch] = level
            case .failure(let errno):
                if !limitReported {
                    limitReported = true
                    session.context.write("watch: \(NameEscaping.escape(level.path)) is not watched (\(errno)); 'reload' shows changes")
                }
            }
        }
    }

    func wake() -> PromptEventOutput? {
        // A call that did not answer in time came back, or git's letters came in: draw the page with what it found.
        let gitAnswered = session.context.git.doorbell?.answer() == true
        if HangGuard.drainCompletions() || gitAnswered {
            session.output.write(TerminalControl.overwriteLine)
            session.context.printPage()
            return .lines("")
        }
        let changes = watcher.readChanges()
        var lines: [String] = []
        var overflowed = false
        let current = session.current
        for change in changes {
            if change.kind == .overflow {
                overflowed = true
                continue
            }
            guard let level = levelsByWatch[change.watch] else { continue }
            if change.kind == .directoryGone {
                lines.append("watch: \(NameEscaping.escape(level.path)) was removed or moved")
                continue
            }
            if let identity = level.identity, change.name.withUnsafeBufferPointer({ session.marks.isMarked(directory: identity, name: $0) }) {
                let path = NameEscaping.escape(change.name.withUnsafeBufferPointer { level.directory.childPath($0) })
                let what = change.kind == .removed ? "vanished" : change.kind == .added ? "was replaced" : "changed"
                let line = "marked \(path) \(what)"
                // One write makes two events (a modify, then the close): said once.
                let now = MonotonicClock.seconds
                if !lines.contains(line), now - (markNotesSaid[line] ?? -10) >= 1 {
                    lines.append(line)
                    markNotesSaid[line] = now
                }
            }
            guard level === current else { continue }
            switch change.kind {
            case .added: added += 1
            case .removed: removed += 1
            case .modified: modified += 1
            default: break
            }
        }
        if overflowed {
            // Changes were lost: read the directory again rather than show a wrong table.
            lines.append("watch: too many changes at once (inotify's queue overflowed); the directory was read again")
            redraw(force: true)
            return .lines(lines.map { $0 + "\n" }.joined())
        }
        let pending = added + removed + modified > 0
        if applies && (pending || redrawDue != nil) {
            // A page drawn (straight to the output) needs the prompt drawn again under it.
            let drew = redraw(force: false)
            return lines.isEmpty && !drew ? nil : .lines(lines.map { $0 + "\n" }.joined())
        }
        if !lines.isEmpty { return .lines(lines.map { $0 + "\n" }.joined()) }
        guard pending else { return nil }
        // Writes show in `info`; the note counts what joined and left the table.
        guard added + removed > 0 else { return nil }
        return .notice("+\(added) -\(removed) since this page was drawn (reload to see)")
    }

    /// Reads the current level again and draws its page (to the session's
    /// output), or, within a quarter second of the last time, sets the time
    /// to do it; returns whether it drew.
    @discardableResult
    private func redraw(force: Bool) -> Bool {
        let now = MonotonicClock.seconds
        if !force && now - lastRedraw < Self.redrawInterval {
            redrawDue = lastRedraw + Self.redrawInterval
            return false
        }
        redrawDue = nil
        lastRedraw = now
        redraws += 1
        session.output.write(TerminalControl.overwriteLine)
        session.context.refreshCurrent()
        return true
    }
}
