/// A navigation controller's stack of levels: push to drill down, pop to go
/// back to the level below exactly as it was left (each level keeps its own
/// state), and a breadcrumb of where the user is.
public struct NavigationStack<Level> {
    public private(set) var levels: [Level]

    /// A stack that always has its root level.
    public init(root: Level) {
        levels = [root]
    }

    public var top: Level { levels[levels.count - 1] }
    public var root: Level { levels[0] }
    public var depth: Int { levels.count }
    public var canGoBack: Bool { levels.count > 1 }

    public mutating func push(_ level: Level) {
        levels.append(level)
    }

    /// Pops one level; returns nil at the root, which is never popped.
    @discardableResult
    public mutating func pop() -> Level? {
        guard canGoBack else { return nil }
        return levels.removeLast()
    }

    /// Pops to the root; returns how many levels were popped.
    @discardableResult
    public mutating func popToRoot() -> Int {
        let popped = levels.count - 1
        levels.removeLast(popped)
        return popped
    }

    /// The levels' titles from the root, joined with ` > `.
    public func breadcrumb(_ title: (Level) -> String) -> String {
        levels.map(title).joined(separator: " > ")
    }
}
