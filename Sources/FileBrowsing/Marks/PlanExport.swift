import SystemSeam

/// A deletion plan written out for review: the only file filetable ever
/// writes, and only where the user names it.
public enum PlanExport {
    public enum Format: Sendable {
        /// Absolute paths, each followed by NUL, for `xargs -0`.
        case nulList
        /// One JSON object per path with its snapshot.
        case json
        /// A reviewable shell script of `rm -rf -- PATH` lines, each after a
        /// comment with its snapshot; paths quoted by `ShellQuoting`.
        case shellScript
    }

    public static func render(_ marks: [Mark], as format: Format) -> [UInt8] {
        var out: [UInt8] = []
        switch format {
        case .nulList:
            for mark in marks { out += mark.path + [0] }
        case .json:
            for mark in marks {
                let s = mark.snapshot
                var fields = [
                    "\"path\":" + JSONLines.string(mark.path),
                    "\"type\":\"\(s.kind.jsonName)\"",
                    "\"device\":\(s.device)",
                    "\"inode\":\(s.inode)",
                    "\"size\":\(s.size)",
                    "\"mtime\":\"\(TimeFormat.rfc3339(s.modificationTime))\"",
                ]
                if let exact = JSONLines.hexField("path_hex", mark.path) { fields.append(exact) }
                out += Array(("{" + fields.joined(separator: ",") + "}\n").utf8)
            }
        case .shellScript:
            // `$'…'` words need bash; a plan without them stays plain sh.
            let shell = marks.contains { ShellQuoting.needsANSIC($0.path) } ? "/usr/bin/env bash" : "/bin/sh"
            out += Array(
                """
                #!\(shell)
                # Deletion plan written by filetable: \(marks.count) path\(marks.count == 1 ? "" : "s").
                # Nothing has been deleted. Review every line, check with 'marks verify', then run it yourself.
                set -e

                """.utf8)
            for mark in marks {
                let s = mark.snapshot
                out += Array(
                    "# \(s.kind.jsonName), device \(s.device), inode \(s.inode), size \(s.size), mtime \(TimeFormat.rfc3339(s.modificationTime))\n"
                        .utf8)
                out += removal(of: mark.path) + [0x0A]
            }
        }
        return out
    }

    /// `rm -rf -- PATH`; for a path longer than the kernel takes (PATH_MAX),
    /// `(cd -- PIECE && cd -- PIECE && rm -rf -- REST)`, in pieces cut at
    /// slashes that each fit, so the plan reaches what it names.
    static func removal(of path: [UInt8]) -> [UInt8] {
        let remove = Array("rm -rf -- ".utf8)
        guard path.count >= Syscalls.longestPath, let (pieces, rest) = PathBytes.pieces(of: path, fitting: Syscalls.longestPath - 1) else {
            return remove + ShellQuoting.word(path)
        }
        let steps = pieces.map { Array("cd -- ".utf8) + ShellQuoting.word($0) + Array(" && ".utf8) }
        return Array("(".utf8) + steps.joined() + remove + ShellQuoting.word(rest) + Array(")".utf8)
    }

    /// Writes the plan to a new file at `path` (relative to the working
    /// directory), whole or not at all; refuses to replace an existing file
    /// unless `replace`, and never replaces anything but a regular file.
    public static func write(_ marks: [Mark], as format: Format, to path: [UInt8], replace: Bool) throws(FileError) {
        if case .failure(let failure) = OwnFiles.writeNew(path, contents: render(marks, as: format), replace: replace) {
            throw FileError(path: path, reason: .custom(failure.description))
        }
    }
}
