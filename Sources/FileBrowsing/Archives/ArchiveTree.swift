/// The members of an archive placed as a tree of directories: a member's
/// name split at `/`, empty and `.` components dropped (so `./a`, `/a` and
/// `a` are one place), every directory a name passes through made a node
/// even when the archive lists none. A name stored twice is the later
/// member, as extracting it would leave it. Names are only ever compared
/// here: never joined onto a path on disk.
public final class ArchiveTree: Sendable {
    public struct Node: Sendable {
        /// The component's bytes, as stored.
        public let name: [UInt8]
        public let parent: Int32
        /// The member the node is, or -1 for a directory only passed through.
        public internal(set) var member: Int32
        public internal(set) var isDirectory: Bool
        public internal(set) var children: [Int32] = []
    }

    /// `nodes[0]` is the archive's top.
    public let nodes: [Node]

    public init(members: [ArchiveMember]) {
        var nodes = [Node(name: [], parent: -1, member: -1, isDirectory: true)]
        var childByName: [ChildKey: Int32] = [:]
        childByName.reserveCapacity(members.count + 1)
        // The directories the last member's name passed through: members
        // come grouped by directory, so most names start the same way and
        // are placed without a lookup.
        var previous: [(name: ArraySlice<UInt8>, node: Int32)] = []
        for (index, member) in members.enumerated() {
            let components = member.path.split(separator: 0x2F).filter { !$0.elementsEqual([0x2E]) }
            guard !components.isEmpty else { continue }
            var parent: Int32 = 0
            var samePath = true
            for (position, component) in components.enumerated() {
                let isLast = position == components.count - 1
                if samePath, !isLast, position < previous.count, previous[position].name.elementsEqual(component) {
                    parent = previous[position].node
                    nodes[Int(parent)].isDirectory = true
                    continue
                }
                if samePath, position < previous.count { previous.removeSubrange(position...) }
                samePath = false
                let key = ChildKey(parent: parent, name: Array(component))
                let node: Int32
                if let existing = childByName[key] {
                    node = existing
                } else {
                    node = Int32(nodes.count)
                    nodes.append(Node(name: key.name, parent: parent, member: -1, isDirectory: !isLast))
                    nodes[Int(parent)].children.append(node)
                    childByName[key] = node
                }
                if isLast {
                    nodes[Int(node)].member = Int32(index)
                    // A directory stays one if members were placed below it.
                    nodes[Int(node)].isDirectory = member.kind == .directory || !nodes[Int(node)].children.isEmpty
                } else {
                    nodes[Int(node)].isDirectory = true
                    previous.append((component, node))
                }
                parent = node
            }
        }
        self.nodes = nodes
    }

    /// The node's path from the top, its components joined by `/`.
    public func path(of node: Int32) -> [UInt8] {
        var components: [[UInt8]] = []
        var current = node
        while current > 0 {
            components.append(nodes[Int(current)].name)
            current = nodes[Int(current)].parent
        }
        return Array(components.reversed().joined(separator: [0x2F]))
    }

    /// The node a path below the top names (components as `init` splits them), if any.
    public func node(at path: [UInt8]) -> Int32? {
        var current: Int32 = 0
        for component in path.split(separator: 0x2F) where !component.elementsEqual([0x2E]) {
            guard let child = nodes[Int(current)].children.first(where: { nodes[Int($0)].name.elementsEqual(component) }) else { return nil }
            current = child
        }
        return current
    }

    private struct ChildKey: Hashable {
        let parent: Int32
        let name: [UInt8]

        /// The name's bytes hashed in one call (an array of bytes hashes byte by byte).
        func hash(into hasher: inout Hasher) {
            hasher.combine(parent)
            name.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }
}
