import FileBrowsing
import SystemSeam

/// `--choose-dir FILE`, cd on quit (ranger's `--choosedir`, lf's
/// `-last-dir-path`): when the session ends, the directory of the level in
/// view is written to FILE, and a shell function changes to it.
enum ChosenDirectory {
    /// The directory a shell can `cd` to for `level`: its path as walked;
    /// inside an archive, the directory holding the archive; for gathered
    /// rows, the directory the table was made in (its path).
    static func directory(of level: TableLevel) -> [UInt8] {
        if let inside = level.kind as? InsideAFile {
            let holder = PathBytes.split(inside.containerPath).parent
            return holder.isEmpty ? [0x2F] : holder
        }
        return level.path
    }

    /// Writes the directory of `level` to `file` (the exact bytes, replacing
    /// a regular file there); a message on failure.
    static func write(_ level: TableLevel, to file: [UInt8], diagnostics: Diagnostics) -> ExitStatus {
        switch OwnFiles.writeNew(file, contents: directory(of: level), replace: true) {
        case .success: return .success
        case .failure(let failure):
            diagnostics.report("--choose-dir: \(NameEscaping.escape(file)): \(failure.description)", severity: .minorTrouble)
            return .minorTrouble
        }
    }
}
