/// Compares two directory trees as `diff -rq` does, in its order: each
/// directory's names merged in byte order (the C locale's), a name in one
/// tree only reported where it sorts, two directories of one name walked
/// right there (depth first), two regular files compared byte for byte
/// (`ContentPair`), anything else of one name reported with what each is.
/// Links are followed, as diff follows them; a directory met again below
/// itself is a loop, reported and not walked. Nothing is written.
///
/// Runs on the calling thread; `report` and `trouble` are called on it, in
/// order, with the directories holding the entry on each side (open for the
/// call; a level of differences keeps the handles).
public final class TreeComparison {
    /// What a walk found beside the differences.
    public struct Totals: Sendable, Equatable {
        /// Pairs of regular files found to hold the same bytes.
        public var sameFiles = 0
        /// Pairs of directories walked (the tops included).
        public var directories = 0
        /// Bytes read to compare contents.
        public var bytesCompared: Int64 = 0
        /// Entries that could not be read (their errors went to `trouble`).
        public var troubles = 0
        public var interrupted = false

        public init() {}
    }

    public typealias Report = (TreeDifference, _ first: DirectoryHandle, _ second: DirectoryHandle) -> Void

    /// Statuses and contents of a directory's common names, on every core.
    private let preparation = PairPreparation(threads: min(4, Processors.online))
    /// Asked between entries with what was found so far (a progress line
    /// can show it): whether to stop.
    private let isCancelled: (Totals) -> Bool
    public private(set) var totals = Totals()
    /// Whether pairs of files found the same are reported too (a level of
    /// the differences lists them, for `mark same`); diff never prints them.
    public var reportsSameFiles = false

    public init(isCancelled: @escaping (Totals) -> Bool = { _ in false }) {
        self.isCancelled = isCancelled
    }

    /// One directory pair on the way down: the names still to look at.
    private struct Frame {
        let first: DirectoryHandle
        let second: DirectoryHandle
        /// Below the tops ("" for the tops).
        let directory: [UInt8]
        let names: [(name: [UInt8], inFirst: Bool, inSecond: Bool)]
        /// For each name in both, what was learnt of it (by its index in `names`).
        let prepared: [Int: PreparedPair]
        var next = 0
        let identities: (FileIdentity?, FileIdentity?)
    }

    /// Walks the trees at `first` and `second`. `report` hears each
    /// difference; `trouble` each entry that could not be read (as diff
    /// prints `diff: PATH: reason`), after which the walk goes on.
    public func run(first: DirectoryHandle, second: DirectoryHandle, report: Report, trouble: (FileError) -> Void) {
        totals = Totals()
        guard let top = frame(first, second, directory: [], trouble: trouble) else { return }
        var stack = [top]
        while !stack.isEmpty {
            if isCancelled(totals) {
                totals.interrupted = true
                return
            }
            let index = stack.count - 1
            guard stack[index].next < stack[index].names.count else {
                stack.removeLast()
                continue
            }
            let entry = stack[index].names[stack[index].next]
            stack[index].next += 1
            let here = stack[index]
            if !entry.inSecond {
                report(TreeDifference(kind: .onlyInFirst, directory: here.directory, name: entry.name), here.first, here.second)
                continue
            }
            if !entry.inFirst {
                report(TreeDifference(kind: .onlyInSecond, directory: here.directory, name: entry.name), here.first, here.second)
                continue
            }
            guard let pair = here.prepared[here.next - 1] else { continue }
            if let deeper = compare(entry.name, pair, in: here, ancestors: stack, report: report, trouble: trouble) {
                stack.append(deeper)
            }
        }
    }

