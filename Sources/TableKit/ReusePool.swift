/// Free cells waiting to be configured again, keyed by reuse identifier.
///
/// The pool counts the cells it had to create and those it handed out again,
/// so tests and the `stats` command can show that it stays bounded.
public final class ReusePool {
    private var freeCells: [String: [Cell]] = [:]
    public private(set) var cellsCreated = 0
    public private(set) var cellsReused = 0

    public init() {}

    /// A free cell with this identifier, reset for reuse, or a new one from `make`.
    public func dequeue(withIdentifier identifier: String, make: () -> Cell) -> Cell {
        if let cell = freeCells[identifier]?.popLast() {
            cellsReused += 1
            cell.prepareForReuse()
            return cell
        }
        cellsCreated += 1
        return make()
    }

    /// Takes back a cell whose row left the screen.
    public func enqueue(_ cell: Cell) {
        freeCells[cell.reuseIdentifier, default: []].append(cell)
    }

    /// How many cells are waiting in the pool.
    public var freeCount: Int { freeCells.values.reduce(0) { $0 + $1.count } }
}
