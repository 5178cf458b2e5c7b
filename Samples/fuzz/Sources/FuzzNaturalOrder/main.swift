import FuzzSupport

@testable import FileBrowsing

/// The natural order is a strict total order: of two different names exactly
/// one precedes, no name precedes itself, it is transitive over three names,
/// and the 16-byte key prefix the radix sort uses never contradicts it.
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
    for (x, y, z) in [(a, b, c), (a, c, b), (b, a, c), (b, c, a), (c, a, b), (c, b, a)]
    where NaturalOrder.precedes(x, y) && NaturalOrder.precedes(y, z) && !NaturalOrder.precedes(x, z) {
        fatalError("not transitive: \(x) \(y) \(z)")
    }
    return 0
}
