import Glibc

/// What a deletion plan adds up to, counted the way `du` counts: directories
/// expanded recursively, each inode once (hard links and files inside a marked
/// directory count once), apparent sizes of regular files and symlinks in
/// `bytes`, allocated blocks of everything (directories too) in `kibibytes`.
public struct PlanTotals: Sendable, Equatable {
    public var files = 0
    public var directories = 0
    public var bytes: Int64 = 0
    public var kibibytes: Int64 = 0
    /// Marked paths that no longer exist.
    public var vanished = 0

    public init() {}

    /// `total: F files, D directories, B bytes (HUMAN), K KiB on disk`.
    public var summary: String {
        "total: \(files) files, \(directories) directories, \(bytes) bytes (\(HumanSize.format(bytes))), \(kibibytes) KiB on disk"
    }

    /// Adds up the plan. `progress` hears the number of entries counted so far;
    /// Ctrl-C (Interruption) stops with `.interrupted`.
    public static func count(_ marks: [Mark], progress: ((Int) -> Void)? = nil) throws(FileError) -> PlanTotals {
        var totals = PlanTotals()
        var seen = Set<DirectoryIdentity>()
        var counted = 0
        func add(_ status: FileStatus) {
            guard seen.insert(DirectoryIdentity(device: status.device, inode: status.inode)).inserted else { return }
            totals.kibibytes += (status.blocks + 1) / 2
            if status.kind == .directory {
                totals.directories += 1
            } else {
                totals.files += 1
                if status.kind == .file || status.kind == .symlink { totals.bytes += status.size }
            }
            counted += 1
            if counted % 4096 == 0 { progress?(counted) }
        }
        var options = ListOptions()
        options.hidden = .shown
        options.sortKey = .none
        let walker = DirectoryTreeWalker(listOptions: options)
        for mark in marks {
            if Interruption.isRequested { throw FileError(path: mark.path, reason: .interrupted) }
            guard case .success(let status) = FileStatusReader.status(of: mark.path, followSymlink: false) else {
                totals.vanished += 1
                continue
            }
            add(status)
            guard status.kind == .directory, let handle = try? DirectoryHandle.open(mark.path, followSymlink: false) else { continue }
            var interrupted = false
            walker.walk(handle) { event in
                guard !interrupted, case .entry(let model, let row, _, _) = event else { return }
                if counted % 1024 == 0 && Interruption.isRequested { interrupted = true; return }
                if case .success(let child) = model.status(ofRow: row) { add(child) }
            }
            if interrupted { throw FileError(path: mark.path, reason: .interrupted) }
        }
        return totals
    }
}
