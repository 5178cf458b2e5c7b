import SystemSeam

/// The session's marks: entries chosen for simulated deletion, with the undo
/// history of every mark, unmark and clear. Marks belong to the session, not to
/// a table, so they survive navigation, reloads and view changes. They are kept
/// by identity, so a directory reached by two paths (through a link, say) shows
/// the same marks, and a marked directory covers every directory inside it.
///
/// A mark costs what its identity and its name cost: marks share their
/// directory's identity and path (a `folder`), names live in one buffer, and
/// an open-addressing index finds an entry by its directory and name without
/// a set of names per directory. Unmarked marks stay in the arrays (undo
/// brings them back) and leave the index.
public final class MarkStore {
    /// One undoable change: the marks it added and the marks it removed.
    private struct Change {
        /// New marks take the next numbers, so what a change added is a range.
        var added: Range<Int32>
        var removed: [Int32]
    }

    /// A directory marks were taken in, by the identity it was read with and
    /// the path that led to it (two paths to one directory are two folders).
    struct Folder {
        let identity: FileIdentity
        let path: [UInt8]
        var liveMarks = 0
    }

    private(set) var folders: [Folder] = []
    private var folderKeys: [FolderKey: UInt32] = [:]
    /// Every mark ever added, by mark number.
    private(set) var names = NameArena()
    private(set) var folderOfMark: [UInt32] = []
    private(set) var stored: [StoredSnapshot] = []
    /// Devices of marks not on their directory's device, by mark number.
    private var otherDevices: [Int32: UInt64] = [:]
    private(set) var isLive: [Bool] = []
    private var index = EntryIndex()
    /// Marked directories' own identities, for coverage.
    private var markedDirectories: [FileIdentity: Int32] = [:]
    private var history: [Change] = []

    private struct FolderKey: Hashable {
        let identity: FileIdentity
        let path: [UInt8]
    }

    public init() {}

    public private(set) var count = 0
    public var isEmpty: Bool { count == 0 }
    public var canUndo: Bool { !history.isEmpty }
    /// Goes up with every change, so a saved plan can tell whether it is current.
    public private(set) var revision = 0

    /// Every mark, by parent path, names in natural order.
    public var all: [Mark] { orderedMarkNumbers().map(mark(number:)) }

    /// The live marks' numbers, by folder path, names in natural order.
    func orderedMarkNumbers() -> [Int32] {
        var byFolder = [[Int32]](repeating: [], count: folders.count)
        for number in 0..<isLive.count where isLive[number] { byFolder[Int(folderOfMark[number])].append(Int32(number)) }
        let folderOrder = folders.indices.sorted { folders[$0].path.lexicographicallyPrecedes(folders[$1].path) }
        var result: [Int32] = []
        result.reserveCapacity(count)
        for folder in folderOrder where !byFolder[folder].isEmpty {
            result += NameSorting.naturalOrder(byFolder[folder], in: names)
        }
        return result
    }

    /// The mark with this number, as a value.
    public func mark(number: Int32) -> Mark {
        let index = Int(number)
        let folder = folders[Int(folderOfMark[index])]
        let name = names.name(at: index)
        return Mark(
            entry: EntryKey(directory: folder.identity, name: name), path: PathBytes.join(folder.path, name), snapshot: snapshot(number: number))
    }

    /// The snapshot of mark `number`.
    public func snapshot(number: Int32) -> MarkSnapshot {
        stored[Int(number)].snapshot(device: otherDevices[number] ?? folders[Int(folderOfMark[Int(number)])].identity.device)
    }

    public func mark(for entry: EntryKey) -> Mark? {
        entry.name.withUnsafeBufferPointer { number(of: entry.directory, $0) }.map(mark(number:))
    }

    /// The live mark of a directory's entry, if it is marked.
    func number(of directory: FileIdentity, _ name: UnsafeBufferPointer<UInt8>) -> Int32? {
        index.find(directory: directory, name: name) { number in
            folders[Int(folderOfMark[Int(number)])].identity == directory && names.withName(at: Int(number)) { $0.elementsEqual(name) }
        }
    }

    /// Whether the entry `name` of the directory with this identity is marked.
    public func isMarked(directory: FileIdentity, name: UnsafeBufferPointer<UInt8>) -> Bool {
        number(of: directory, name) != nil
    }

    /// Adds marks as one undoable change; entries already marked are skipped.
    /// Returns how many were added.
    @discardableResult
    public func add(_ new: [Mark]) -> Int {
        var batch = MarkBatch()
        for mark in new {
            let (parent, name) = mark.parentAndName
            name.withUnsafeBufferPointer { batch.append($0, snapshot: mark.snapshot, directory: mark.entry.directory, path: parent) }
        }
        return add(batch)
    }