    /// One name in both directories: reported, compared, or (two
    /// directories) the frame to walk next.
    private func compare(
        _ name: [UInt8], _ pair: PreparedPair, in here: Frame, ancestors: [Frame], report: Report, trouble: (FileError) -> Void
    ) -> Frame? {
        let path = here.directory.isEmpty ? name : here.directory + [0x2F] + name
        let firstStatus = status(pair.first, name, in: here.first, trouble: trouble)
        let secondStatus = status(pair.second, name, in: here.second, trouble: trouble)
        guard let firstStatus, let secondStatus else { return nil }
        // One file or directory reached from both sides (a tree compared with itself): the same.
        if firstStatus.identity == secondStatus.identity {
            if firstStatus.kind == .file { totals.sameFiles += 1 }
            return nil
        }
        if firstStatus.kind == .directory && secondStatus.kind == .directory {
            // A directory that is its own ancestor (through a link): diff's loop.
            if ancestors.contains(where: { $0.identities.0 == firstStatus.identity }) {
                trouble(FileError(path: PathBytes.join(here.first.path, name), reason: .custom("recursive directory loop")))
                totals.troubles += 1
                return nil
            }
            if ancestors.contains(where: { $0.identities.1 == secondStatus.identity }) {
                trouble(FileError(path: PathBytes.join(here.second.path, name), reason: .custom("recursive directory loop")))
                totals.troubles += 1
                return nil
            }
            let first: DirectoryHandle
            let second: DirectoryHandle
            do throws(FileError) {
                first = try DirectoryHandle.open(child: name, of: here.first, followSymlink: true)
                second = try DirectoryHandle.open(child: name, of: here.second, followSymlink: true)
            } catch {
                trouble(error)
                totals.troubles += 1
                return nil
            }
            return frame(first, second, directory: path, trouble: trouble)
        }
        guard firstStatus.kind == .file && secondStatus.kind == .file else {
            let kind = TreeDifference.Kind.typesDiffer(
                first: TreeDifference.typeName(firstStatus), second: TreeDifference.typeName(secondStatus))
            report(TreeDifference(kind: kind, directory: here.directory, name: name), here.first, here.second)
            return nil
        }
        switch pair.verdict {
        case .success(let verdict)?:
            switch verdict {
            case .same:
                totals.sameFiles += 1
                if reportsSameFiles { report(TreeDifference(kind: .same, directory: here.directory, name: name), here.first, here.second) }
            case .differ:
                report(TreeDifference(kind: .contentsDiffer, directory: here.directory, name: name), here.first, here.second)
            case .changed:
                report(TreeDifference(kind: .changedWhileCompared, directory: here.directory, name: name), here.first, here.second)
            }
        case .failure(let error)?:
            let side = error.side == 0 ? here.first : here.second
            trouble(FileError(path: PathBytes.join(side.path, name), errno: error.errno))
            totals.troubles += 1
        case nil:
            break
        }
        return nil
    }

    /// The entry's status, links followed (as diff follows them); nil after telling `trouble` why not.
    private func status(
        _ read: Result<FileStatus, Errno>, _ name: [UInt8], in directory: DirectoryHandle, trouble: (FileError) -> Void
    )
        -> FileStatus?
    {
        switch read {
        case .success(let status): return status
        case .failure(let errno):
            trouble(FileError(path: PathBytes.join(directory.path, name), errno: errno))
            totals.troubles += 1
            return nil
        }
    }

    /// The pair's names, merged in byte order; nil after telling `trouble`
    /// which side could not be read.
    private func frame(_ first: DirectoryHandle, _ second: DirectoryHandle, directory: [UInt8], trouble: (FileError) -> Void) -> Frame? {
        let firstNames: NameArena
        let secondNames: NameArena
        do throws(FileError) {
            firstNames = try DirectoryEnumerator.list(first)
            secondNames = try DirectoryEnumerator.list(second)
        } catch {
            trouble(error)
            totals.troubles += 1
            return nil
        }
        totals.directories += 1
        let a = Self.sortedNames(firstNames)
        let b = Self.sortedNames(secondNames)
        var merged: [(name: [UInt8], inFirst: Bool, inSecond: Bool)] = []
        merged.reserveCapacity(max(a.count, b.count))
        var i = 0
        var j = 0
        while i < a.count || j < b.count {
            if j == b.count || (i < a.count && a[i].lexicographicallyPrecedes(b[j])) {
                merged.append((a[i], true, false))
                i += 1
            } else if i == a.count || b[j].lexicographicallyPrecedes(a[i]) {
                merged.append((b[j], false, true))
                j += 1
            } else {
                merged.append((a[i], true, true))
                i += 1
                j += 1
            }
        }
        let identities = (first.identity, second.identity)
        let common = merged.indices.filter { merged[$0].inFirst && merged[$0].inSecond }
        let pairs = preparation.prepare(common.map { merged[$0].name }, first: first.fd, second: second.fd) { Interruption.isRequested }
        var prepared: [Int: PreparedPair] = [:]
        prepared.reserveCapacity(common.count)
        for (index, pair) in zip(common, pairs) {
            prepared[index] = pair
            if case .success(let verdict)? = pair.verdict, verdict == .same, case .success(let status) = pair.first {
                totals.bytesCompared += status.size
            }
        }
        return Frame(first: first, second: second, directory: directory, names: merged, prepared: prepared, identities: identities)
    }

    private static func sortedNames(_ arena: NameArena) -> [[UInt8]] {
        (0..<arena.count).map { arena.name(at: $0) }.sorted { $0.lexicographicallyPrecedes($1) }
    }
}
