import FileBrowsing
import TableKit

/// Viewing a file's content: hex, view, more.
extension Session {
    /// Lines a viewer screen holds (at most `UserNumber.pageSize`, so a
    /// screen of hex is at most 160,000 bytes).
    private var screenLines: Int {
        settings.pageSize ?? Terminal.lines().map { max(1, $0 - 2) } ?? 20
    }

    /// The lines a viewer screen may use: the terminal's, less the prompt,
    /// the footer, the header and the notices above the screen.
    private func viewerHeight(notices: Int) -> Int {
        let chrome = settings.interactive ? 1 + notices : 0
        return max(1, screenLines - chrome)
    }

    func hex(_ reference: RowReference, offset: HexStart, length: UInt64?, search: ViewerMove?) throws(CommandError) {
        try hex(reference, offset: offset, length: length, notices: 0, search: search)
    }

    private func hex(_ reference: RowReference, offset start: HexStart, length: UInt64?, notices: Int, search: ViewerMove? = nil) throws(CommandError)
    {
        let row = try row(reference, for: "hex")
        let path = current.path(ofRow: row)
        let file = try openViewed("hex", row: row, path: path)
        let offset: UInt64
        switch start {
        case .fromStart(let value): offset = value
        case .fromEnd(let back):
            guard let size = file.size else {
                throw CommandError("hex: \(NameEscaping.escape(path)): size unknown (not a regular file); no end to count from")
            }
            offset = size > back ? size - back : 0
        }
        if let size = file.size, offset > size {
            throw CommandError("hex: \(NameEscaping.escape(path)): offset \(offset) is past the end (\(Plural.count(Int(clamping: size), "byte")))")
        }
        let viewer = HexViewer(file: file, start: offset, limit: length.map { ByteCount.end(from: offset, length: $0) })
        viewer.title = current.model.name(ofRow: row)
        openView.open(.hex(viewer))
        // `hex N /de ad`: the first screen is the one holding the first match.
        if let search {
            do {
                try viewer.apply(search, height: viewerHeight(notices: notices))
            } catch {
                leaveShown(.viewerScreen)
                throw CommandError(Self.message("hex", error, path: file.path))
            }
        }
        try showHex(viewer, notices: notices)
    }

    func view(_ reference: RowReference, from start: ViewStart? = nil, wraps: Bool = false) throws(CommandError) {
        let row = try row(reference, for: "view")
        let model = current.model
        let path = current.path(ofRow: row)
        if case .success(let target) = model.targetStatus(ofRow: row) {
            if target.kind == .directory { throw CommandError("view: \(NameEscaping.escape(path)) is a directory; 'open \(row + 1)' lists it") }
            if let refusal = HexDumpReader.refusal(for: target) { throw CommandError("view: \(NameEscaping.escape(path)): \(refusal)") }
            if target.kind != .file {
                write("view: not a regular file; showing hex")
                return try hex(.number(row + 1), offset: .fromStart(0), length: nil, notices: 1)
            }
        }
        // Reading the first 8 KiB must not freeze the prompt on a mount that stopped answering.
        var file = try openViewed("view", row: row, path: path)
        var notices = 1
        do {
            if let text = try CompressedText.text(of: file) {
                write("view: gzip-compressed text, shown decompressed ('hex \(row + 1)' shows the file's own bytes)")
                file = text
                notices += 1
            }
        } catch {
            throw CommandError("view: \(NameEscaping.escape(path)): \(error.description)")
        }
        switch ContentKind.of(file) {
        case .failure(let error):
            throw CommandError("view: \(NameEscaping.escape(path)): \(error.reasonText)")
        case .success(.binary(let reason)):
            write("view: binary (\(reason) in the first 8 KiB); showing hex")
            try hex(.number(row + 1), offset: .fromStart(0), length: nil, notices: 1)
        case .success(.empty):
            write("view: \(NameEscaping.escape(path)) is empty")
        case .success(.text):
            write("view: text (UTF-8 without NUL bytes in the first 8 KiB)")
            let viewer: TextViewer
            do {
                viewer = try TextViewer(file: file, layout: textLayout(wraps: wraps))
                viewer.title = model.name(ofRow: row)
                switch start {
                case nil: break
                case .line(let number): try viewer.startAtLine(number)
                case .text(let text): try viewer.startAtMatch(of: text)
                }
            } catch ViewerError.notFound {
                let typed = if case .text(let text) = start { text } else { "" }
                throw CommandError("view: no line of \(NameEscaping.escape(path)) holds '\(typed)'")
            } catch let error as ViewerError {
                throw CommandError(Self.message("view", error, path: path))
            } catch let error as FileError {
                throw CommandError("view: \(error.description)")
            } catch {
                throw CommandError("view: \(error)")
            }
            openView.open(.text(viewer))
            try showText(viewer, notices: notices)
        }
    }

