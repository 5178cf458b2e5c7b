import FileBrowsing
import TableKit

/// The full-screen view's input: the next key (a burst split into keys, a
/// lone Esc told from a sequence), with the level's changes and a followed
/// file shown while it waits, and the highlight kept on its file when rows move.
extension ScreenView {
    /// The next key; waits for the level's changes meanwhile (they redraw
    /// the frame). Nil when the input ends.
    func nextKey() -> Key? {
        while true {
            if !typedAhead.isEmpty { return typedAhead.removeFirst() }
            if let key = decoder.next() {
                // Letters typed fast arrive as one text: each is a key here.
                if case .text(let text) = key, text.count > 1 {
                    typedAhead = text.map { Key.text(String($0)) }
                    continue
                }
                return key
            }
            if decoder.hasPending, !waitForInput(milliseconds: 40) {
                if let key = decoder.next(endOfBurst: true) { return key }
                // A paste whose end marker has not come after a second of silence is over, as at the prompt.
                if decoder.isInsidePaste, !waitForInput(milliseconds: 1000), let key = decoder.endUnterminatedPaste() { return key }
            }
            // Idle at last: the detail left out while keys came is drawn now.
            if detailPending && !waitForInput(milliseconds: 0) { draw() }
            let events = session.watching
            let watched: [Int32] = events.map { $0.descriptors.filter { $0 >= 0 } } ?? []
            // Following a file (F): a look at its end four times a second.
            let timeout = following ? 250 : events?.timeout ?? -1
            guard let ready = terminal.waitForReading(watched, milliseconds: timeout) else {
                if terminal.takeResize() {
                    frame.invalidate()
                    draw()
                }
                continue
            }
            if following, let viewer, !ready.contains(true) {
                _ = viewer.apply(.end, size: size)
                draw()
                continue
            }
            if !ready[0] {
                // A change may move the rows: the highlight stays on the same file.
                let level = session.current
                let before = level.highlight < level.model.rowCount ? HighlightedFile(row: level.highlight, of: level) : nil
                if let output = events?.wake() {
                    // The screen shows changes as they come (the prompt only counts them).
                    if case .notice = output, session.current === level, (try? level.reread()) != nil {
                        if level.space != nil { session.showSpace(on: level) }
                    } else if case .lines(let text) = output, let last = text.split(separator: "\n").last {
                        status = NameEscaping.terminalSafe(String(last))
                    }
                    if let before, session.current === level { keepHighlight(on: before, in: level) }
                    detailCache = nil
                    draw()
                }
                continue
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let read = chunk.withUnsafeMutableBytes { terminal.read(into: $0) }
            guard case .success(let count) = read else {
                if read.failureValue == .interrupted { continue }
                return nil
            }
            if count == 0 { return nil }
            decoder.feed(chunk[..<count])
        }
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
            level.highlight = row
            return
        }
    }

    func waitForInput(milliseconds: Int32) -> Bool {
        terminal.keyWaiting(milliseconds: milliseconds)
    }
}
