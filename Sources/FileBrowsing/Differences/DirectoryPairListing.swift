/// A directory pair of a comparison, listed: both sides' names merged in
/// byte order (the C locale's, diff's), and for each name in both a slot
/// for what was learnt of it (`PreparedPair`), filled a range at a time by
/// whoever prepares it (`ComparisonReadAhead`'s workers, or the walk).
///
/// Thread contract: made on one thread, then shared; every field but the
/// slots and the read-ahead's two counters is fixed. Each slot is written
/// by one preparer, and read only after every range is in; `rangesLeft`
/// and `isWanted` are read and written behind the read-ahead's lock, which
/// orders the slots' writes before the walk's reads.
final class DirectoryPairListing: @unchecked Sendable {
    /// A name of the merged listing: its entry number on each side (-1 on
    /// the side without it) and, for a name in both, its slot.
    struct Entry {
        let first: Int32
        let second: Int32
        let slot: Int32

        var inFirst: Bool { first >= 0 }
        var inSecond: Bool { second >= 0 }
    }

    let first: DirectoryHandle
    let second: DirectoryHandle
    /// Below the tops ("" for the tops).
    let directory: [UInt8]
    let firstNames: NameArena
    let secondNames: NameArena
    let entries: [Entry]
    /// The entries of names in both, by slot.
    let common: [Int32]
    /// Why a side could not be listed (then there are no entries).
    let failure: FileError?
    /// What was learnt of each name in both, by slot; nil until prepared
    /// (and for good when the comparison was interrupted first).
    let prepared: UnsafeMutableBufferPointer<PreparedPair?>
    /// Ranges of slots not yet prepared (`ComparisonReadAhead`'s, behind its lock).
    var rangesLeft = 0
    /// Whether the walk may still take it; a listing it passed by needs no more work.
    var isWanted = true

    /// Lists both sides and merges their names. A side that cannot be read
    /// gives a listing of no names that carries the error.
    init(first: DirectoryHandle, second: DirectoryHandle, directory: [UInt8]) {
        self.first = first
        self.second = second
        self.directory = directory
        var firstNames = NameArena()
        var secondNames = NameArena()
        var failure: FileError?
        do throws(FileError) {
            firstNames = try DirectoryEnumerator.list(first)
            secondNames = try DirectoryEnumerator.list(second)
        } catch {
            failure = error
            firstNames = NameArena()
            secondNames = NameArena()
        }
        self.failure = failure
        self.firstNames = firstNames
        self.secondNames = secondNames
        (entries, common) = Self.merge(firstNames, secondNames)
        prepared = .allocate(capacity: common.count)
        prepared.initialize(repeating: nil)
    }

    deinit {
        _ = prepared.deinitialize()
        prepared.deallocate()
    }

    /// The entry's name, from whichever side has it.
    func name(of entry: Entry) -> [UInt8] {
        entry.inFirst ? firstNames.name(at: Int(entry.first)) : secondNames.name(at: Int(entry.second))
    }

    /// The two sides' names merged in byte order, and the entries in both.
    private static func merge(_ a: NameArena, _ b: NameArena) -> (entries: [Entry], common: [Int32]) {
        let x = byteOrder(a)
        let y = byteOrder(b)
        var entries: [Entry] = []
        var common: [Int32] = []
        entries.reserveCapacity(max(x.count, y.count))
        var i = 0
        var j = 0
        while i < x.count || j < y.count {
            let order = i == x.count ? 1 : j == y.count ? -1 : compare(a, x[i], b, y[j])
            if order < 0 {
                entries.append(Entry(first: x[i], second: -1, slot: -1))
                i += 1
            } else if order > 0 {
                entries.append(Entry(first: -1, second: y[j], slot: -1))
                j += 1
            } else {
                entries.append(Entry(first: x[i], second: y[j], slot: Int32(common.count)))
                common.append(Int32(entries.count - 1))
                i += 1
                j += 1
            }
        }
        return (entries, common)
    }

    /// The arena's entry numbers with their names in byte order.
    private static func byteOrder(_ arena: NameArena) -> [Int32] {
        (0..<Int32(arena.count)).sorted { compare(arena, $0, arena, $1) < 0 }
    }

    /// Byte order of two names (a name is a prefix of a longer one: first).
    private static func compare(_ a: NameArena, _ i: Int32, _ b: NameArena, _ j: Int32) -> Int {
        a.withName(at: Int(i)) { x in b.withName(at: Int(j)) { y in NaturalOrder.compareBytes(x, y) } }
    }
}
