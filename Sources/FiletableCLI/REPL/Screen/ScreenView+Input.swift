import FileBrowsing
import TableKit
import Terminal

/// The full-screen view's input: the next key (a burst split into keys, a
/// lone Esc told from a sequence), with the level's changes and a followed
/// file shown while it waits, and the highlight kept on its file when rows move.
extension ScreenView {
    /// The next key, a letter at a time, from the loop the line editor
    /// shares; waits for the level's changes meanwhile (they redraw the
    /// frame) and follows a file with `F`. Nil when the input ends.
    func nextKey() -> Key? {
        var waiting = KeyInput.Waiting()
        let events = session.watching
        // git's letters come in on a doorbell of their own: the frame is drawn again with them.
        let gitAnswers = session.context.git.doorbell
        waiting.descriptors = { (events.map { $0.descriptors.filter { $0 >= 0 } } ?? []) + (gitAnswers.map { [$0.descriptor] } ?? []) }
        // Following a file (F): a look at its end four times a second.
        waiting.timeout = { [unowned self] in following ? 250 : events?.timeout ?? -1 }
        // Idle at last: the detail left out while keys came is drawn now.
        waiting.beforeWaiting = { [unowned self] in if detailPending && !keys.keyWaiting(milliseconds: 0) { draw() } }
        waiting.resized = { [unowned self] in
            frame.invalidate()
            draw()
        }
        waiting.woke = { [unowned self] ready in
            if following, let viewer, !ready.contains(true) {
                _ = viewer.apply(.end, size: size)
                draw()
                return
            }
            if let gitAnswers, ready.last == true, gitAnswers.answer() {
                draw()
                return
            }
            if let events { showChanges(of: events) }
        }
        return keys.next(splittingText: true, waiting)
    }

    /// What the level's watch found: the rows read again (a change may move
    /// them: the highlight stays on the same file), or its words on the status line.
    private func showChanges(of events: LevelWatching) {
        let level = session.current
        let before = level.highlight < level.model.rowCount ? HighlightedFile(row: level.highlight, of: level) : nil
        guard let said = events.wake() else { return }
        // The screen shows changes as they come (the prompt only counts them).
        if case .notice = said, session.current === level, (try? level.reread()) != nil {
            if level.space != nil { session.context.showSpace(on: level) }
        } else if case .lines(let text) = said, let last = text.split(separator: "\n").last {
            status = NameEscaping.terminalSafe(String(last))
        }
        if let before, session.current === level { keepHighlight(on: before, in: level) }
        detailCache = nil
        draw()
    }

    /// The file the highlight is on: its inode as the directory reported
    /// it (so a rename keeps it), and its name where there is no inode.
    struct HighlightedFile {
        let name: [UInt8]
        let inode: UInt64?

        init(row: Int, of level: TableLevel) {
            name = level.model.name(ofRow: row)
            inode = level.listing?.reportedInode(ofRow: row)
        }

        func isShown(at row: Int, in level: TableLevel) -> Bool {
            if let inode, let listing = level.listing { return listing.reportedInode(ofRow: row) == inode }
            return level.model.withName(ofRow: row) { $0.elementsEqual(name) }
        }
    }

    /// Puts the highlight back on the same file after the rows changed, by
    /// identity (it stays where it was when that file left the table).
    func keepHighlight(on file: HighlightedFile, in level: TableLevel) {
        let count = level.model.rowCount
        if level.highlight < count, file.isShown(at: level.highlight, in: level) { return }
        for row in 0..<count where file.isShown(at: row, in: level) {
            level.moveHighlight(to: row)
            return
        }
    }
}
