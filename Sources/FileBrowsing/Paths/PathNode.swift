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
