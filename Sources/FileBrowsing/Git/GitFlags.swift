/// What git says of a path, as flags that add up over a directory's
/// contents: a change staged in the index, a change in the work tree,
/// ignored, or conflicted. Read from `git status --porcelain=v2`.
public struct GitFlags: OptionSet, Sendable, Hashable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    public static let indexNew = GitFlags(rawValue: 1 << 0)
    public static let indexModified = GitFlags(rawValue: 1 << 1)
    public static let indexDeleted = GitFlags(rawValue: 1 << 2)
    public static let indexRenamed = GitFlags(rawValue: 1 << 3)
    public static let indexTypeChange = GitFlags(rawValue: 1 << 4)
    public static let workTreeNew = GitFlags(rawValue: 1 << 5)
    public static let workTreeModified = GitFlags(rawValue: 1 << 6)
    public static let workTreeDeleted = GitFlags(rawValue: 1 << 7)
    public static let workTreeRenamed = GitFlags(rawValue: 1 << 8)
    public static let workTreeTypeChange = GitFlags(rawValue: 1 << 9)
    public static let ignored = GitFlags(rawValue: 1 << 10)
    public static let conflicted = GitFlags(rawValue: 1 << 11)

    /// The two letters `eza -l --git` shows: the index's, then the work
    /// tree's; `-` for unchanged, `N` new, `M` modified, `D` deleted, `R`
    /// renamed, `T` type changed, `I` ignored, `U` conflicted. Where a
    /// directory holds several, the first of that order wins.
    public var letters: String {
        let staged: [(GitFlags, Character)] = [
            (.indexNew, "N"), (.indexModified, "M"), (.indexDeleted, "D"), (.indexRenamed, "R"), (.indexTypeChange, "T"),
        ]
        let unstaged: [(GitFlags, Character)] = [
            (.workTreeNew, "N"), (.workTreeModified, "M"), (.workTreeDeleted, "D"), (.workTreeRenamed, "R"),
            (.workTreeTypeChange, "T"), (.ignored, "I"), (.conflicted, "U"),
        ]
        let index = staged.first { contains($0.0) }?.1 ?? "-"
        let workTree = unstaged.first { contains($0.0) }?.1 ?? "-"
        return String([index, workTree])
    }

    /// In words, for the detail pane and `info` ("modified, not staged").
    public var words: String {
        if isEmpty { return "unchanged" }
        var said: [String] = []
        if contains(.conflicted) { said.append("conflicted") }
        if contains(.ignored) { said.append("ignored") }
        if contains(.workTreeNew) { said.append("new, not staged") }
        if !intersection([.workTreeModified, .workTreeDeleted, .workTreeRenamed, .workTreeTypeChange]).isEmpty {
            said.append("changed, not staged")
        }
        if !intersection([.indexNew, .indexModified, .indexDeleted, .indexRenamed, .indexTypeChange]).isEmpty { said.append("staged") }
        return said.joined(separator: "; ")
    }
}
