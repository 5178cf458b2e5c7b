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
    var bytes: [UInt8] {
        guard parent != nil else { return component }
        let chain = self.chain
        var result: [UInt8] = []
        result.reserveCapacity(chain.reduce(0) { $0 + $1.component.count + 1 })
        for node in chain { PathBytes.append(node.component, to: &result) }
        return result
    }
}
