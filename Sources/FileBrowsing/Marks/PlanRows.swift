/// The deletion plan as rows of a table (`marks` at the prompt): each mark
/// an entry of the directory its path names now, one section per directory
/// (by path), names in natural order. Built from the store's own buffers,
/// so a plan of a million marks opens without a million paths.
public final class PlanRows {
    private let store: MarkStore
    /// The marks shown, by entry: entry `i` of the rows is mark `numbers[i]`.
    private var numbers: [Int32] = []
    /// The store's revision the rows were read at.
    public private(set) var revision = -1
    /// The rows as last read, for the totals.
    private var shown = PathRows.Contents()

    public init(_ store: MarkStore) {
        self.store = store
    }

    /// Reads the store's marks; returns the rows' contents. Each directory
    /// is opened once by its path; one that cannot be opened any more still
    /// gets its section, whose rows then say they cannot be read.
    public func contents() -> PathRows.Contents {
        numbers = store.orderedMarkNumbers()
        revision = store.revision
        var contents = PathRows.Contents()
        contents.namesInOrder = true
        contents.names.reserve(entries: numbers.count, bytes: store.names.byteCount)
        contents.placeOfEntry.reserveCapacity(numbers.count)
        contents.inodes.reserveCapacity(numbers.count)
        var folder: UInt32?
        var place = 0
        for number in numbers {
            let index = Int(number)
            if store.folderOfMark[index] != folder {
                folder = store.folderOfMark[index]
                let path = store.folders[Int(store.folderOfMark[index])].path
                let handle = (try? DirectoryHandle.open(resolving: path)) ?? .unreachable(path: path)
                place = contents.addPlace(handle, title: NameEscaping.escape(path))
            }
            let snapshot = store.stored[index]
            store.names.withName(at: index) { contents.append($0, kind: snapshot.kind, inode: snapshot.inode, place: place) }
        }
        shown = contents
        return contents
    }

    /// The totals of the marks as last read (`PlanTotals.count`), each
    /// entry read through its directory on two threads.
    public func totals(progress: ((Int) -> Void)? = nil) -> PlanTotals {
        PlanTotals.count(shown, marked: { self.store.snapshot(number: self.numbers[$0]).identity }, progress: progress)
    }

    /// The mark entry `entry` of the rows shows.
    public func mark(atEntry entry: Int) -> Mark { store.mark(number: numbers[entry]) }

}
