import FileBrowsing
import SystemSeam

/// Handing the terminal to another program: `!CMD`, `pager N` and `editor N`.
extension CommandContext {
    /// `!CMD` runs CMD with `/bin/sh` in the directory the table lists; `!`
    /// alone starts `$SHELL`. The table is as it was when the program ends.
    func runShell(_ script: String?) throws(CommandError) {
        try runChild(ChildProcess(script: script ?? "exec \"${SHELL:-/bin/sh}\"", arguments: []), for: "!")
    }

    /// `pager N`: a file row in `$PAGER` (default `less`), named relative to
    /// the table's directory (`./NAME`, so a name starting with `-` is not
    /// taken for an option). Directories and files a pager could hang on
    /// (FIFOs, sockets, devices) are refused.
    func page(_ reference: RowReference) throws(CommandError) {
        let pager = Self.program(named: ["PAGER"]) ?? "less"
        try open(reference, in: pager, for: "pager")
    }

    /// `editor N`: a file row in `$VISUAL`, else `$EDITOR`, else `vi`, run
    /// as `pager` runs the pager. filetable itself never writes the file;
    /// the editor is the user's own program.
    func edit(_ reference: RowReference) throws(CommandError) {
        let editor = Self.program(named: ["VISUAL", "EDITOR"]) ?? "vi"
        try open(reference, in: editor, for: "editor")
    }

    /// The first of these environment variables that names a program.
    private static func program(named variables: [String]) -> String? {
        variables.lazy.compactMap { Environment.value($0).flatMap { $0.trimmingSpaces.isEmpty ? nil : $0 } }.first
    }

    /// Runs `program` (its words, as the shell splits a variable) on a
    /// regular file's row, in the table's directory with the name as
    /// `./NAME` (so a name starting with `-` is not an option).
    private func open(_ reference: RowReference, in program: String, for command: String) throws(CommandError) {
        let row = try row(reference, for: command)
        let model = current.model
        let path = current.path(ofRow: row)
        guard let location = model.location(ofRow: row) else {
            throw CommandError("\(command): \(NameEscaping.escape(path)) is not a file on disk; 'view \(row + 1)' shows it")
        }
        switch model.targetStatus(ofRow: row) {
        case .failure(let errno):
            throw CommandError("\(command): \(NameEscaping.escape(path)): \(errno.description)")
        case .success(let target):
            if target.kind == .directory { throw CommandError("\(command): \(NameEscaping.escape(path)) is a directory; 'open \(row + 1)' lists it") }
            guard target.kind == .file else {
                throw CommandError(
                    "\(command): \(NameEscaping.escape(path)) is not a regular file (\(StyledCellFormatter.label(target.kind))); 'hex \(row + 1)' shows it"
                )
            }
        }
        // A compressed text goes to the pager as the viewer shows it, decompressed (as zless pages it).
        if command == "pager", let text = try compressedText(ofRow: row) {
            write("pager: gzip-compressed text, paged decompressed")
            return try runChild(
                ChildProcess(script: "exec $FILETABLE_PROGRAM", arguments: [], environment: ["FILETABLE_PROGRAM": program]), for: command,
                in: location.directory, feeding: text)
        }
        // The program's name goes through the shell as a variable, never as code typed into the script.
        try runChild(
            ChildProcess(
                script: "exec $FILETABLE_PROGRAM \"$1\"", arguments: [Array("./".utf8) + location.name],
                environment: ["FILETABLE_PROGRAM": program]), for: command, in: location.directory)
    }

    /// The decompressed text of a gzip-compressed text file's row, nil for
    /// any other file.
    private func compressedText(ofRow row: Int) throws(CommandError) -> (any ByteSource)? {
        let (file, path) = try viewedFile("pager", row: row, there: false)
        do throws(ArchiveError) {
            return try CompressedText.text(of: file, stop: stop.isRequested)
        } catch {
            throw CommandError("pager: \(NameEscaping.escape(path)): \(error.description)")
        }
    }

    /// Runs `child` in `directory` (by default the level's own); with
    /// `feeding`, its standard input is those bytes.
    private func runChild(
        _ child: ChildProcess, for command: String, in directory: DirectoryHandle? = nil, feeding source: (any ByteSource)? = nil
    ) throws(CommandError) {
        output.flush()
        // The program gets the terminal as the shell left it (echo on), and
        // the quiet of a running command comes back after it.
        RawTerminal.handOver()
        defer { RawTerminal.quietAgain() }
        let feeding: ((Int32) -> Void)? = source.map { source in { input in Self.feed(source, to: input) } }
        switch child.run(inDirectory: (directory ?? current.directory).fd, feeding: feeding) {
        case .failure(let errno):
            throw CommandError("\(command): cannot start /bin/sh: \(errno.description)")
        case .success(let ending):
            if let problem = ending.problem { throw CommandError("\(command): \(problem)") }
        }
    }

    /// Writes `source`'s bytes into `input` until they end, the reader goes
    /// away (the pager quit) or a read fails.
    private static func feed(_ source: any ByteSource, to input: Int32) {
        var offset: UInt64 = 0
        while true {
            let written = try? source.read(at: offset) { bytes -> Int in
                guard !bytes.isEmpty, case .success = Descriptor(input).writeAll(bytes) else { return 0 }
                return bytes.count
            }
            guard let written, written > 0 else { return }
            offset += UInt64(written)
        }
    }
}
