import FileBrowsing
import HexDump
import SystemSeam
import TableKit
import Terminal

/// The screens of the hex and text viewers at the prompt (a header at a
/// terminal, the rows, a footer saying what comes next), the lines of
/// filetable's own long texts a screen at a time, and a viewed file opened
/// from its row's source. `hex`, `view`, `more` and the viewer's keys use
/// them.
extension CommandContext {
    /// Lines a viewer screen holds (at most `UserNumber.pageSize`, so a
    /// screen of hex is at most 160,000 bytes).
    var screenLines: Int {
        settings.pageSize ?? settings.window.lines().map { max(1, $0 - 2) } ?? 20
    }

    /// The lines a viewer screen may use: the terminal's, less the prompt,
    /// the footer, the header and the notices above the screen.
    func viewerHeight(notices: Int) -> Int {
        let chrome = settings.interactive ? 1 + notices : 0
        return max(1, screenLines - chrome)
    }

    /// What a failed move says.
    static func message(_ command: String, _ error: ViewerError, path: [UInt8]) -> String {
        let name = NameEscaping.escape(path)
        switch error {
        case .atEnd: return "\(command): at the end of \(name) ('b' goes back, 'q' closes the view)"
        case .atTop: return "\(command): at the top of \(name)"
        case .sizeUnknown: return "\(command): \(name): size unknown (not a regular file); no end to go to"
        case .pastEnd(let offset, let end):
            return "\(command): \(name): offset \(offset) is past the end (\(Plural.count(Int(clamping: end), "byte")))"
        case .noLine(let wanted, let count?): return "\(command): \(name) has \(Plural.count(count, "line")), not \(wanted)"
        case .noLine(let wanted, nil): return "\(command): \(name) has fewer than \(wanted) lines"
        case .noSearch: return "\(command): no search yet (/TEXT searches forward, ?TEXT back)"
        case .notFound(let search, let backward):
            let text = NameEscaping.escape(search.needle)
            return "\(command): '\(text)' not found \(backward ? "above" : "below") this screen of \(name)"
        case .file(let error): return "\(command): \(error.description)"
        }
    }

    /// Writes lines of filetable's own text: all at once in a script, a
    /// screen at a time at a terminal ('more' or an empty line goes on).
    var pagedByTheScreen: Bool { !drawsPages }

    func showLines(_ lines: [String], from start: Int = 0) {
        // The full-screen view (pages not drawn) takes them all and pages them itself.
        let room = settings.interactive && drawsPages ? max(1, screenLines - 1) : Int.max
        let end = lines.count - start > room ? start + room : lines.count
        lines[start..<end].forEach { write($0) }
        if end < lines.count {
            endScreen(then: .lines(lines, next: end), footer: "-- more: \(lines.count - end) lines ('more' or an empty line) --")
        } else {
            if case .lines = viewer { openView.close() }
            output.flush()
        }
    }

    /// Writes one screen of the text view: a header at a terminal, the
    /// rows, and a footer saying what comes next.
    func showText(_ viewer: TextViewer, notices: Int) throws(CommandError) {
        let height = viewerHeight(notices: notices)
        let screen: TextViewer.Screen
        do {
            screen = try viewer.screen(height: height)
        } catch {
            openView.close()
            throw CommandError("view: \(error.description)")
        }
        viewer.shownNext = screen.next
        if settings.interactive { writeComposed(textHeader(viewer, screen)) }
        screen.rows.forEach { writeComposed($0) }
        if let next = screen.next {
            let place = next.position.line.map { "line \($0)" } ?? "byte \(next.position.offset)"
            endViewerScreen(
                atEnd: false,
                footer: settings.interactive
                    ? "-- more from \(place): Enter, b back, /TEXT search, q close --"
                    : "-- more from \(place) ('more' or an empty line) --")
        } else {
            endViewerScreen(atEnd: true, footer: settings.interactive ? "-- end of file --  b back, g top, q close" : "-- end of file --")
        }
    }

    /// The text view's header: the file, the lines shown, how far in.
    func textHeader(_ viewer: TextViewer, _ screen: TextViewer.Screen) -> String {
        var detail = ""
        if let first = screen.firstLine, let last = screen.lastLine {
            detail = "lines \(first)-\(last)"
            if let count = viewer.lineCount { detail += " of \(count)" }
        } else {
            detail = "bytes \(viewer.top.offset)-\(screen.endOffset)"
        }
        if let size = viewer.file.size, size > 0 { detail += "  \(Int(screen.endOffset * 100 / size))%" }
        return header(name: viewer.title, detail: detail)
    }

    /// A viewer header fitted to the width: the name cut before the detail is.
    func header(name: [UInt8], detail: String) -> String {
        let width = (settings.window.columns() ?? 80) - 1
        let room = max(1, width - TextWidth.of(detail) - 2)
        let shown = TextWidth.truncatingTail(NameEscaping.escape(name), to: room)
        let line = TextWidth.truncatingTail(shown + "  " + detail, to: width)
        return settings.useColor ? TerminalControl.bold + line + TerminalControl.resetAttributes : line
    }

