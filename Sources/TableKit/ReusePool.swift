/// Free cells waiting to be configured again, keyed by reuse identifier.
///
/// The pool counts the cells it had to create and those it handed out again,
/// so tests and the `stats` command can show that it stays bounded. A table has
/// a handful of identifiers, so they are kept in a small array searched in
/// order, which is cheaper per row than hashing the identifier.
public final class ReusePool {
    private var identifiers: [String] = []
    private var freeCells: [[Cell]] = []
    /// The slot of the identifier asked for last: a page asks for one
    /// identifier over and over.
    private var lastSlot = -1
    public private(set) var cellsCreated = 0
    public private(set) var cellsReused = 0

    public init() {}

    /// A free cell with this identifier, reset for reuse, or a new one from `make`.
    public func dequeue(withIdentifier identifier: String, make: () -> Cell) -> Cell {
        if let slot = slot(of: identifier), let cell = freeCells[slot].popLast() {
            cellsReused += 1
            cell.prepareForReuse()
            return cell
        }
        cellsCreated += 1
        return make()
    }

    /// Takes back a cell whose row left the screen.
    public func enqueue(_ cell: Cell) {
        if let slot = slot(of: cell.reuseIdentifier) {
            freeCells[slot].append(cell)
        } else {
            identifiers.append(cell.reuseIdentifier)
            freeCells.append([cell])
        }
    }

    @inline(__always)
    private func slot(of identifier: String) -> Int? {
        if lastSlot >= 0 && identifiers[lastSlot] == identifier { return lastSlot }
        guard let slot = identifiers.firstIndex(of: identifier) else { return nil }
        lastSlot = slot
        return slot
    }

    /// How many cells are waiting in the pool.
    public var freeCount: Int { freeCells.reduce(0) { $0 + $1.count } }
}