    /// How text is laid out now: the terminal's width, the session's styles.
    private func textLayout(wraps: Bool) -> TextLineLayout {
        var layout = TextLineLayout(width: settings.interactive ? Terminal.columns() : nil, wraps: wraps)
        layout.tabs = settings.tabSize
        if settings.useColor { layout.highlight = TerminalControl.reversed }
        return layout
    }

    func more() throws(CommandError) {
        switch viewer {
        case nil:
            throw CommandError("more: nothing to continue (use hex N or view N)")
        case .text, .hex:
            if openView.atEnd {
                // The view stays open at its end: its keys still move it.
                leaveShown(.viewerScreen)
                throw CommandError("more: nothing to continue (use hex N or view N)")
            }
            try move(.forward(.screen))
        case .lines(let lines, let next):
            showLines(lines, from: next)
        }
    }

    /// Makes a viewer move and shows the screen it leads to. A move that
    /// cannot be made says why and leaves the view as it was, still taking
    /// the viewer's keys; `q` closes it and shows the table's page again.
    func move(_ move: ViewerMove) throws(CommandError) {
        leaveShown(.viewerScreen)
        switch viewer {
        case nil, .lines:
            throw CommandError("view: no view is open (use view N or hex N)")
        case .text(let text):
            if move == .close { return closeViewer() }
            if move == .follow { return try follow(text) }
            do {
                text.layout.width = settings.interactive ? Terminal.columns() : nil
                try text.apply(move, height: viewerHeight(notices: 0))
            } catch {
                throw CommandError(Self.message("view", error, path: text.file.path))
            }
            try showText(text, notices: 0)
        case .hex(let hex):
            if move == .close { return closeViewer() }
            do {
                try hex.apply(move, height: viewerHeight(notices: 0))
            } catch {
                throw CommandError(Self.message("hex", error, path: hex.file.path))
            }
            try showHex(hex, notices: 0)
        }
    }

    /// `F`, as less's: the end of the file, then each line as it is added
    /// (a log being written), numbered, until Ctrl-C; the view then takes
    /// its keys again. At a terminal only: a script would wait forever.
    private func follow(_ text: TextViewer) throws(CommandError) {
        guard settings.interactive else { throw CommandError("F: follows a file only at a terminal (G shows the end)") }
        do {
            try text.apply(.end, height: viewerHeight(notices: 0))
        } catch {
            throw CommandError(Self.message("view", error, path: text.file.path))
        }
        try showText(text, notices: 0)
        var next: TextPosition
        do {
            next = try text.endPosition()
        } catch {
            throw CommandError(Self.message("view", error, path: text.file.path))
        }
        write("following \(NameEscaping.escape(text.file.path)) as it grows (Ctrl-C stops)")
        output.flush()
        Interruption.clear()
        while !Interruption.isRequested {
            MonotonicClock.sleep(microseconds: 250_000)
            guard let added = try? text.linesAdded(after: next) else { break }
            added.rows.forEach { writeComposed($0) }
            if !added.rows.isEmpty { output.flush() }
            next = added.next
        }
        Interruption.clear()
        write("F: stopped following; the view's keys move it again")
    }

    private func closeViewer() {
        openView.close()
        leaveShown(.page)
        printPage()
    }

    /// What a failed move says.
    private static func message(_ command: String, _ error: ViewerError, path: [UInt8]) -> String {
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
    private func showText(_ viewer: TextViewer, notices: Int) throws(CommandError) {
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
    private func textHeader(_ viewer: TextViewer, _ screen: TextViewer.Screen) -> String {
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
    private func header(name: [UInt8], detail: String) -> String {
        let width = (Terminal.columns() ?? 80) - 1
        let room = max(1, width - TextWidth.of(detail) - 2)
        let shown = TextWidth.truncatingTail(NameEscaping.escape(name), to: room)
        let line = TextWidth.truncatingTail(shown + "  " + detail, to: width)
        return settings.useColor ? TerminalControl.bold + line + TerminalControl.resetAttributes : line
    }

    /// One screen of `hexdump -C` lines from the view's offset; offsets
    /// shown are file offsets.
    private func showHex(_ viewer: HexViewer, notices: Int) throws(CommandError) {
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
    private func endViewerScreen(atEnd: Bool, footer: String) {
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
    private func openViewed(_ command: String, row: Int, path: [UInt8]) throws(CommandError) -> any ByteSource {
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
    private func awaitReadable(_ command: String, name: [UInt8], directory: DirectoryHandle, path: [UInt8], skip: UInt64) throws(CommandError) {
        guard directory.isGuarded else { return }
        let fd = directory.fd
        try awaitAnswer(command, path: path, in: directory) { Descriptor(fd).readsOneByte(of: name, at: skip) }
    }

}
