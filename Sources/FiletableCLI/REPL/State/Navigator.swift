import FileBrowsing
import TableKit

/// The levels a session walked: the navigation stack and where you came
/// from (`cd -`). The one owner of both; moving is done through it, so
/// every move remembers the path it left.
final class Navigator {
    private(set) var stack: NavigationStack<TableLevel>
    /// The path of the level shown before the last move, for `cd -`.
    private(set) var previousPath: [UInt8]?

    init(root: TableLevel) {
        stack = NavigationStack(root: root)
    }

    /// The level shown.
    var current: TableLevel { stack.top }

    /// Shows `level` over the current one.
    func push(_ level: TableLevel) {
        previousPath = current.path
        stack.push(level)
    }

    /// Back to the level below (every level but the first, with `all`).
    func back(all: Bool = false) {
        previousPath = current.path
        if all { _ = stack.popToRoot() } else { _ = stack.pop() }
    }

    /// Takes a level off that was shown only for a moment (a search's
    /// match), without counting it as a move.
    func dropShown() {
        _ = stack.pop()
    }
}