    /// Adds a batch of marks as one undoable change; entries already marked
    /// are skipped. Returns how many were added.
    @discardableResult
    public func add(_ batch: MarkBatch) -> Int {
        if isLive.isEmpty && batch.entriesAreDistinct && batch.count > 0 { return adopt(batch) }
        let firstNew = Int32(isLive.count)
        names.reserve(entries: names.count + batch.count, bytes: names.byteCount + batch.names.byteCount)
        index.reserve(batch.count)
        var folderOfBatchFolder = [UInt32?](repeating: nil, count: batch.folders.count)
        // A directory without marks before the batch needs no look-up for
        // distinct entries: none of them can be marked already.
        var unmarkedDirectories = Set<FileIdentity>()
        if batch.entriesAreDistinct {
            for folder in batch.folders where markCount(inDirectory: folder.identity) == 0 { unmarkedDirectories.insert(folder.identity) }
        }
        for entry in 0..<batch.count {
            let batchFolder = Int(batch.folderOfEntry[entry])
            let folder = folderOfBatchFolder[batchFolder] ?? addFolder(batch.folders[batchFolder])
            folderOfBatchFolder[batchFolder] = folder
            let identity = folders[Int(folder)].identity
            let mayBeMarked = !unmarkedDirectories.contains(identity)
            let fresh = batch.names.withName(at: entry) { name -> Int32? in
                guard !mayBeMarked || number(of: identity, name) == nil else { return nil }
                let number = Int32(isLive.count)
                let snapshot = batch.snapshot(at: entry)
                names.append(name, kind: snapshot.kind)
                folderOfMark.append(folder)
                stored.append(StoredSnapshot(snapshot, directoryDevice: identity.device))
                if snapshot.device != identity.device { otherDevices[number] = snapshot.device }
                isLive.append(false)
                return number
            }
            if let fresh { insert(fresh) }
        }
        let added = firstNew..<Int32(isLive.count)
        guard !added.isEmpty else { return 0 }
        record(Change(added: added, removed: []))
        return added.count
    }

    /// The first batch of distinct entries becomes the store's buffers as
    /// they are (no copy of a million names and snapshots).
    private func adopt(_ batch: MarkBatch) -> Int {
        let folderNumbers = batch.folders.map(addFolder)
        names = batch.names
        stored = batch.stored
        for (entry, device) in batch.otherDevices { otherDevices[Int32(entry)] = device }
        folderOfMark = batch.folderOfEntry.map { folderNumbers[Int($0)] }
        isLive = [Bool](repeating: false, count: batch.count)
        let added = 0..<Int32(batch.count)
        added.forEach { enliven($0) }
        index.insert(all: added) { number in
            names.withName(at: Int(number)) { EntryIndex.hash(folders[Int(folderOfMark[Int(number)])].identity, $0) }
        }
        record(Change(added: added, removed: []))
        return added.count
    }

    private func addFolder(_ folder: (identity: FileIdentity, path: [UInt8])) -> UInt32 {
        let key = FolderKey(identity: folder.identity, path: folder.path)
        if let known = folderKeys[key] { return known }
        folders.append(Folder(identity: folder.identity, path: folder.path))
        let number = UInt32(folders.count - 1)
        folderKeys[key] = number
        return number
    }

    /// Removes the marks of these entries as one undoable change; returns how many.
    @discardableResult
    public func unmark(_ entries: [EntryKey]) -> Int {
        let gone = entries.compactMap { entry in entry.name.withUnsafeBufferPointer { number(of: entry.directory, $0) } }
        return drop(gone)
    }

    private func drop(_ numbers: [Int32]) -> Int {
        var gone: [Int32] = []
        for number in numbers where isLive[Int(number)] {
            delete(number)
            gone.append(number)
        }
        guard !gone.isEmpty else { return 0 }
        record(Change(added: 0..<0, removed: gone))
        return gone.count
    }

    /// Drops every mark, as one undoable change.
    @discardableResult
    public func clear() -> Int {
        drop((0..<isLive.count).filter { isLive[$0] }.map(Int32.init))
    }

    /// Reverts the last change; returns what it did, or nil with nothing to undo.
    public func undo() -> (unmarked: Int, remarked: Int)? {
        guard let change = history.popLast() else { return nil }
        change.added.forEach(delete)
        change.removed.forEach(insert)
        revision += 1
        return (change.added.count, change.removed.count)
    }

    /// The names marked directly inside the directory with this identity.
    public func markedNames(inDirectory directory: FileIdentity) -> Set<[UInt8]> {
        var found = Set<[UInt8]>()
        for number in 0..<isLive.count where isLive[number] && folders[Int(folderOfMark[number])].identity == directory {
            found.insert(names.name(at: number))
        }
        return found
    }

    /// How many marks lie directly inside the directory with this identity.
    public func markCount(inDirectory directory: FileIdentity) -> Int {
        folders.reduce(0) { $0 + ($1.identity == directory ? $1.liveMarks : 0) }
    }

    /// The marked directory that contains a directory, given the identities
    /// of that directory and of each one above it (`physicalAncestry`).
    public func coveringMark(ofAncestry ancestry: [FileIdentity]) -> Mark? {
        guard !markedDirectories.isEmpty else { return nil }
        for identity in ancestry {
            if let number = markedDirectories[identity] { return mark(number: number) }
        }
        return nil
    }

    private func record(_ change: Change) {
        history.append(change)
        revision += 1
    }

    private func insert(_ number: Int32) {
        enliven(number)
        let folder = Int(folderOfMark[Int(number)])
        names.withName(at: Int(number)) { self.index.insert(number, directory: folders[folder].identity, name: $0) }
    }

    /// `insert` but for the index: the mark counts, and covers what a directory holds.
    private func enliven(_ number: Int32) {
        let index = Int(number)
        isLive[index] = true
        count += 1
        folders[Int(folderOfMark[index])].liveMarks += 1
        if stored[index].kind == .directory { markedDirectories[snapshot(number: number).identity] = number }
    }

    private func delete(_ number: Int32) {
        let index = Int(number)
        guard isLive[index] else { return }
        isLive[index] = false
        count -= 1
        let folder = Int(folderOfMark[index])
        folders[folder].liveMarks -= 1
        names.withName(at: index) { self.index.forget(number, directory: folders[folder].identity, name: $0) }
        if stored[index].kind == .directory {
            let identity = snapshot(number: number).identity
            if markedDirectories[identity] == number { markedDirectories[identity] = nil }
        }
    }
}
