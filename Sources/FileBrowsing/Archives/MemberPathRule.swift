import SystemSeam

/// The one rule for a path that goes on past an archive file, which every
/// source and front end reads the same way: up to the archive, a path on
/// disk (`..` taken off lexically, as a shell's logical `cd` does); past it,
/// member names looked up in the archive's tree, `..` included. A `..` that
/// follows the archive file, or a member inside it, is a member's name and
/// never climbs out: no path through an archive resolves to a file beside
/// it, so what `cd`, `--cat`, the header and the plan name is one place.
public enum MemberPathRule {
    /// `path` (absolute) with `.`, repeated slashes and `..` folded away as
    /// `CanonicalPath.lexical` does, except that a `..` after a component
    /// that is not a directory on disk (an archive file, or a place past
    /// one) is kept: it names a member. Looks at the disk only where a `..`
    /// is met (one `stat` of the path so far), and not at all where
    /// `mayHang` says the path lies on a file system that can stop answering
    /// (there the path stays lexical: an archive is never sniffed there).
    public static func normalize(_ path: [UInt8], mayHang: ([UInt8]) -> Bool = HangProneFileSystems.mayHang(path:)) -> [UInt8] {
        let parts = path.split(separator: 0x2F, omittingEmptySubsequences: true)
        guard parts.contains(where: { $0.elementsEqual([0x2E, 0x2E]) }), !mayHang(path) else { return CanonicalPath.lexical(path) }
        let absolute = path.first == 0x2F
        var kept: [ArraySlice<UInt8>] = []
        var insideArchive = false
        for part in parts {
            if part.elementsEqual([0x2E]) { continue }
            if part.elementsEqual([0x2E, 0x2E]), !insideArchive, let last = kept.last, !last.elementsEqual([0x2E, 0x2E]) {
                switch FileStatusReader.status(of: join(kept, absolute: absolute), followSymlink: true) {
                case .success(let status) where status.kind != .directory:
                    insideArchive = true
                case .failure(let errno) where errno == .notADirectory:
                    insideArchive = true
                default:
                    kept.removeLast()
                    continue
                }
            } else if part.elementsEqual([0x2E, 0x2E]), !insideArchive, kept.isEmpty {
                // Above the root, as the kernel does.
                if absolute { continue }
            }
            kept.append(part)
        }
        return join(kept, absolute: absolute)
    }

    private static func join(_ parts: [ArraySlice<UInt8>], absolute: Bool) -> [UInt8] {
        let joined = Array(parts.joined(separator: [0x2F]))
        if absolute { return [0x2F] + joined }
        return joined.isEmpty ? [0x2E] : joined
    }
}
