import Foundation
import TestSupport
import XCTest

@testable import FileBrowsing

/// A tree compared with its kept scan while it is scanned (`--du --since`)
/// finds exactly what comparing two whole scans finds, and the compact
/// index of a kept scan finds every entry it holds.
final class ScanComparisonTests: XCTestCase {
    private func scan(_ tree: TemporaryTree, earlier: ScanIndex? = nil, depth: Int = .max, keeps: Bool) throws -> (SavedScan, [ScanChange]) {
        var options = SpaceScan.Options()
        options.recordedDepth = keeps ? .max : 0
        options.earlier = earlier
        options.earlierDepth = depth
        let handle = try DirectoryHandle.open(tree.bytes)
        let result = SpaceScan(options: options).run(handle)
        let saved = SavedScan(result, scanned: handle.path, root: handle.path, savedAt: 1)
        if keeps {
            XCTAssertEqual(
                SavedScan.encoded(result, root: handle.path, savedAt: 1), saved.encoded(), "written from the scan's records as from its entries")
        }
        return (saved, result.changes)
    }

    /// A kept scan's files come out in byte order, however their names
    /// share their beginnings or differ in length: the scan sorts each
    /// directory's names by their first six bytes first, then whole.
    func testKeptFilesAreInByteOrder() throws {
        let tree = try TemporaryTree()
        let names = [
            "abcdefgh2", "abcdefgh10", "abcdef", "abcde", "abcdefg", "b", "abcdef\u{FF}x", "abcdef-", "Z", "a b", "aaaaaaaaaaaa", "aaaaaa",
        ]
        for name in names { tree.file(name) }
        _ = tree.file(Array("abcdef".utf8) + [0xFF, 0x01])
        _ = tree.file(Array("abcdef".utf8) + [0xFE])
        let (saved, _) = try scan(tree, keeps: true)
        let paths = saved.entries.map(\.path)
        XCTAssertEqual(paths.count, names.count + 2)
        XCTAssertEqual(paths, paths.sorted { $0.lexicographicallyPrecedes($1) })
    }

    private func names(_ changes: [ScanChange]) -> [String] {
        changes.map { "\($0.state.rawValue) \(String(decoding: $0.path, as: UTF8.self))" }
    }

    /// Files grown, shrunk, new and removed at several depths, a directory
    /// removed whole, a file turned into a directory, a name that is not
    /// UTF-8, and unchanged files besides.
    func testChangesFoundWhileScanningAreThoseOfTwoWholeScans() throws {
        let tree = try TemporaryTree()
        let setup = """
            mkdir -p a/b/c gone/deep kept turns
            for i in $(seq 1 40); do head -c $((i * 100)) /dev/zero > kept/f$i; done
            head -c 5000 /dev/zero > a/grows; head -c 9000 /dev/zero > a/b/shrinks; echo x > a/b/c/same
            echo x > gone/deep/f; echo y > gone/g; head -c 10 /dev/zero > turns/x
            printf 'o' > "a/$(printf 'odd\\377name')"
            mkdir -p x/a x-y; echo 1 > x.txt; echo 2 > x/a/b; echo 3 > x-y/c; echo 4 > 'x y'
            """
        XCTAssertEqual(try SpawnedProcess.shell(setup, in: tree.path).status, 0)
        let (then, none) = try scan(tree, keeps: true)
        XCTAssertTrue(none.isEmpty)
        let index = try ScanIndex(decoding: then.encoded())
        let (_, unchanged) = try scan(tree, earlier: index, keeps: false)
        XCTAssertEqual(names(unchanged), [], "a tree against its own scan: nothing changed")

        let change = """
            head -c 90000 /dev/zero >> a/grows; head -c 10 /dev/zero > a/b/shrinks; rm -r gone
            echo new > a/b/c/new; mkdir fresh; echo n > fresh/inside; rm turns/x; mkdir turns/x; echo z > turns/x/y
            rm kept/f7
            """
        XCTAssertEqual(try SpawnedProcess.shell(change, in: tree.path).status, 0)
        let (now, found) = try scan(tree, earlier: index, keeps: true)
        let reference = ScanChange.changes(from: then, to: now, depth: .max)
        XCTAssertEqual(names(ScanChange.ordered(found, depth: .max)), names(reference))
        XCTAssertEqual(ScanChange.ordered(found, depth: .max), reference, "the same figures then and now")
        let states = Dictionary(uniqueKeysWithValues: found.map { (String(decoding: $0.path, as: UTF8.self), $0.state) })
        XCTAssertEqual(states["a/grows"], .grown)
        XCTAssertEqual(states["a/b/shrinks"], .shrunk)
        XCTAssertEqual(states["gone/deep/f"], .removed, "what was inside a removed directory is removed")
        XCTAssertEqual(states["fresh/inside"], .new)
        XCTAssertEqual(states["turns/x/y"], .new, "inside a file that became a directory")
        XCTAssertEqual(states["kept/f7"], .removed)
        XCTAssertNil(states["kept/f8"], "an unchanged file is no change")
        XCTAssertNil(states["a/b/c/same"])
        // The CLI's depth: the root's own entries only (or two levels), and
        // then only that much of the kept scan is read into the index and compared.
        for depth in [1, 2] {
            let shallow = try ScanIndex(decoding: then.encoded(), depth: depth)
            XCTAssertLessThan(shallow.count, index.count)
            let (_, limited) = try scan(tree, earlier: shallow, depth: depth, keeps: false)
            XCTAssertEqual(
                names(ScanChange.ordered(limited, depth: .max)), names(ScanChange.changes(from: then, to: now, depth: depth)), "depth \(depth)")
        }
        // A directory's own changes, as `open` shows them.
        XCTAssertEqual(names(ScanChange.changes(found, inside: Array("a/b".utf8))), ["grown c", "shrunk shrinks"])
    }

