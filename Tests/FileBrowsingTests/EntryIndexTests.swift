import XCTest

@testable import FileBrowsing
@testable import SystemSeam

/// The marks' index finds every entry whether it was filed one at a time or
/// a whole batch at once (in the order of the slots), colliding hashes and
/// a table too small for regions included.
final class EntryIndexTests: XCTestCase {
    private let directory = FileIdentity(device: 7, inode: 11)

    private func name(_ number: Int32) -> [UInt8] { Array("entry\(number)".utf8) }

    private func find(_ number: Int32, in index: EntryIndex) -> Int32? {
        name(number).withUnsafeBufferPointer { key in
            // The index asks the store whether a number is the entry: here its name decides.
            index.find(directory: directory, name: key) { self.name($0) == Array(key) }
        }
    }

    func testABatchIsFoundAsSingleInsertsAre() {
        let count: Int32 = 50_000
        let realHash = { (number: Int32) in self.name(number).withUnsafeBufferPointer { EntryIndex.hash(self.directory, $0) } }
        var batched = EntryIndex()
        batched.insert(all: 0..<count, hashOf: realHash)
        var single = EntryIndex()
        for number in 0..<count { name(number).withUnsafeBufferPointer { single.insert(number, directory: directory, name: $0) } }
        for number in stride(from: Int32(0), to: count, by: 97) {
            XCTAssertEqual(find(number, in: batched), number)
            XCTAssertEqual(find(number, in: single), number)
        }
        XCTAssertNil(Array("absent".utf8).withUnsafeBufferPointer { batched.find(directory: directory, name: $0) { _ in true } })
    }

    func testCollidingAndSmallBatchesAreFound() {
        // Every name of a batch under a handful of hashes: long probe runs across regions.
        var index = EntryIndex()
        let colliding = { (number: Int32) -> UInt32 in UInt32(number % 5) }
        index.insert(all: 0..<2_000, hashOf: colliding)
        for number: Int32 in [0, 1, 4, 999, 1_999] {
            let found = name(number).withUnsafeBufferPointer { key in
                index.find(hash: colliding(number)) { self.name($0) == Array(key) }
            }
            XCTAssertEqual(found, number)
        }
        // A table of 16 slots has fewer than 256 regions.
        var small = EntryIndex()
        small.insert(all: 0..<3) { number in self.name(number).withUnsafeBufferPointer { EntryIndex.hash(self.directory, $0) } }
        for number: Int32 in 0..<3 { XCTAssertEqual(find(number, in: small), number) }
    }
}
