/// Free cells waiting to be configured again, keyed by reuse identifier.
///
/// The pool counts the cells it had to create and those it handed out again,
/// so tests and the `stats` command can show that it stays bounded. A table has
/// a handful of identifiers, so they are kept in a small array searched in
/// order, which is cheaper per row than hashing the identifier; each
/// identifier's free cells live in their own object, so taking one and giving
/// it back touch one array, not an array of arrays.
public final class ReusePool {
    /// The free cells of one identifier.
    private final class Slot {
        let identifier: String
        var cells: [Cell] = []
        init(_ identifier: String) { self.identifier = identifier }
    }

    private var slots: [Slot] = []
    /// The slot asked for last: a page asks for one identifier over and over.
    private var lastSlot: Slot?
    public private(set) var cellsCreated = 0
    public private(set) var cellsReused = 0

    public init() {}

    /// A free cell with this identifier, reset for reuse, or a new one from `make`.
    public func dequeue(withIdentifier identifier: String, make: () -> Cell) -> Cell {
        if let slot = slot(of: identifier), let cell = slot.cells.popLast() {
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
            slot.cells.append(cell)
        } else {
            let slot = Slot(cell.reuseIdentifier)
            slot.cells.append(cell)
            slots.append(slot)
        }
    }

    /// Takes back a page's cells at once and leaves `cells` empty. When they
    /// share one identifier whose free list is empty, as page after page of
    /// a streamed listing does, the array itself becomes the free list: no
    /// work per cell.
    public func enqueue(contentsOf cells: inout [Cell]) {
        guard let identifier = cells.first?.reuseIdentifier else { return }
        if let slot = slot(of: identifier), slot.cells.isEmpty, cells.allSatisfy({ $0.reuseIdentifier == identifier }) {
            swap(&slot.cells, &cells)
            return
        }
        for cell in cells { enqueue(cell) }
        cells.removeAll(keepingCapacity: true)
    }

    @inline(__always)
    private func slot(of identifier: String) -> Slot? {
        if let lastSlot, lastSlot.identifier == identifier { return lastSlot }
        guard let slot = slots.first(where: { $0.identifier == identifier }) else { return nil }
        lastSlot = slot
        return slot
    }

    /// How many cells are waiting in the pool.
    public var freeCount: Int { slots.reduce(0) { $0 + $1.cells.count } }
}