    /// Every entry of a kept scan is found by its parent and name, its path
    /// and figures as kept; a name it does not hold is not.
    func testTheIndexFindsEveryEntry() throws {
        var entries: [SavedScan.Entry] = []
        for d in 0..<30 {
            let directory = Array("d\(d)".utf8)
            entries.append(.init(path: directory, kind: .directory, totals: SpaceTotals(apparentBytes: 1, diskBytes: 512, files: 50, directories: 1)))
            for f in 0..<50 {
                entries.append(
                    .init(path: directory + Array("/f\(f)".utf8), kind: .file, totals: SpaceTotals(apparentBytes: Int64(f), diskBytes: 0, files: 1)))
            }
        }
        let scan = SavedScan(
            root: Array("/r".utf8), savedAt: 5, rootTotals: SpaceTotals(apparentBytes: 1 << 20, diskBytes: 1 << 20), entries: entries)
        for index in [try ScanIndex(decoding: scan.encoded()), ScanIndex(scan)] {
            XCTAssertEqual(index.count, entries.count)
            for ordinal in 0..<Int32(index.count) {
                let path = index.path(of: ordinal)
                let name = Array(path.split(separator: 0x2F).last!)
                XCTAssertEqual(index.lookup(parent: index.parent(of: ordinal), name: name), ordinal)
            }
            XCTAssertEqual(index.savedScan(), scan)
            XCTAssertEqual(index.lookup(parent: ScanIndex.root, name: Array("d31".utf8)), ScanIndex.absent)
            XCTAssertEqual(index.lookup(parent: ScanIndex.absent, name: Array("d1".utf8)), ScanIndex.absent)
        }
    }

    /// A kept scan whose entry lies in a directory it does not hold, or
    /// inside a file, is refused at that entry's byte.
    func testAnEntryOutsideTheTreeIsRefused() {
        for paths in [["a/b"], ["a", "a/b"]] {
            let scan = SavedScan(
                root: Array("/r".utf8), savedAt: 0, rootTotals: SpaceTotals(),
                entries: paths.map { .init(path: Array($0.utf8), kind: .file, totals: SpaceTotals()) })
            XCTAssertThrowsError(try ScanIndex(decoding: scan.encoded())) { error in
                XCTAssertTrue("\(error)".hasPrefix("at byte "), "\(error)")
            }
            XCTAssertThrowsError(try SavedScan(decoding: scan.encoded()))
        }
    }
}
