/// The members of an archive placed as a tree of directories: a member's
/// name split at `/`, empty and `.` components dropped (so `./a`, `/a` and
/// `a` are one place), every directory a name passes through made a node
/// even when the archive lists none. A name stored twice is the later
/// member, as extracting it would leave it. Names are only ever compared
/// here: never joined onto a path on disk.
///
/// Held compactly for archives of millions of members: a node is 16 bytes
/// whose name is a range of the members' name arena (shared, not copied),
/// and every node's children lie together in one array.
public final class ArchiveTree: Sendable {
    /// One node as the tree holds it.
    private struct Record: Sendable {
        /// Where the component's bytes start in `names`.
        var nameStart: UInt32
        /// The component's length (below 2^30); the top bit says the node
        /// is a directory, the next that some node was placed below it.
        var lengthAndDirectory: UInt32
        var parent: Int32
        /// The member the node is, or -1 for a directory only passed through.
        var member: Int32

        static let directoryBit: UInt32 = 1 << 31
        static let parentBit: UInt32 = 1 << 30
        var length: Int { Int(lengthAndDirectory & ~(Self.directoryBit | Self.parentBit)) }
        var isDirectory: Bool {
            get { lengthAndDirectory & Self.directoryBit != 0 }
            set { lengthAndDirectory = newValue ? lengthAndDirectory | Self.directoryBit : lengthAndDirectory & ~Self.directoryBit }
        }
        /// Some node lies below this one.
        var hasChildren: Bool {
            get { lengthAndDirectory & Self.parentBit != 0 }
            set { lengthAndDirectory |= newValue ? Self.parentBit : 0 }
        }
    }

    /// A node as callers read it: views into the tree's arrays, no copies.
    public struct Node: Sendable {
        /// The component's bytes, as stored.
        public let name: ArraySlice<UInt8>
        public let parent: Int32
        /// The member the node is, or -1 for a directory only passed through.
        public let member: Int32
        public let isDirectory: Bool
        public let children: ArraySlice<Int32>
    }

    /// The nodes by number; `nodes[0]` is the archive's top, and a node's
    /// parent always comes before it.
    public struct Nodes: RandomAccessCollection, Sendable {
        fileprivate let tree: ArchiveTree
        public var startIndex: Int { 0 }
        public var endIndex: Int { tree.records.count }
        public subscript(index: Int) -> Node {
            let record = tree.records[index]
            return Node(
                name: tree.name(of: Int32(index)), parent: record.parent, member: record.member, isDirectory: record.isDirectory,
                children: tree.children(of: Int32(index)))
        }
    }

    /// The members' names, which the records' ranges point into.
    private let names: [UInt8]
    private let records: [Record]
    /// `childList[childStarts[n]..<childStarts[n + 1]]` are node n's children, in the order the archive named them.
    private let childStarts: [Int32]
    private let childList: [Int32]

    public var nodes: Nodes { Nodes(tree: self) }

    public func name(of node: Int32) -> ArraySlice<UInt8> {
        let record = records[Int(node)]
        return names[Int(record.nameStart)..<(Int(record.nameStart) + record.length)]
    }

    public func children(of node: Int32) -> ArraySlice<Int32> {
        childList[Int(childStarts[Int(node)])..<Int(childStarts[Int(node) + 1])]
    }

    public func isDirectory(_ node: Int32) -> Bool { records[Int(node)].isDirectory }

    /// The member a node is, or -1 for a directory only passed through.
    public func member(of node: Int32) -> Int32 { records[Int(node)].member }

    public func parent(of node: Int32) -> Int32 { records[Int(node)].parent }

    /// The tree of `members` (tests and small archives).
    public convenience init(members: [ArchiveMember]) {
        // Names a test gives stay far below the arena's limit.
        self.init(members: (try? ArchiveMembers(members)) ?? ArchiveMembers())
    }

    public init(members: ArchiveMembers) {
        let names = members.nameArena
        var builder = TreeBuilder(names: names, expected: members.count)
        for index in members.indices {
            builder.place(member: Int32(index), name: members.nameRange(of: index), isDirectory: members.kind(of: index) == .directory)
        }
        self.names = names
        // The lookup table goes before the child lists are made (the peak of a million members).
        let records = builder.finish()
        self.records = records
        // Children grouped by parent (a counting sort, stable: each
        // directory's children keep the order they were met in).
        var starts = [Int32](repeating: 0, count: records.count + 1)
        for record in records.dropFirst() { starts[Int(record.parent) + 1] += 1 }
        for index in 1..<starts.count { starts[index] += starts[index - 1] }
        // `starts[p]` is parent p's cursor while placing; each ends where
        // the next parent's list starts, so one shift puts them back.
        var list = [Int32](repeating: 0, count: max(0, records.count - 1))
        for (index, record) in records.enumerated().dropFirst() {
            list[Int(starts[Int(record.parent)])] = Int32(index)
            starts[Int(record.parent)] += 1
        }
        for index in stride(from: starts.count - 1, to: 0, by: -1) { starts[index] = starts[index - 1] }
        starts[0] = 0
        childStarts = starts
        childList = list
    }

