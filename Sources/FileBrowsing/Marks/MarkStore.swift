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
        var added: [Int32]
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
    private(set) var snapshots: [MarkSnapshot] = []
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
        return Mark(entry: EntryKey(directory: folder.identity, name: name), path: PathBytes.join(folder.path, name), snapshot: snapshots[index])
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
        var added: [Int32] = []
        added.reserveCapacity(batch.count)
        names.reserve(entries: names.count + batch.count, bytes: names.byteCount + batch.names.byteCount)
        var folderOfBatchFolder = [UInt32?](repeating: nil, count: batch.folders.count)
        for entry in 0..<batch.count {
            let batchFolder = Int(batch.folderOfEntry[entry])
            let folder = folderOfBatchFolder[batchFolder] ?? addFolder(batch.folders[batchFolder])
            folderOfBatchFolder[batchFolder] = folder
            let identity = folders[Int(folder)].identity
            let fresh = batch.names.withName(at: entry) { name -> Int32? in
                guard number(of: identity, name) == nil else { return nil }
                let number = Int32(isLive.count)
                names.append(name, kind: batch.snapshots[entry].kind)
                folderOfMark.append(folder)
                snapshots.append(batch.snapshots[entry])
                isLive.append(false)
                return number
            }
            if let fresh {
                insert(fresh)
                added.append(fresh)
            }
        }
        guard !added.isEmpty else { return 0 }
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
        record(Change(added: [], removed: gone))
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
        let index = Int(number)
        isLive[index] = true
        count += 1
        let folder = Int(folderOfMark[index])
        folders[folder].liveMarks += 1
        names.withName(at: index) { self.index.insert(number, directory: folders[folder].identity, name: $0) }
        if snapshots[index].kind == .directory { markedDirectories[snapshots[index].identity] = number }
    }

    private func delete(_ number: Int32) {
        let index = Int(number)
        guard isLive[index] else { return }
        isLive[index] = false
        count -= 1
        let folder = Int(folderOfMark[index])
        folders[folder].liveMarks -= 1
        names.withName(at: index) { self.index.forget(number, directory: folders[folder].identity, name: $0) }
        if markedDirectories[snapshots[index].identity] == number { markedDirectories[snapshots[index].identity] = nil }
    }
}

/// Marks taken together, before they join the store: names in one buffer,
/// each with its snapshot and the directory (identity and path) it was read in.
public struct MarkBatch {
    public private(set) var folders: [(identity: FileIdentity, path: [UInt8])] = []
    private var lastFolder: Int?
    public private(set) var names = NameArena()
    public private(set) var folderOfEntry: [UInt32] = []
    public private(set) var snapshots: [MarkSnapshot] = []

    public init() {}

    public var count: Int { snapshots.count }
    public var isEmpty: Bool { snapshots.isEmpty }

    /// Adds the entry `name` of the directory `directory` reached by `path`.
    public mutating func append(_ name: UnsafeBufferPointer<UInt8>, snapshot: MarkSnapshot, directory: FileIdentity, path: [UInt8]) {
        let folder: Int
        if let last = lastFolder, folders[last].identity == directory, folders[last].path == path {
            folder = last
        } else if let known = folders.firstIndex(where: { $0.identity == directory && $0.path == path }) {
            folder = known
        } else {
            folders.append((directory, path))
            folder = folders.count - 1
        }
        lastFolder = folder
        names.append(name, kind: snapshot.kind)
        folderOfEntry.append(UInt32(folder))
        snapshots.append(snapshot)
    }

    /// The entry at `index` as a mark (a path built for it).
    public func mark(at index: Int) -> Mark {
        let folder = folders[Int(folderOfEntry[index])]
        let name = names.name(at: index)
        return Mark(entry: EntryKey(directory: folder.identity, name: name), path: PathBytes.join(folder.path, name), snapshot: snapshots[index])
    }

    /// Every entry as a mark.
    public var marks: [Mark] { (0..<count).map(mark(at:)) }
}
