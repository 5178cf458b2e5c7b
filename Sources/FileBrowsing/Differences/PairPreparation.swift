import SystemSeam

/// What a comparison learns about a name in both trees before it reports:
/// both statuses (links followed), and for two regular files of different
/// identities the verdict on their bytes. Worked out ahead of the walk, on
/// several threads (the reads are where the time goes), then reported in
/// order by the walk.
struct PreparedPair: Sendable {
    var first: Result<PairSide, Errno>
    var second: Result<PairSide, Errno>
    var verdict: Result<ContentPair.Verdict, ContentPairFailure>?
}

/// What the walk needs of one side's status (links followed): a third of
/// a `FileStatus`, so a directory's prepared pairs stay small enough for
/// the heap to reuse (500 full statuses took 130 KB, a fresh mapping and
/// 30 page faults a directory).
struct PairSide: Sendable, Equatable {
    let kind: FileKind
    let identity: FileIdentity
    let size: Int64

    init(_ status: FileStatus) {
        kind = status.kind
        identity = status.identity
        size = status.size
    }
}

/// Prepares the names in both sides of a listed directory pair, a range of
/// slots at a time, with one `ContentPair` (so one thread) per preparer.
enum PairPreparation {
    /// Fills slots `range` of `listing`, stopping early (slots left nil)
    /// when `isCancelled` says so.
    static func prepare(_ listing: DirectoryPairListing, slots range: Range<Int>, with comparer: ContentPair, isCancelled: () -> Bool) {
        let firstFD = listing.first.fd
        let secondFD = listing.second.fd
        for slot in range {
            if isCancelled() { return }
            let entry = listing.entries[Int(listing.common[slot])]
            let a = Int(entry.first)
            let b = Int(entry.second)
            let bothFiles = listing.firstNames.kind(at: a) == .file && listing.secondNames.kind(at: b) == .file
            listing.prepared[slot] = listing.firstNames.withCName(at: a) { firstName in
                listing.secondNames.withCName(at: b) { secondName in
                    if bothFiles,
                        let pair = preparedOpening(firstName, in: firstFD, with: secondName, in: secondFD, comparer: comparer)
                    {
                        return pair
                    }
                    return preparedByStatus(firstName, in: firstFD, with: secondName, in: secondFD, comparer: comparer)
                }
            }
        }
    }

    /// Two names the directories call regular files: each opened and its
    /// status taken from the open file (one name look-up a side, not two),
    /// then compared. Nil when either cannot be opened or read for its
    /// status: `preparedByStatus` then tells which side and why.
    private static func preparedOpening(
        _ firstName: UnsafePointer<CChar>, in firstFD: Int32, with secondName: UnsafePointer<CChar>, in secondFD: Int32,
        comparer: ContentPair
    ) -> PreparedPair? {
        guard case .success(let a) = Syscalls.openFile(at: firstFD, name: firstName) else { return nil }
        defer { Syscalls.close(a) }
        guard case .success(let b) = Syscalls.openFile(at: secondFD, name: secondName) else { return nil }
        defer { Syscalls.close(b) }
        guard case .success(let rawFirst) = Syscalls.status(of: a), case .success(let rawSecond) = Syscalls.status(of: b) else { return nil }
        let x = FileStatus(rawFirst)
        let y = FileStatus(rawSecond)
        var pair = PreparedPair(first: .success(PairSide(x)), second: .success(PairSide(y)), verdict: nil)
        // Replaced by something else since the directory was read: the walk says what each is.
        guard x.kind == .file, y.kind == .file, x.identity != y.identity else { return pair }
        do throws(ContentPairFailure) {
            pair.verdict = .success(try comparer.compare(open: a, status: x, with: b, status: y))
        } catch {
            pair.verdict = .failure(error)
        }
        return pair
    }

    /// Any other pair: both statuses by name (links followed), then, for two
    /// regular files, their bytes.
    private static func preparedByStatus(
        _ firstName: UnsafePointer<CChar>, in firstFD: Int32, with secondName: UnsafePointer<CChar>, in secondFD: Int32,
        comparer: ContentPair
    ) -> PreparedPair {
        let a = Syscalls.status(at: firstFD, name: firstName, followSymlink: true).map(FileStatus.init)
        let b = Syscalls.status(at: secondFD, name: secondName, followSymlink: true).map(FileStatus.init)
        var pair = PreparedPair(first: a.map(PairSide.init), second: b.map(PairSide.init), verdict: nil)
        if case .success(let x) = a, case .success(let y) = b, x.kind == .file, y.kind == .file, x.identity != y.identity {
            do throws(ContentPairFailure) {
                pair.verdict = .success(
                    try comparer.compare(firstName, in: firstFD, status: x, with: secondName, in: secondFD, status: y))
            } catch {
                pair.verdict = .failure(error)
            }
        }
        return pair
    }
}
