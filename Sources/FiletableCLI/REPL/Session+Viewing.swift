import FileBrowsing
import TableKit

/// Viewing a file's content: hex, view, more.
extension Session {
    /// Lines a viewer screen holds (at most `UserNumber.pageSize`, so a
    /// screen of hex is at most 160,000 bytes).
    private var screenLines: Int {
        settings.pageSize ?? Terminal.lines().map { max(1, $0 - 2) } ?? 20
    }

    func hex(_ reference: RowReference, offset: UInt64, length: UInt64?) throws(CommandError) {
        let row = try row(reference, for: "hex")
        let location = current.model.location(ofRow: row)
        viewer = .hex(
            name: location.name, directory: location.directory, path: current.path(ofRow: row),
            offset: offset, end: length.map { ByteCount.end(from: offset, length: $0) })
        try more()
    }

    func view(_ reference: RowReference, from start: ViewStart? = nil, wraps: Bool = false) throws(CommandError) {
        let row = try row(reference, for: "view")
        let model = current.model
        let location = model.location(ofRow: row)
        let name = location.name
        let directory = location.directory
        let path = current.path(ofRow: row)
        if case .success(let target) = model.targetStatus(ofRow: row) {
            if target.kind == .directory { throw CommandError("view: \(NameEscaping.escape(path)) is a directory; 'open \(row + 1)' lists it") }
            if let refusal = HexDumpReader.refusal(for: target) { throw CommandError("view: \(NameEscaping.escape(path)): \(refusal)") }
            if target.kind != .file {
                write("view: not a regular file; showing hex")
                return try hex(.number(row + 1), offset: 0, length: nil)
            }
        }
        // Reading the first 8 KiB must not freeze the prompt on a mount that stopped answering.
        try awaitReadable("view", name: name, directory: directory, path: path, skip: 0)
        switch ContentKind.of(name: name, in: directory) {
        case .failure(let error):
            throw CommandError("view: \(NameEscaping.escape(path)): \(error.reasonText)")
        case .success(.binary(let reason)):
            write("view: binary (\(reason) in the first 8 KiB); showing hex")
            try hex(.number(row + 1), offset: 0, length: nil)
        case .success(.empty):
            write("view: \(NameEscaping.escape(path)) is empty")
        case .success(.text):
            write("view: text (UTF-8 without NUL bytes in the first 8 KiB)")
            let (offset, line) =
                try start.map { start throws(CommandError) in
                    try locate(start, name: name, directory: directory, path: path)
                } ?? (0, 1)
            viewer = .text(name: name, directory: directory, path: path, offset: offset, line: line, wraps: wraps)
            try more()
        }
    }

    func more() throws(CommandError) {
        switch viewer {
        case nil:
            throw CommandError("more: nothing to continue (use hex N or view N)")
        case .hex(let name, let directory, let path, let offset, let end):
            try hexScreen(name: name, directory: directory, path: path, offset: offset, end: end)
        case .text(let name, let directory, let path, let offset, let line, let wraps):
            try textScreen(name: name, directory: directory, path: path, offset: offset, line: line, wraps: wraps)
        case .lines(let lines, let next):
            showLines(lines, from: next)
        }
    }

    /// Writes lines of filetable's own text: all at once in a script, a
    /// screen at a time at a terminal ('more' or an empty line goes on).
    func showLines(_ lines: [String], from start: Int = 0) {
        let room = settings.interactive ? max(1, screenLines - 1) : Int.max
        let end = lines.count - start > room ? start + room : lines.count
        lines[start..<end].forEach { write($0) }
        if end < lines.count {
            endScreen(then: .lines(lines, next: end), footer: "-- more: \(lines.count - end) lines ('more' or an empty line) --")
        } else {
            if case .lines = viewer { viewer = nil }
            output.flush()
        }
    }

