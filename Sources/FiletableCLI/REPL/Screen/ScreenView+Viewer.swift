import FileBrowsing
import SystemSeam
import Terminal

/// The full-screen view's viewer: a row shown full width (Enter on a file,
/// `x` for hex, `=` for a comparison's diff), and the keys that move it.
extension ScreenView {
    func openHighlighted(asHex: Bool) {
        let level = session.current
        guard level.model.rowCount > 0 else { return }
        let row = level.highlight
        if !asHex && level.model.isDirectory(row: row, followSymlinks: true) {
            run(.open(row: .number(row + 1)))
            return
        }
        // Where calls can hang, the file must answer a read first (never a frozen screen).
        if let location = level.model.location(ofRow: row), location.directory.isGuarded, let identity = location.directory.identity {
            let name = location.name
            let fd = location.directory.fd
            // (A read that fails says why below, when the file is opened.)
            guard HangGuard.run(in: identity, { Descriptor(fd).readsOneByte(of: name, at: 0) }) != nil else {
                status = "\(NameEscaping.escape(level.path(ofRow: row))): not responding (the file system has not answered)"
                return
            }
        }
        // An archive opens as a level of its members, as a directory does.
        if !asHex, LevelOpeners.recognise(LevelOpening(level: level, row: row, decoration: session.settings.decoration)) {
            run(.open(row: .number(row + 1)))
            return
        }
        do {
            viewer = try ScreenViewerState(session: session, row: row, asHex: asHex, columns: size.columns)
            status = "Up Down PgUp PgDn g G move  / ? n N search  q back to the table"
        } catch {
            status = error.message
        }
    }

    func handleViewerKey(_ key: Key) {
        guard let viewer else { return }
        if key == .text("/") || key == .text("?") {
            guard let text = typeOnStatusLine(prompt: key == .text("/") ? "/" : "?"), !text.isEmpty else { return }
            status = viewer.apply(.search(text, backward: key == .text("?")), size: size)
            return
        }
        // Any key stops following, as in less.
        if following {
            following = false
            status = ""
        }
        // A count, as in less: `50g`, `50%`, `5j`, `3n` (`0x318g` in hex).
        if case .text(let typed) = key, let character = typed.first, typed.count == 1, extendsCount(with: character) {
            viewerCount += typed
            status = ":" + viewerCount
            return
        }
        let count = viewerCount
        viewerCount = ""
        if !count.isEmpty, case .text(let letter) = key, letter.count == 1 {
            return applyCounted(count, letter, to: viewer)
        }
        guard let move = ScreenViewerState.move(for: key) else { return }
        if move == .close {
            self.viewer = nil
            status = ""
            return
        }
        status = viewer.apply(move, size: size)
        if move == .follow && status.isEmpty {
            following = true
            status = "following as the file grows (any key stops)"
        }
    }

    /// Whether `character` goes on the count being typed: a decimal digit,
    /// the `x` of `0x`, or a hex digit after it (but b, d and e, which are
    /// the view's keys: `0x3b` moves back).
    private func extendsCount(with character: Character) -> Bool {
        if character.isASCII && character.isNumber { return true }
        if viewerCount == "0" { return character == "x" || character == "X" }
        return viewerCount.lowercased().hasPrefix("0x") && character.isHexDigit && !"bdeBDE".contains(character)
    }

    /// A count and the key after it: a move `ViewerMove.parse` reads (`50g`,
    /// `5j`, `25%`), or `n`/`N` repeated that many times.
    private func applyCounted(_ count: String, _ letter: String, to viewer: ScreenViewerState) {
        if letter == "n" || letter == "N", let times = Int(count), times > 0 {
            for _ in 0..<min(times, 10_000) {
                status = viewer.apply(letter == "n" ? .nextMatch : .previousMatch, size: size)
                if !status.isEmpty { return }
            }
            return
        }
        guard let move = ViewerMove.parse(count + letter), move != .close else {
            status = "\(count)\(letter): not a count this view takes (50g, 50%, 5j, 3n)"
            return
        }
        status = viewer.apply(move, size: size)
    }

    /// `=`: in a comparison, the highlighted file here against its file
    /// there, as `diff -u` writes it, full width; `n` goes to the next hunk.
    func openDiff() {
        let level = session.current
        guard level.model.rowCount > 0 else { return }
        do {
            let diff = try FileDiff.rows(level.highlight, nil, of: level)
            guard !diff.text.isEmpty else {
                status = "diff: " + diff.summary
                return
            }
            viewer = try ScreenViewerState(
                text: MemoryBytes(path: diff.title, bytes: diff.text), title: NameEscaping.escape(diff.title), search: "@@ -",
                session: session, columns: size.columns)
            status = diff.summary + "  q back"
        } catch {
            status = error.message
        }
    }
}
