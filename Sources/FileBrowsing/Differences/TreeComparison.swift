import SystemSeam

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

    /// Threads preparing names ahead of the walk: a core each but the
    /// walk's, which helps while it waits (more threads than cores made the
    /// kernel's side slower: two workers and the walk on two cores took 10%
    /// longer than one worker and the walk).
    private let workers = max(1, min(4, Processors.online) - 1)
    /// Whether directories are read ahead of the walk, at most `lookahead`
    /// listings ahead (off: the walk lists and prepares each itself; the
    /// tests compare the two). A listing holds a descriptor a side: the
    /// look-ahead takes at most an eighth of the open-file limit.
    var readsAhead = true
    var lookahead = min(64, max(2, Syscalls.openFileLimit() / 16))
    /// The walk's own comparer, for a pair the read-ahead did not list.
    private let ownComparer = ContentPair()
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
        let listing: DirectoryPairListing
        var next = 0
        var first: DirectoryHandle { listing.first }
        var second: DirectoryHandle { listing.second }
        var directory: [UInt8] { listing.directory }
    }

    /// Walks the trees at `first` and `second`. `report` hears each
    /// difference; `trouble` each entry that could not be read (as diff
    /// prints `diff: PATH: reason`), after which the walk goes on.
    public func run(first: DirectoryHandle, second: DirectoryHandle, report: Report, trouble: (FileError) -> Void) {
        totals = Totals()
        let readAhead = readsAhead ? ComparisonReadAhead(first: first, second: second, workers: workers, lookahead: lookahead) : nil
        defer { readAhead?.finish() }
        guard let top = frame(first, second, directory: [], readAhead: readAhead, trouble: trouble) else { return }
        var stack = [top]
        while !stack.isEmpty {
            if isCancelled(totals) {
                totals.interrupted = true
                return
            }
            let index = stack.count - 1
            guard stack[index].next < stack[index].listing.entries.count else {
                stack.removeLast()
                continue
            }
            let here = stack[index]
            let entry = here.listing.entries[here.next]
            stack[index].next += 1
            if !entry.inSecond {
                report(TreeDifference(kind: .onlyInFirst, directory: here.directory, name: here.listing.name(of: entry)), here.first, here.second)
                continue
            }
            if !entry.inFirst {
                report(TreeDifference(kind: .onlyInSecond, directory: here.directory, name: here.listing.name(of: entry)), here.first, here.second)
                continue
            }
            // A pair left unprepared: its preparation was stopped (Ctrl-C).
            // The walk stops too, partial, rather than pass it over as if compared.
            guard let pair = here.listing.prepared[Int(entry.slot)] else {
                totals.interrupted = true
                return
            }
            if let deeper = compare(entry, pair, in: here, ancestors: stack, readAhead: readAhead, report: report, trouble: trouble) {
                stack.append(deeper)
            }
        }
    }

    /// One name in both directories: reported, compared, or (two
    /// directories) the frame to walk next.
    private func compare(
        _ entry: DirectoryPairListing.Entry, _ pair: PreparedPair, in here: Frame, ancestors: [Frame], readAhead: ComparisonReadAhead?,
        report: Report, trouble: (FileError) -> Void
    ) -> Frame? {
        let name = here.listing.name(of: entry)
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
            if ancestors.contains(where: { $0.first.identity == firstStatus.identity }) {
                trouble(FileError(path: PathBytes.join(here.first.path, name), reason: .custom("recursive directory loop")))
                totals.troubles += 1
                return nil
            }
            if ancestors.contains(where: { $0.second.identity == secondStatus.identity }) {
                trouble(FileError(path: PathBytes.join(here.second.path, name), reason: .custom("recursive directory loop")))
                totals.troubles += 1
                return nil
            }
            let path = here.directory.isEmpty ? name : here.directory + [0x2F] + name
            // Read ahead, unless the tree changed under the read-ahead.
            if let listing = readAhead?.take(directory: path), listing.first.identity == firstStatus.identity,
                listing.second.identity == secondStatus.identity
            {
                return frame(listing, trouble: trouble)
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
            return frame(first, second, directory: path, readAhead: nil, trouble: trouble)
        }
        guard firstStatus.kind == .file && secondStatus.kind == .file else {
            let kind = TreeDifference.Kind.typesDiffer(
                first: TreeDifference.typeName(kind: firstStatus.kind, size: firstStatus.size),
                second: TreeDifference.typeName(kind: secondStatus.kind, size: secondStatus.size))
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
        _ read: Result<PairSide, Errno>, _ name: [UInt8], in directory: DirectoryHandle, trouble: (FileError) -> Void
    )
        -> PairSide?
    {
        switch read {
        case .success(let status): return status
        case .failure(let errno):
            trouble(FileError(path: PathBytes.join(directory.path, name), errno: errno))
            totals.troubles += 1
            return nil
        }
    }

    /// The pair's names, merged in byte order and prepared: from the
    /// read-ahead when it has them, else listed and prepared here; nil
    /// after telling `trouble` which side could not be read.
    private func frame(
        _ first: DirectoryHandle, _ second: DirectoryHandle, directory: [UInt8], readAhead: ComparisonReadAhead?, trouble: (FileError) -> Void
    ) -> Frame? {
        if let listing = readAhead?.take(directory: directory) { return frame(listing, trouble: trouble) }
        let listing = DirectoryPairListing(first: first, second: second, directory: directory)
        if listing.failure == nil {
            PairPreparation.prepare(listing, slots: 0..<listing.common.count, with: ownComparer) { Interruption.isRequested }
        }
        return frame(listing, trouble: trouble)
    }

    private func frame(_ listing: DirectoryPairListing, trouble: (FileError) -> Void) -> Frame? {
        if let failure = listing.failure {
            trouble(failure)
            totals.troubles += 1
            return nil
        }
        totals.directories += 1
        for pair in listing.prepared {
            if case .success(let verdict)? = pair?.verdict, verdict == .same, case .success(let status)? = pair?.first {
                totals.bytesCompared += status.size
            }
        }
        return Frame(listing: listing)
    }
}
