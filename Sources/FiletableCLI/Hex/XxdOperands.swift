import FileBrowsing
import SystemSeam
import Terminal

/// xxd's operands, `[infile [outfile]]`, for `--xxd` and `--xxd -r`: the
/// input (a file, or standard input without one or with `-`) and where the
/// output goes (standard output without OUTFILE or with `-`).
///
/// xxd truncates an existing OUTFILE (and `-r` patches it in place);
/// filetable never changes a file that is there, so OUTFILE is written only
/// as a new file, whole or not at all (`OwnFiles`), and is otherwise
/// refused. A third operand is a bad command line, as it is to xxd.
struct XxdOperands {
    let input: [UInt8]
    /// OUTFILE, nil for standard output.
    let outputFile: [UInt8]?

    init(_ options: CommandLineOptions) throws(UsageError) {
        let operands = options.operandsGiven ? options.paths : []
        guard operands.count <= 2 else {
            throw UsageError(
                message: "too many arguments: xxd takes [infile [outfile]]",
                hint: "Dump several files with --hex --format xxd FILE..., which gives each a ==> FILE <== header.")
        }
        input = operands.first ?? Array("-".utf8)
        outputFile = operands.count == 2 && operands[1] != Array("-".utf8) ? operands[1] : nil
    }

    /// Runs `write` into standard output, or into OUTFILE when there is one:
    /// the file is put in place only when `write` reported nothing to
    /// `diagnostics` and every byte was written; a file at the name is
    /// refused before anything is read.
    func writing(to output: OutputSink, diagnostics: Diagnostics, _ write: (OutputSink) -> Void) {
        guard let outputFile else { return write(output) }
        let statusBefore = diagnostics.status
        let written = OwnFiles.writeNew(outputFile, replace: false) { fd in
            let file = OutputSink(fd: fd)
            write(file)
            file.flush()
            if let code = file.writeError { return .failure(Errno(code)) }
            return .success(diagnostics.status == statusBefore)
        }
        if case .failure(let failure) = written {
            let reason = failure == .exists ? "exists; --xxd writes OUTFILE only as a new file (xxd would overwrite it)" : failure.description
            diagnostics.report(FileError(path: outputFile, reason: .custom(reason)), severity: .seriousTrouble)
        }
    }
}
