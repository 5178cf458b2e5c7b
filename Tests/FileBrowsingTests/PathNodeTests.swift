import XCTest

@testable import FileBrowsing

/// Paths kept as chains of names: the bytes joined as `PathBytes` joins
/// them, and the order of many paths found without making them.
final class PathNodeTests: XCTestCase {
    private func node(_ root: String, _ names: [String]) -> PathNode {
        names.reduce(PathNode(parent: nil, component: Array(root.utf8))) { PathNode(parent: $0, component: Array($1.utf8)) }
    }

    func testBytesJoinTheNamesWithOneSlash() {
        XCTAssertEqual(String(decoding: node("deep", ["a", "bc"]).bytes, as: UTF8.self), "deep/a/bc")
        XCTAssertEqual(String(decoding: node("/tmp/", ["a"]).bytes, as: UTF8.self), "/tmp/a")
        XCTAssertEqual(String(decoding: node("/", ["etc", "x"]).bytes, as: UTF8.self), "/etc/x")
        XCTAssertEqual(String(decoding: node("", ["a", "b"]).bytes, as: UTF8.self), "a/b")
        XCTAssertEqual(String(decoding: node("root", []).bytes, as: UTF8.self), "root")
        // A chain 5,000 levels deep, as a deep walk makes.
        let deep = node("r", Array(repeating: "d", count: 5000))
        XCTAssertEqual(deep.bytes, Array(("r" + String(repeating: "/d", count: 5000)).utf8))
    }

    /// A scan's entries put in name order as their names compared name by
    /// name would, a directory before what it holds, bytes compared unsigned.
    func testNameOrderSortsAsTheNamesDo() {
        let root = PathNode(parent: nil, component: Array("r".utf8))
        var entries: [SpaceScan.Entry] = []
        var generator = SystemRandomNumberGenerator()
        // A directory's node and its scan number (the root's is 0).
        var parents = [(root, 0)]
        // Names are unique among siblings, as in a directory.
        var taken = Set<[UInt8]>()
        for _ in 0..<400 {
            let (parent, number) = parents.randomElement(using: &generator)!
            let name = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
                ["a", "b", "ab", "\u{E9}", "B", "-"].randomElement(using: &generator)!
            }
            let child = PathNode(parent: parent, component: Array(name.joined().utf8))
            guard taken.insert(child.bytes).inserted else { continue }
            let isDirectory = Bool.random(using: &generator)
            let own = isDirectory ? parents.count : -1
            entries.append(
                SpaceScan.Entry(
                    node: child, directory: number, scanNode: own, kind: isDirectory ? .directory : .file, totals: SpaceTotals(), position: 0))
            if isDirectory { parents.append((child, own)) }
        }
        let byOrder = SpaceScan.Entry.nameOrder(entries)
        let byNames = entries.indices.sorted {
            entries[$0].names.lexicographicallyPrecedes(entries[$1].names) { $0.lexicographicallyPrecedes($1) }
        }
        XCTAssertEqual(byOrder, byNames, "the order differs from the names'")
        let ranks = SpaceScan.Entry.nameOrderRanks(entries)
        XCTAssertEqual(entries.indices.sorted { ranks[$0] < ranks[$1] }, byNames)
    }
}
