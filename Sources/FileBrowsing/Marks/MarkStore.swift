/// The session's marks: entries chosen for simulated deletion, with the undo
/// history of every mark, unmark and clear. Marks belong to the session, not to
/// a table, so they survive navigation, reloads and view changes. They are kept
/// by identity, so a directory reached by two paths (through a link, say) shows
/// the same marks, and a marked directory covers every directory inside it.
public final class MarkStore {
    /// One undoable change: what it added and what it removed.
    private struct Change {
        var added: [Mark]
        var removed: [Mark]
    }

    private var marks: [EntryKey: Mark] = [:]
    /// Marked names by the identity of their directory, for listing a directory quickly.
    private var namesByDirectory: [FileIdentity: Set<[UInt8]>] = [:]
    /// Marked directories by their own identity, for coverage.
    private var markedDirectories: [FileIdentity: EntryKey] = [:]
    private var history: [Change] = []

    public init() {}

    public var count: Int { marks.count }
    public var isEmpty: Bool { marks.isEmpty }
    public var canUndo: Bool { !history.isEmpty }
    /// Goes up with every change, so a saved plan can tell whether it is current.
    public private(set) var revision = 0

    /// Every mark, by parent path, names in natural order.
    public var all: [Mark] {
        marks.values.sorted { a, b in
            let (pa, na) = a.parentAndName
            let (pb, nb) = b.parentAndName
            if pa != pb { return pa.lexicographicallyPrecedes(pb) }
            return NaturalOrder.precedes(na, nb)
        }
    }

    public func mark(for entry: EntryKey) -> Mark? { marks[entry] }

    /// Adds marks as one undoable change; entries already marked are skipped.
    /// Returns how many were added.
    @discardableResult
    public func add(_ new: [Mark]) -> Int {
        var fresh: [Mark] = []
        var seen = Set<EntryKey>()
        for mark in new where marks[mark.entry] == nil && seen.insert(mark.entry).inserted {
            fresh.append(mark)
        }
        guard !fresh.isEmpty else { return 0 }
        fresh.forEach(insert)
        record(Change(added: fresh, removed: []))
        return fresh.count
    }

    /// Removes the marks of these entries as one undoable change; returns how many.
    @discardableResult
    public func unmark(_ entries: [EntryKey]) -> Int {
        let gone = entries.compactMap { marks[$0] }
        guard !gone.isEmpty else { return 0 }
        gone.forEach { delete($0.entry) }
        record(Change(added: [], removed: gone))
        return gone.count
    }

    /// Drops every mark, as one undoable change.
    @discardableResult
    public func clear() -> Int {
        unmark(Array(marks.keys))
    }

    /// Reverts the last change; returns what it did, or nil with nothing to undo.
    public func undo() -> (unmarked: Int, remarked: Int)? {
        guard let change = history.popLast() else { return nil }
        change.added.forEach { delete($0.entry) }
        change.removed.forEach(insert)
        revision += 1
        return (change.added.count, change.removed.count)
    }

    /// The names marked directly inside the directory with this identity.
    public func markedNames(inDirectory directory: FileIdentity) -> Set<[UInt8]> {
        namesByDirectory[directory] ?? []
    }

    /// The marked directory that contains a directory, given the identities
    /// of that directory and of each one above it (`physicalAncestry`).
    public func coveringMark(ofAncestry ancestry: [FileIdentity]) -> Mark? {
        guard !markedDirectories.isEmpty else { return nil }
        for identity in ancestry {
            if let entry = markedDirectories[identity], let mark = marks[entry] { return mark }
        }
        return nil
    }

    private func record(_ change: Change) {
        history.append(change)
        revision += 1
    }

    private func insert(_ mark: Mark) {
        marks[mark.entry] = mark
        namesByDirectory[mark.entry.directory, default: []].insert(mark.entry.name)
        if mark.snapshot.kind == .directory { markedDirectories[mark.snapshot.identity] = mark.entry }
    }

    private func delete(_ entry: EntryKey) {
        guard let mark = marks.removeValue(forKey: entry) else { return }
        namesByDirectory[entry.directory]?.remove(entry.name)
        if namesByDirectory[entry.directory]?.isEmpty == true { namesByDirectory[entry.directory] = nil }
        if markedDirectories[mark.snapshot.identity] == entry { markedDirectories[mark.snapshot.identity] = nil }
    }
}
