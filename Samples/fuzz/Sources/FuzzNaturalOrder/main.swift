import FuzzSupport

@testable import FileBrowsing
@testable import HexDump
@testable import SystemSeam

/// The natural order is a strict total order: of two different names exactly
/// one precedes, no name precedes itself, it is transitive over three names,
/// and the 16-byte key prefix the radix sort uses never contradicts it.
/// The comparator the sorts use (prefix, then the keys walked side by side, then
/// bytes, then entry number) agrees with it.
runFuzzer { data, count in

    let bytes = fuzzInput(data, count)
    let names = bytes.split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false).map { Array($0.filter { $0 != 0 }.prefix(255)) }
    guard names.count == 3 else { return 0 }
    let (a, b, c) = (names[0], names[1], names[2])
    for x in names where NaturalOrder.precedes(x, x) { fatalError("a name precedes itself") }
    for (x, y) in [(a, b), (b, c), (a, c)] {
        let xy = NaturalOrder.precedes(x, y)
        let yx = NaturalOrder.precedes(y, x)
        if x == y ? (xy || yx) : (xy == yx) { fatalError("not antisymmetric: \(x) \(y)") }
        let px = x.withUnsafeBufferPointer(NaturalOrder.keyPrefix)
        let py = y.withUnsafeBufferPointer(NaturalOrder.keyPrefix)
        if (px.high, px.low) < (py.high, py.low) && !xy { fatalError("key prefix contradicts the order: \(x) \(y)") }
    }
    var arena = NameArena()
    for name in names { arena.append(name, kind: .file) }
    var comparator = NameComparator()
    let items = names.indices.map { index in
        let prefix = names[index].withUnsafeBufferPointer(NaturalOrder.keyPrefix)
        return SortItem(high: prefix.high, low: prefix.low, index: UInt32(index), group: 0)
    }
    for i in names.indices {
        for j in names.indices where i != j {
            let expected = names[i] == names[j] ? i < j : NaturalOrder.precedes(names[i], names[j])
            if comparator.precedes(items[i], items[j], in: arena) != expected {
                fatalError("the sort's comparator disagrees: \(names[i]) \(names[j])")
            }
        }
    }
    for (x, y, z) in [(a, b, c), (a, c, b), (b, a, c), (b, c, a), (c, a, b), (c, b, a)]
    where NaturalOrder.precedes(x, y) && NaturalOrder.precedes(y, z) && !NaturalOrder.precedes(x, z) {
        fatalError("not transitive: \(x) \(y) \(z)")
    }
    // GNU's version order (ls -v), with its byte-order tie-break: a strict order too.
    for x in names where VersionOrder.precedes(x, x) { fatalError("a name precedes itself in version order") }
    for (x, y) in [(a, b), (b, c), (a, c)] where x != y && VersionOrder.precedes(x, y) == VersionOrder.precedes(y, x) {
        fatalError("version order not antisymmetric: \(x) \(y)")
    }
    return 0
}