    /// The node's path from the top, its components joined by `/`.
    public func path(of node: Int32) -> [UInt8] {
        var components: [ArraySlice<UInt8>] = []
        var current = node
        while current > 0 {
            components.append(name(of: current))
            current = records[Int(current)].parent
        }
        return Array(components.reversed().joined(separator: [0x2F]))
    }

    /// The node a path below the top names (components as `init` splits them), if any.
    public func node(at path: [UInt8]) -> Int32? {
        var current: Int32 = 0
        for component in path.split(separator: 0x2F) where !component.elementsEqual([0x2E]) {
            guard let child = children(of: current).first(where: { name(of: $0).elementsEqual(component) }) else { return nil }
            current = child
        }
        return current
    }

    /// Builds the records one member at a time, finding a directory's child
    /// by name in an open-addressed table of node numbers (4 bytes a slot,
    /// dropped once the tree is built).
    private struct TreeBuilder {
        let names: [UInt8]
        var records = [Record(nameStart: 0, lengthAndDirectory: Record.directoryBit, parent: -1, member: -1)]
        /// Node number + 1 in each slot, 0 where free; the count is a power of two.
        var slots: [Int32]
        /// The directories the last member's name passed through: members
        /// come grouped by directory, so most names start the same way and
        /// are placed without a lookup.
        var previous: [(start: Int, length: Int, node: Int32)] = []
        /// The current member's components (reused, to allocate nothing a member).
        var components: [(start: Int, length: Int)] = []

        init(names: [UInt8], expected: Int) {
            self.names = names
            var capacity = 16
            while capacity < expected * 2 { capacity *= 2 }
            slots = [Int32](repeating: 0, count: capacity)
            // Directories add to the members' nodes: room for a quarter
            // more (address space until used), so the records seldom move.
            records.reserveCapacity(expected + expected / 4 + 16)
        }

        mutating func place(member: Int32, name range: Range<Int>, isDirectory memberIsDirectory: Bool) {
            components.removeAll(keepingCapacity: true)
            var start = range.lowerBound
            for position in range.lowerBound...range.upperBound where position == range.upperBound || names[position] == 0x2F {
                let length = position - start
                if length > 0, !(length == 1 && names[start] == 0x2E) { components.append((start, length)) }
                start = position + 1
            }
            guard !components.isEmpty else { return }
            var parent: Int32 = 0
            var samePath = true
            for (position, component) in components.enumerated() {
                let isLast = position == components.count - 1
                if samePath, !isLast, position < previous.count, sameBytes(previous[position], component) {
                    parent = previous[position].node
                    records[Int(parent)].isDirectory = true
                    continue
                }
                if samePath, position < previous.count { previous.removeSubrange(position...) }
                samePath = false
                let node = child(of: parent, named: component, isDirectory: !isLast)
                if isLast {
                    // A directory stays one if members were placed below it.
                    records[Int(node)].member = member
                    records[Int(node)].isDirectory = memberIsDirectory || records[Int(node)].hasChildren
                } else {
                    records[Int(node)].isDirectory = true
                    previous.append((component.start, component.length, node))
                }
                parent = node
            }
        }

        private func sameBytes(_ a: (start: Int, length: Int, node: Int32), _ b: (start: Int, length: Int)) -> Bool {
            a.length == b.length && names[a.start..<(a.start + a.length)].elementsEqual(names[b.start..<(b.start + b.length)])
        }

        private func hash(parent: Int32, start: Int, length: Int) -> Int {
            var hasher = Hasher()
            hasher.combine(parent)
            names.withUnsafeBytes { hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: $0[start..<(start + length)])) }
            return hasher.finalize()
        }

        /// The child of `parent` named by the bytes at `component`, made when there is none.
        private mutating func child(of parent: Int32, named component: (start: Int, length: Int), isDirectory: Bool) -> Int32 {
            let mask = slots.count - 1
            var slot = hash(parent: parent, start: component.start, length: component.length) & mask
            while slots[slot] != 0 {
                let node = slots[slot] - 1
                let record = records[Int(node)]
                if record.parent == parent, record.length == component.length,
                    names[Int(record.nameStart)..<(Int(record.nameStart) + record.length)].elementsEqual(
                        names[component.start..<(component.start + component.length)])
                {
                    return node
                }
                slot = (slot + 1) & mask
            }
            let node = Int32(records.count)
            var record = Record(nameStart: UInt32(component.start), lengthAndDirectory: UInt32(component.length), parent: parent, member: -1)
            record.isDirectory = isDirectory
            records.append(record)
            records[Int(parent)].isDirectory = true
            records[Int(parent)].hasChildren = true
            slots[slot] = node + 1
            if records.count * 2 > slots.count { grow() }
            return node
        }

        /// The records, the lookup table given up.
        mutating func finish() -> [Record] {
            slots = []
            previous = []
            return records
        }

        /// Doubles the table and places every node again.
        private mutating func grow() {
            slots = [Int32](repeating: 0, count: slots.count * 2)
            let mask = slots.count - 1
            for (index, record) in records.enumerated().dropFirst() {
                var slot = hash(parent: record.parent, start: Int(record.nameStart), length: record.length) & mask
                while slots[slot] != 0 { slot = (slot + 1) & mask }
                slots[slot] = Int32(index) + 1
            }
        }
    }
}
