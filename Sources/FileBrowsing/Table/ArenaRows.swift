import SystemSeam

/// Rows over names kept in one arena, the row code the tables that are no
/// directory share (an archive's members, the changes since a saved scan):
/// the names and kinds in a `NameArena`, the rows shown as indexes into it
/// in one section, and which names the options keep (hidden names, the
/// filter). Each table orders what is kept its own way.
public struct ArenaRows: Sendable {
    public let names: NameArena
    /// The arena's indexes of the rows shown, in order.
    public private(set) var shown: [UInt32] = []
    public private(set) var sections: [ListSection] = []

    public init(names: NameArena) {
        self.names = names
    }

    /// The arena's index of `row`.
    @inline(__always)
    public func index(ofRow row: Int) -> Int { Int(shown[row]) }

    /// The arena's indexes the options keep, in arena order: a name
    /// starting with `.` only when hidden names show (or `alwaysShown` says
    /// it must be seen), and only names the filter takes (directories too,
    /// unless the filter spares them).
    public func kept(by options: ListOptions, alwaysShown: (Int) -> Bool = { _ in false }) -> [UInt32] {
        let filter = options.filter
        let hidesDotFiles = options.hidden == .hidden
        var kept: [UInt32] = []
        for index in 0..<names.count {
            if hidesDotFiles && names.firstByte(at: index) == 0x2E && !alwaysShown(index) { continue }
            if let filter, names.kind(at: index) != .directory || !options.filterSparesDirectories,
                !names.withCName(at: index, { filter.matches(cName: $0) })
            {
                continue
            }
            kept.append(UInt32(index))
        }
        return kept
    }

    /// Shows `rows` (arena indexes, in order), one section holding them.
    public mutating func show(_ rows: [UInt32]) {
        shown = rows
        sections = rows.isEmpty ? [] : [ListSection(title: nil, indexTitle: nil, rows: 0..<rows.count)]
    }

    /// Shows each group's rows (arena indexes, in order) as a section of its
    /// title, one after another; an empty group has no section.
    public mutating func show(sections groups: [(title: String, rows: [UInt32])]) {
        shown = []
        sections = []
        for group in groups where !group.rows.isEmpty {
            sections.append(ListSection(title: group.title, indexTitle: nil, rows: shown.count..<shown.count + group.rows.count))
            shown += group.rows
        }
    }
}

/// A table whose rows are an `ArenaRows`: counting, naming and kinds come
/// from it, so such a table writes only what is its own (status, paths,
/// order).
public protocol ArenaBackedRows: FileRows {
    var arena: ArenaRows { get }
}

extension ArenaBackedRows {
    public var rowCount: Int { arena.shown.count }
    public var sections: [ListSection] { arena.sections }
    public var sectionStarts: [Int] { [0] }

    public func withName<R>(ofRow row: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try arena.names.withName(at: arena.index(ofRow: row), body)
    }

    public func withNames(ofRows range: Range<Int>, _ body: (Int, UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        for (index, row) in range.enumerated() { try arena.names.withName(at: arena.index(ofRow: row)) { try body(index, $0) } }
    }

    public func kind(ofRow row: Int) -> FileKind { arena.names.kind(at: arena.index(ofRow: row)) }
}
