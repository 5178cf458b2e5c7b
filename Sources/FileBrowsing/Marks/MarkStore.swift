/// The session's marks: paths chosen for simulated deletion, with the undo
/// history of every mark, unmark and clear. Marks belong to the session, not to
/// a table, so they survive navigation, reloads and view changes; a marked
/// directory covers its whole subtree.
public final class MarkStore {
    /// One undoable change: what it added and what it removed.
    private struct Change {
        var added: [Mark]
        var removed: [Mark]
    }

    private var marks: [[UInt8]: Mark] = [:]
    /// Marked names by parent directory, for listing a directory quickly.
    private var namesByParent: [[UInt8]: Set<[UInt8]>] = [:]
    private var history: [Change] = []

    public init() {}

    public var count: Int { marks.count }
    public var isEmpty: Bool { marks.isEmpty }
    public var canUndo: Bool { !history.isEmpty }

    /// Every mark, by parent directory, names in natural order.
    public var all: [Mark] {
        marks.values.sorted { a, b in
            let (pa, na) = a.parentAndName, (pb, nb) = b.parentAndName
            if pa != pb { return pa.lexicographicallyPrecedes(pb) }
            return NaturalOrder.precedes(na, nb)
        }
    }

    public func mark(at path: [UInt8]) -> Mark? { marks[path] }

    /// Adds marks as one undoable change; paths already marked are skipped.
    /// Returns how many were added.
    @discardableResult
    public func add(_ new: [Mark]) -> Int {
        let fresh = new.filter { marks[$0.path] == nil }
        guard !fresh.isEmpty else { return 0 }
        fresh.forEach(insert)
        history.append(Change(added: fresh, removed: []))
        return fresh.count
    }

    /// Removes marks on these paths as one undoable change; returns how many.
    @discardableResult
    public func unmark(_ paths: [[UInt8]]) -> Int {
        let gone = paths.compactMap { marks[$0] }
        guard !gone.isEmpty else { return 0 }
        gone.forEach { delete($0.path) }
        history.append(Change(added: [], removed: gone))
        return gone.count
    }

    /// Drops every mark, as one undoable change.
    @discardableResult
    public func clear() -> Int {
        unmark(Array(marks.keys))
    }

    /// Reverts the last change; returns a description, or nil with nothing to undo.
    public func undo() -> (unmarked: Int, remarked: Int)? {
        guard let change = history.popLast() else { return nil }
        change.added.forEach { delete($0.path) }
        change.removed.forEach(insert)
        return (change.added.count, change.removed.count)
    }

    /// The names marked directly inside `directory`.
    public func markedNames(in directory: [UInt8]) -> Set<[UInt8]> {
        namesByParent[directory] ?? []
    }

    /// The marked directory covering `path` (the path itself or an ancestor), if any.
    public func coveringMark(of path: [UInt8]) -> Mark? {
        if let mark = marks[path] { return mark }
        var end = path.count
        while let slash = path[..<end].lastIndex(of: 0x2F) {
            let ancestor = slash == 0 ? [0x2F] : Array(path[..<slash])
            if let mark = marks[ancestor] { return mark }
            if slash == 0 { break }
            end = slash
        }
        return nil
    }

    private func insert(_ mark: Mark) {
        marks[mark.path] = mark
        let (parent, name) = mark.parentAndName
        namesByParent[parent, default: []].insert(name)
    }

    private func delete(_ path: [UInt8]) {
        guard let mark = marks.removeValue(forKey: path) else { return }
        let (parent, name) = mark.parentAndName
        namesByParent[parent]?.remove(name)
        if namesByParent[parent]?.isEmpty == true { namesByParent[parent] = nil }
    }
}
