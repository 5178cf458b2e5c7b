import SystemSeam

/// What a deletion plan adds up to, counted the way `du` counts: directories
/// expanded recursively, each inode once (hard links and files inside a marked
/// directory count once), apparent sizes of regular files and symlinks in
/// `bytes`, allocated blocks of everything (directories too) in `kibibytes`.
///
/// Each mark is reached through its parent's descriptor and counted only if
/// its path still leads to the marked file; the walk below it goes by `openat`,
/// so depth is no limit.
public struct PlanTotals: Sendable, Equatable {
    public var files = 0
    public var directories = 0
    public var bytes: Int64 = 0
    public var kibibytes: Int64 = 0
    /// Marked paths that no longer exist.
    public var vanished = 0
    /// Marked paths that lead to a different file now (not counted).
    public var replaced = 0
    /// Directories inside the marks that could not be read: the totals are a lower bound.
    public var unreadableDirectories = 0
    /// Ctrl-C stopped the count: the totals are what was counted by then.
    public var interrupted = false

    public init() {}

    /// Whether the figures are less than the whole.
    public var isLowerBound: Bool { unreadableDirectories > 0 || interrupted }

    /// `total: F files, D directories, B bytes (1.2 MiB), K KiB on disk`
    /// (the exact byte count, and a rounded one when it is 1 KiB or more).
    public var summary: String {
        let rounded = bytes < 1024 ? "" : " (\(HumanSize.withUnit(bytes)))"
        return "total: \(Plural.count(files, "file")), \(Plural.count(directories, "directory", "directories")), "
            + "\(Plural.count(Int(bytes), "byte"))\(rounded), \(kibibytes) KiB on disk"
    }

    /// `33 files, 3 directories, 1.2 MiB`: what a question about marking says.
    public var brief: String {
        "\(Plural.count(files, "file")), \(Plural.count(directories, "directory", "directories")), \(HumanSize.withUnit(bytes))"
    }

    /// Lines saying why the figures are a lower bound, if they are.
    public var caveats: [String] {
        var lines: [String] = []
        if unreadableDirectories > 0 {
            lines.append("\(Plural.count(unreadableDirectories, "directory", "directories")) could not be read; totals are a lower bound")
        }
        if interrupted { lines.append("counting stopped (Ctrl-C); totals are a lower bound") }
        return lines
    }

    /// Adds up the plan. `progress` hears the number of entries counted so far;
    /// Ctrl-C (Interruption) stops the count, and so does the clock passing
    /// `deadline` (`Syscalls.monotonicSeconds()`; a screen's header
    /// counts for a moment only): the totals come back `interrupted`.
    public static func count(_ marks: [Mark], deadline: Double? = nil, progress: ((Int) -> Void)? = nil) -> PlanTotals {
        var tally = Tally(progress: progress, countsEachInodeOnce: true)
        tally.deadline = deadline
        for mark in marks {
            if Interruption.isRequested || tally.isPastDeadline {
                tally.totals.interrupted = true
                break
            }
            guard case .success(let (parent, name)) = PathResolution.openParent(of: mark.path),
                case .success(let raw) = withCString(name, { Syscalls.status(at: parent.fd, name: $0, followSymlink: false) })
            else {
                tally.totals.vanished += 1
                continue
            }
            let status = FileStatus(raw)
            guard status.identity == mark.snapshot.identity else {
                tally.totals.replaced += 1
                continue
            }
            tally.add(status.kind, status.identity, size: status.size, blocks: status.blocks, linked: status.linkCount > 1)
            if status.kind == .directory && !tally.walk(name, in: parent, path: mark.path) { break }
        }
        return tally.totals
    }

    /// The totals as they are added up: each inode once, marked directories
    /// walked to the bottom.
    struct Tally {
        var totals = PlanTotals()
        let progress: ((Int) -> Void)?
        /// Every inode is remembered (when directories are walked, a file may
        /// be met twice); otherwise only those with other links.
        let countsEachInodeOnce: Bool
        /// When the count gives up (a monotonic time), if ever.
        var deadline: Double?
        private var seen = Set<FileIdentity>()
        private var counted = 0
        private let walker: DirectoryTreeWalker = {
            var options = ListOptions()
            options.hidden = .shown
            options.sortKey = .none
            return DirectoryTreeWalker(listOptions: options)
        }()

        init(progress: ((Int) -> Void)?, countsEachInodeOnce: Bool) {
            self.progress = progress
            self.countsEachInodeOnce = countsEachInodeOnce
        }

        var isPastDeadline: Bool { deadline.map { Syscalls.monotonicSeconds() > $0 } ?? false }

        mutating func add(_ kind: FileKind, _ identity: FileIdentity, size: Int64, blocks: Int64, linked: Bool) {
            if countsEachInodeOnce || linked || kind == .directory {
                guard seen.insert(identity).inserted else { return }
            }
            totals.kibibytes += (blocks + 1) / 2
            if kind == .directory {
                totals.directories += 1
            } else {
                totals.files += 1
                if kind == .file || kind == .symlink { totals.bytes += size }
            }
            counted += 1
            if counted % 4096 == 0 { progress?(counted) }
        }

        /// Adds everything below the marked directory `name` of `parent`;
        /// false when Ctrl-C stopped the count (`totals.interrupted`).
        mutating func walk(_ name: [UInt8], in parent: DirectoryHandle, path: [UInt8]) -> Bool {
            guard let handle = try? DirectoryHandle.open(name, in: parent, displayPath: path, followSymlink: false) else {
                totals.unreadableDirectories += 1
                return true
            }
            do {
                try walker.walk(handle) { event in
                    switch event {
                    case .entry(let listing, let row, _, _):
                        if counted % 1024 == 0 && (Interruption.isRequested || isPastDeadline) { throw CountStopped() }
                        if case .success(let child) = listing.status(ofRow: row) {
                            add(child.kind, child.identity, size: child.size, blocks: child.blocks, linked: child.linkCount > 1)
                        }
                    case .failure:
                        totals.unreadableDirectories += 1
                    case .enter, .leave:
                        break
                    }
                }
                return true
            } catch {
                totals.interrupted = true
                return false
            }
        }
    }

    /// Thrown out of a walk when Ctrl-C asks the count to stop.
    struct CountStopped: Error {}
}
