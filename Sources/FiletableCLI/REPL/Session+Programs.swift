import FileBrowsing

/// Handing the terminal to another program: `!CMD` and `pager N`.
extension Session {
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
        let row = try row(reference, for: "pager")
        let model = current.model
        let location = model.location(ofRow: row)
        let path = current.path(ofRow: row)
        switch model.targetStatus(ofRow: row) {
        case .failure(let errno):
            throw CommandError("pager: \(NameEscaping.escape(path)): \(errno.description)")
        case .success(let target):
            if target.kind == .directory { throw CommandError("pager: \(NameEscaping.escape(path)) is a directory; 'open \(row + 1)' lists it") }
            guard target.kind == .file else {
                throw CommandError(
                    "pager: \(NameEscaping.escape(path)) is not a regular file (\(StyledCellFormatter.label(target.kind))); 'hex \(row + 1)' shows it"
                )
            }
        }
        let pager = Syscalls.environment("PAGER").flatMap { $0.trimmingSpaces.isEmpty ? nil : $0 } ?? "less"
        // The pager's name goes through the shell as a variable, never as code typed into the script.
        try runChild(
            ChildProcess(
                script: "exec $FILETABLE_PAGER \"$1\"", arguments: [Array("./".utf8) + location.name],
                environment: ["FILETABLE_PAGER": pager]), for: "pager", in: location.directory)
    }

    /// Runs `child` in `directory` (by default the level's own).
    private func runChild(_ child: ChildProcess, for command: String, in directory: DirectoryHandle? = nil) throws(CommandError) {
        output.flush()
        switch child.run(in: directory ?? current.directory) {
        case .failure(let errno):
            throw CommandError("\(command): cannot start /bin/sh: \(errno.description)")
        case .success(let ending):
            if let problem = ending.problem { throw CommandError("\(command): \(problem)") }
        }
    }
}
