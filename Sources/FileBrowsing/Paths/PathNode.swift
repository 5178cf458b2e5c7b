/// A path kept as its last component and its parent's node: each level of
/// a deep walk adds its own name only. The bytes are joined when asked.
final class PathNode: Sendable {
    let parent: PathNode?
    /// One name, or (for a node without a parent) a whole path.
    let component: [UInt8]

    init(parent: PathNode?, component: [UInt8]) {
        self.parent = parent
        self.component = component
    }

    /// The parent, not retained (for walks up a chain `self` keeps alive).
    private var parentUnretained: Unmanaged<PathNode>? {
        guard let parent else { return nil }
        return Unmanaged.passUnretained(parent)
    }

    /// The nodes from the root to this one (built without recursion:
    /// walks can be very deep).
    private var chain: [PathNode] {
        var chain: [PathNode] = []
        var node: PathNode? = self
        while let current = node {
            chain.append(current)
            node = current.parent
        }
        return chain.reversed()
    }

    /// How many nodes lie above this one.
    var depth: Int {
        var count = 0
        var node = parent
        while let current = node {
            count += 1
            node = current.parent
        }
        return count
    }

    /// The components below the root, in order (the root's is left out).
    var componentsBelowRoot: [[UInt8]] { chain.dropFirst().map(\.component) }

    /// The whole path: the parent's joined with the component, one `/`
    /// between.
    /// Built from the end in one array, with no list of the nodes (which
    /// cost a retain and release a level: most of `du -a`'s time 5,000
    /// levels down). Names below the root are never empty; the root's
    /// path is followed by `/` unless it is empty or ends with one.
    var bytes: [UInt8] {
        guard parent != nil else { return component }
        // Walked unretained: every node is kept alive by `self`'s chain.
        var length = 0
        var root = Unmanaged.passUnretained(self)
        while let up = root._withUnsafeGuaranteedRef({ $0.parentUnretained }) {
            length += root._withUnsafeGuaranteedRef { $0.component.count } + 1
            root = up
        }
        let rootBytes = root._withUnsafeGuaranteedRef { $0.component }
        let separatesRoot = !rootBytes.isEmpty && rootBytes.last != 0x2F
        if !separatesRoot { length -= 1 }
        length += rootBytes.count
        return [UInt8](unsafeUninitializedCapacity: length) { buffer, count in
            var end = length
            var node = Unmanaged.passUnretained(self)
            while let up = node._withUnsafeGuaranteedRef({ $0.parentUnretained }) {
                node._withUnsafeGuaranteedRef { current in
                    current.component.withUnsafeBufferPointer { source in
                        end -= source.count
                        _ = UnsafeMutableBufferPointer(rebasing: buffer[end..<(end + source.count)]).initialize(from: source)
                    }
                }
                if up._withUnsafeGuaranteedRef({ $0.parent != nil }) || separatesRoot {
                    end -= 1
                    buffer[end] = 0x2F
                }
                node = up
            }
            rootBytes.withUnsafeBufferPointer { source in
                _ = UnsafeMutableBufferPointer(rebasing: buffer[0..<source.count]).initialize(from: source)
            }
            count = length
        }
    }
}

extension PathNode {
    /// Each node's place among `nodes` in the order of their paths compared
    /// component by component as bytes (a parent before its children), found
    /// in one pass over the tree they share: comparing whole paths instead
    /// costs a copy of every path (memory in depth times entries, which
    /// 5,000 levels deep runs to gigabytes).
    static func nameOrderRanks(of nodes: [PathNode]) -> [Int] {
        // Every node and its ancestors, numbered; children by parent.
        var numbers: [ObjectIdentifier: Int] = [:]
        var all: [PathNode] = []
        var children: [[Int]] = []
        var roots: [Int] = []
        func number(_ node: PathNode) -> Int {
            if let known = numbers[ObjectIdentifier(node)] { return known }
            // Up to the first ancestor already numbered, then down, numbering each.
            var missing: [PathNode] = []
            var current: PathNode? = node
            while let next = current, numbers[ObjectIdentifier(next)] == nil {
                missing.append(next)
                current = next.parent
            }
            var parentNumber = current.flatMap { numbers[ObjectIdentifier($0)] }
            for next in missing.reversed() {
                let assigned = all.count
                numbers[ObjectIdentifier(next)] = assigned
                all.append(next)
                children.append([])
                if let parentNumber { children[parentNumber].append(assigned) } else { roots.append(assigned) }
                parentNumber = assigned
            }
            return numbers[ObjectIdentifier(node)]!
        }
        let wanted = nodes.map(number)
        // Preorder over the tree, children in byte order of their names.
        var rank = [Int](repeating: 0, count: all.count)
        var next = 0
        var stack = roots.sorted { all[$0].component.lexicographicallyPrecedes(all[$1].component) }.reversed() as [Int]
        while let top = stack.popLast() {
            rank[top] = next
            next += 1
            let sorted = children[top].sorted { all[$0].component.lexicographicallyPrecedes(all[$1].component) }
            stack.append(contentsOf: sorted.reversed())
        }
        return wanted.map { rank[$0] }
    }
}
