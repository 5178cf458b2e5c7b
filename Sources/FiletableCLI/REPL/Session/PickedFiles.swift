import FileBrowsing
import SystemSeam

/// `--choose-files FILE`: the paths picked, written when the session ends,
/// one a line: to FILE (replaced if it is a regular file, never through a
/// link), or with `-` to standard output (`output`: the descriptor kept for
/// it when the session drew on the terminal instead).
enum PickedFiles {
    /// Writes what `picking` picked; the status: 0 for a pick, 1 when the
    /// session ended without one (nothing is written then), 2 when it
    /// could not be written.
    static func write(_ picking: FilePicking?, to file: [UInt8], output: Int32, diagnostics: Diagnostics) -> ExitStatus {
        guard let picking, picking.picked != nil else { return .minorTrouble }
        let lines = picking.pickedLines
        if file == Array("-".utf8) {
            let written = lines.withUnsafeBytes { Descriptor(output).writeAll($0) }
            if case .failure(let errno) = written {
                if errno == .brokenPipe { ThisProcess.exitForClosedPipe() }
                diagnostics.report("--choose-files: standard output: \(errno)", severity: .seriousTrouble)
                return .seriousTrouble
            }
            return .success
        }
        switch OwnFiles.writeNew(file, contents: lines, replace: true) {
        case .success: return .success
        case .failure(let failure):
            diagnostics.report("--choose-files: \(NameEscaping.escape(file)): \(failure.description)", severity: .seriousTrouble)
            return .seriousTrouble
        }
    }
}