    /// One screen of `hexdump -C` lines from the view's offset; offsets
    /// shown are file offsets.
    func showHex(_ viewer: HexViewer, notices: Int) throws(CommandError) {
        let height = viewerHeight(notices: notices)
        let bytes: [UInt8]
        do {
            bytes = try viewer.screenBytes(height: height)
        } catch {
            openView.close()
            throw CommandError("hex: \(error.description)")
        }
        let next = viewer.offset + UInt64(bytes.count)
        viewer.shownBytes = UInt64(bytes.count)
        if settings.interactive {
            var detail = "0x\(String(viewer.offset, radix: 16))-0x\(String(next, radix: 16))"
            if let end = viewer.end { detail += " of 0x\(String(end, radix: 16))" }
            if let size = viewer.file.size, size > 0 { detail += "  \(Int(next * 100 / size))%" }
            if let match = viewer.match { detail += "  match at 0x\(String(match, radix: 16))" }
            writeComposed(header(name: viewer.title, detail: detail))
        }
        var formatter = HexFormatter(format: .canonical, startOffset: viewer.offset, colored: settings.useColor)
        if settings.useColor, viewer.search != nil {
            // The bytes the search matched, as the text viewer shows its matches.
            let lines = String(decoding: formatter.format(bytes), as: UTF8.self).split(separator: "\n").map(String.init)
            for line in HexMatchMarking.mark(lines, bytes: bytes, from: viewer.offset, search: viewer.search) { output.write(line + "\n") }
        } else {
            output.write(bytes: formatter.format(bytes))
        }
        if bytes.count < height * 16 || (viewer.end.map { next >= $0 } ?? false) {
            var closing: [UInt8] = []
            formatter.finish(into: &closing)
            output.write(bytes: closing)
            endViewerScreen(atEnd: true, footer: settings.interactive ? "-- end of dump --  b back, g top, q close" : "-- end of dump --")
        } else {
            endViewerScreen(
                atEnd: false,
                footer: settings.interactive
                    ? "-- more from offset 0x\(String(next, radix: 16)): Enter, b back, /de ad search, q close --"
                    : "-- more from offset 0x\(String(next, radix: 16)) ('more' or an empty line; 'hex N @OFFSET' jumps) --")
        }
    }

    /// Closes a viewer screen with its footer; the view stays open for its keys.
    func endViewerScreen(atEnd: Bool, footer: String) {
        write(footer)
        openView.screenShown(atEnd: atEnd)
        leaveShown(.viewerScreen)
        output.flush()
    }

    /// Closes a screen with its footer; `next` is what `more` continues (nil at the end).
    func endScreen(then next: Viewer?, footer: String) {
        write(footer)
        if let next { openView.open(next) } else { openView.close() }
        leaveShown(next != nil ? .viewerScreen : .page)
        output.flush()
    }

    /// Opens the bytes a view reads from the row's source, a file on disk
    /// first through `HangGuard` where calls can hang.
    /// The bytes a view of `row` reads and the path that names them: the
    /// row's own, or with `there`, in a comparison, its file on the other side.
    func viewedFile(_ command: String, row: Int, there: Bool) throws(CommandError) -> (any ByteSource, [UInt8]) {
        guard there else {
            let path = current.path(ofRow: row)
            return (try openViewed(command, row: row, path: path), path)
        }
        guard let sides = current.kind as? SideBySide, let pair = sides.counterpart(ofRow: row, in: current) else {
            throw CommandError(
                "\(command) --there: \(NameEscaping.escape(current.model.name(ofRow: row))) has no file on another side (in 'compare PATH', a file whose contents differ has one)"
            )
        }
        do throws(FileError) {
            return (try sides.openThere(pair.there, row: row, in: current), pair.there)
        } catch {
            throw CommandError("\(command): \(error.description)")
        }
    }

    func openViewed(_ command: String, row: Int, path: [UInt8]) throws(CommandError) -> any ByteSource {
        if let location = current.model.location(ofRow: row) {
            try awaitReadable(command, name: location.name, directory: location.directory, path: path, skip: 0)
        }
        do {
            return try current.model.contents(ofRow: row, path: path)
        } catch {
            throw CommandError("\(command): \(error.description)")
        }
    }

    /// Opens the viewed file; a failure closes the viewer and names the command.
    /// Where calls can hang, the file is first opened and its first byte read
    /// on a worker: a file that does not answer says so, and Ctrl-C gives up.
    /// Where calls can hang, opens and reads a byte of the file first
    /// through `HangGuard` (the prompt says when it does not answer, and
    /// Ctrl-C gives up), so the reads that follow on this thread find the
    /// file system answering.
    func awaitReadable(_ command: String, name: [UInt8], directory: DirectoryHandle, path: [UInt8], skip: UInt64) throws(CommandError) {
        guard directory.isGuarded else { return }
        let fd = directory.fd
        try awaitAnswer(command, path: path, in: directory) { Descriptor(fd).readsOneByte(of: name, at: skip) }
    }

    /// How text is laid out now: the terminal's width, the session's styles.
    func textLayout(wraps: Bool) -> TextLineLayout {
        TextLineLayout(width: settings.interactive ? settings.window.columns() : nil, wraps: wraps, settings: settings)
    }
}