    /// One screen of `hexdump -C` lines from `offset`; offsets shown are file offsets.
    private func hexScreen(name: [UInt8], directory: DirectoryHandle, path: [UInt8], offset: UInt64, end: UInt64?) throws(CommandError) {
        let wanted = UInt64(screenLines * 16)
        let length = end.map { min(wanted, $0 > offset ? $0 - offset : 0) } ?? wanted
        let reader = try openReader("hex", name: name, directory: directory, path: path, skip: offset, length: length, bufferSize: Int(wanted))
        var formatter = HexFormatter(format: .canonical, startOffset: reader.startOffset, colored: settings.useColor)
        let got = try withChunk("hex", from: reader, lineLength: 16) { chunk in
            var out = [UInt8](repeating: 0, count: formatter.outputCapacity(for: chunk.count))
            let count = out.withUnsafeMutableBufferPointer { formatter.format(chunk, into: $0) }
            out.withUnsafeBytes { output.write(raw: UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            return UInt64(chunk.count)
        }
        let next = formatter.offset
        if got < wanted || (end.map { next >= $0 } ?? false) {
            var closing: [UInt8] = []
            formatter.finish(into: &closing)
            output.write(bytes: closing)
            endScreen(then: nil, footer: "-- end of dump --")
        } else {
            endScreen(
                then: .hex(name: name, directory: directory, path: path, offset: next, end: end),
                footer: "-- more from offset 0x\(String(next, radix: 16)) ('more' or an empty line; 'hex N @OFFSET' jumps) --")
        }
    }

    /// One screen of text lines with line numbers, escaped as names are.
    /// A wrapped line that does not fit below the lines already shown waits
    /// for the next screen; one taller than a whole screen is cut where the
    /// screen ends and goes on (with its number again) on the next.
    private func textScreen(
        name: [UInt8], directory: DirectoryHandle, path: [UInt8], offset: UInt64, line: Int,
        wraps: Bool
    ) throws(CommandError) {
        let reader = try openReader("view", name: name, directory: directory, path: path, skip: offset, length: nil, bufferSize: 1 << 16)
        var pending: [UInt8] = []
        var shown = 0
        var consumed = offset
        var lineNumber = line
        var finished = false
        var full = false
        let lines = screenLines
        let layout = TextLineLayout(width: settings.interactive ? Terminal.columns() : nil, wraps: wraps)

        /// Shows `bytes` (a whole line when `ends`); false once the screen is full.
        func show(_ bytes: [UInt8], ends: Bool) -> Bool {
            var rows = layout.rows(bytes, number: lineNumber)
            var used = bytes.count + (ends ? 1 : 0)
            if shown + rows.count > lines {
                guard shown == 0 else {
                    full = true
                    return false
                }
                let fitting = layout.prefixFitting(bytes, rows: lines, number: lineNumber)
                rows = layout.rows(Array(bytes[..<fitting]), number: lineNumber)
                used = fitting
            }
            rows.forEach { write($0) }
            consumed += UInt64(used)
            shown += rows.count
            if used == bytes.count + (ends ? 1 : 0) && ends { lineNumber += 1 }
            if used < bytes.count {
                full = true
                return false
            }
            if shown >= lines {
                full = true
                return false
            }
            return true
        }

        while !full && !finished {
            try withChunk("view", from: reader, lineLength: 1) { chunk in
                if chunk.isEmpty {
                    if !pending.isEmpty && !show(pending, ends: false) { return }
                    finished = true
                    return
                }
                var index = chunk.startIndex
                while index < chunk.endIndex {
                    let byte = chunk[index]
                    index += 1
                    if byte == 0x0A {
                        guard show(pending, ends: true) else { return }
                        pending.removeAll(keepingCapacity: true)
                    } else {
                        pending.append(byte)
                        // A line longer than `longestTextRow` (a file of one
                        // endless line) goes out in rows of that size, each
                        // with its line number, so memory stays bounded.
                        if pending.count == Self.longestTextRow {
                            guard show(pending, ends: false) else { return }
                            pending.removeAll(keepingCapacity: true)
                        }
                    }
                }
            }
        }
        if finished {
            endScreen(then: nil, footer: "-- end of file --")
        } else {
            endScreen(
                then: .text(name: name, directory: directory, path: path, offset: consumed, line: lineNumber, wraps: wraps),
                footer: "-- more from line \(lineNumber) ('more' or an empty line) --")
        }
    }

    /// Closes a screen with its footer; `next` is what `more` continues (nil at the end).
    func endScreen(then next: Viewer?, footer: String) {
        write(footer)
        viewer = next
        state.lastShown = next != nil ? .viewerScreen : .page
        output.flush()
    }

    /// The byte offset and number of the line `view` starts at: line
    /// `+LINE`, or the first line holding `/TEXT` (ASCII case ignored).
    /// Reads from the start; Ctrl-C stops it.
    private func locate(_ start: ViewStart, name: [UInt8], directory: DirectoryHandle, path: [UInt8]) throws(CommandError) -> (UInt64, Int) {
        let reader = try openReader("view", name: name, directory: directory, path: path, skip: 0, length: nil, bufferSize: 1 << 16)
        let needle: [UInt8] = if case .text(let text) = start { NameEscaping.typedName(text).map(Self.foldCase) } else { [] }
        var offset: UInt64 = 0
        var lineStart: UInt64 = 0
        var line = 1
        var current: [UInt8] = []
        while true {
            if case .line(let wanted) = start, line >= wanted { return (lineStart, line) }
            if Interruption.isRequested { throw CommandError("view: interrupted") }
            var found = false
            var ended = false
            try withChunk("view", from: reader, lineLength: 1) { chunk in
                if chunk.isEmpty {
                    ended = true
                    return
                }
                for byte in chunk {
                    offset += 1
                    if byte == 0x0A {
                        if !needle.isEmpty && current.withUnsafeBufferPointer({ Self.contains($0, needle) }) {
                            found = true
                            return
                        }
                        current.removeAll(keepingCapacity: true)
                        line += 1
                        lineStart = offset
                        if case .line(let wanted) = start, line >= wanted { return }
                    } else if current.count < Self.longestTextRow {
                        current.append(byte)
                    }
                }
            }
            if found { return (lineStart, line) }
            if ended {
                if !needle.isEmpty && current.withUnsafeBufferPointer({ Self.contains($0, needle) }) { return (lineStart, line) }
                switch start {
                case .line(let wanted):
                    let count = current.isEmpty ? line - 1 : line
                    throw CommandError("view: \(NameEscaping.escape(path)) has \(Plural.count(count, "line")), not \(wanted)")
                case .text(let text): throw CommandError("view: no line of \(NameEscaping.escape(path)) holds '\(text)'")
                }
            }
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
        try awaitAnswer(command, path: path, in: directory) { Syscalls.readsOneByte(name, in: fd, at: skip) }
    }

    private func openReader(
        _ command: String, name: [UInt8], directory: DirectoryHandle, path: [UInt8],
        skip: UInt64, length: UInt64?, bufferSize: Int
    ) throws(CommandError) -> HexDumpReader {
        try awaitReadable(command, name: name, directory: directory, path: path, skip: skip)
        do {
            return try HexDumpReader(path: path, name: name, in: directory, skip: skip, length: length, bufferSize: bufferSize)
        } catch {
            viewer = nil
            throw CommandError("\(command): \(error.description)")
        }
    }

    /// Hands the next chunk of the viewed file to `body`; a failure closes the viewer.
    private func withChunk<R>(
        _ command: String, from reader: HexDumpReader, lineLength: Int,
        _ body: (UnsafeRawBufferPointer) -> R
    ) throws(CommandError) -> R {
        do {
            return try reader.withNextChunk(lineLength: lineLength, body)
        } catch {
            viewer = nil
            throw CommandError("\(command): \(error.description)")
        }
    }

    /// The most bytes of one line `view` holds and shows in one row.
    static let longestTextRow = 1 << 16

}
