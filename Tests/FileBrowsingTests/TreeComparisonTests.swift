import Foundation
import TestSupport
import XCTest

@testable import FileBrowsing
@testable import SystemSeam

/// The comparison of two trees read ahead of its walk: the read-ahead hands
/// the walk each directory pair in the walk's order, fully prepared, lets go
/// of what the walk passes by, and the differences are the same as a walk
/// that lists and prepares every pair itself; a file that moved between its
/// status and its reading is never called the same.
final class TreeComparisonTests: XCTestCase {
    /// Two trees of nested directories (more than a small look-ahead holds),
    /// differing here and there: contents, sizes, types, names on one side,
    /// links to directories and to files, a link loop.
    private func twoTrees() throws -> TemporaryTree {
        let temp = try TemporaryTree.inMemory()
        let fm = FileManager.default
        for side in ["a", "b"] {
            for i in 0..<12 {
                for j in 0..<6 {
                    let directory = "\(temp.path)/\(side)/d\(i)/e\(j)"
                    try fm.createDirectory(atPath: directory, withIntermediateDirectories: true)
                    for k in 0..<5 {
                        var bytes = Array(repeating: UInt8(truncatingIfNeeded: i * 7 + j + k), count: 10 + 40 * k)
                        if side == "b" && (i + j + k) % 9 == 0 { bytes[bytes.count - 1] ^= 1 }
                        if side == "b" && (i * j + k) % 13 == 0 { bytes.append(0) }
                        fm.createFile(atPath: "\(directory)/f\(k)", contents: Data(bytes))
                    }
                }
            }
            try fm.createDirectory(atPath: "\(temp.path)/\(side)/d3/\(side == "a" ? "onlyA" : "onlyB")/x", withIntermediateDirectories: true)
            try fm.createSymbolicLink(atPath: "\(temp.path)/\(side)/d4/up", withDestinationPath: "..")
            try fm.createSymbolicLink(atPath: "\(temp.path)/\(side)/d5/l", withDestinationPath: side == "a" ? "../d6" : "../d7")
            try fm.createSymbolicLink(atPath: "\(temp.path)/\(side)/d5/f", withDestinationPath: "e0/f1")
        }
        try fm.removeItem(atPath: "\(temp.path)/b/d8/e2")
        fm.createFile(atPath: "\(temp.path)/b/d8/e2", contents: Data("now a file".utf8))
        return temp
    }

    /// Each difference as a line, and each trouble.
    private func differences(_ temp: TemporaryTree, readsAhead: Bool, lookahead: Int = 64) throws -> ([String], [String], TreeComparison.Totals) {
        let first = try DirectoryHandle.open(Array((temp.path + "/a").utf8))
        let second = try DirectoryHandle.open(Array((temp.path + "/b").utf8))
        let comparison = TreeComparison()
        comparison.readsAhead = readsAhead
        comparison.lookahead = lookahead
        comparison.reportsSameFiles = true
        var lines: [String] = []
        var troubles: [String] = []
        comparison.run(
            first: first, second: second,
            report: { difference, _, _ in lines.append("\(difference.kind) \(String(decoding: difference.path, as: UTF8.self))") },
            trouble: { troubles.append(String(decoding: $0.path, as: UTF8.self)) })
        return (lines, troubles, comparison.totals)
    }

    /// Ctrl-C before the walk reads a pair: the result says it is not
    /// whole (stopped, or a directory not read) and claims no pair the same.
    func testAStoppedWalkNeverLooksWhole() throws {
        let temp = try twoTrees()
        Interruption.request()
        defer { Interruption.clear() }
        for readsAhead in [false, true] {
            let (lines, troubles, totals) = try differences(temp, readsAhead: readsAhead)
            XCTAssertTrue(totals.interrupted || totals.troubles > 0, "read ahead: \(readsAhead)")
            XCTAssertEqual(totals.sameFiles, 0)
            XCTAssertFalse(lines.contains { $0.hasPrefix("same") }, "\(lines) \(troubles)")
        }
    }

    func testReadingAheadFindsWhatTheWalkAloneFinds() throws {
        let temp = try twoTrees()
        let alone = try differences(temp, readsAhead: false)
        XCTAssertTrue(alone.0.contains("contentsDiffer d0/e0/f0"), "\(alone.0)")
        XCTAssertTrue(alone.0.contains("same d0/e0/f1"))
        XCTAssertTrue(alone.0.contains("onlyInFirst d3/onlyA"))
        XCTAssertTrue(alone.0.contains { $0.hasPrefix("typesDiffer") && $0.hasSuffix(" d8/e2") })
        XCTAssertTrue(alone.0.contains("contentsDiffer d5/l/e0/f0"), "a link to another directory is walked")
        XCTAssertTrue(alone.0.contains("same d5/f"), "a link to a file is compared")
        XCTAssertEqual(alone.1.map { $0.hasSuffix("d4/up") }, [true], "the loop is named once: \(alone.1)")
        for lookahead in [2, 3, 64] {
            let ahead = try differences(temp, readsAhead: true, lookahead: lookahead)
            XCTAssertEqual(ahead.0, alone.0, "look-ahead \(lookahead)")
            XCTAssertEqual(ahead.1, alone.1, "look-ahead \(lookahead)")
            XCTAssertEqual(ahead.2, alone.2, "look-ahead \(lookahead)")
        }
    }

    /// The walk takes some listings and passes others by: each it takes is
    /// the one asked for, every name prepared; one never listed is nil.
    func testTakeHandsOverInWalkOrderAndLetsGoOfTheRest() throws {
        let temp = try twoTrees()
        let first = try DirectoryHandle.open(Array((temp.path + "/a").utf8))
        let second = try DirectoryHandle.open(Array((temp.path + "/b").utf8))
        let readAhead = ComparisonReadAhead(first: first, second: second, workers: 1, lookahead: 2)
        defer { readAhead.finish() }
        for directory in ["", "d0", "d0/e3", "d1/e0", "d10", "d3/onlyA", "d3/onlyB/x", "d5/l/e5", "d9/e5"] {
            let listing = readAhead.take(directory: Array(directory.utf8))
            if directory.contains("only") {
                XCTAssertNil(listing, "\(directory) is on one side only")
                continue
            }
            guard let listing else { return XCTFail("\(directory) not read ahead") }
            XCTAssertEqual(String(decoding: listing.directory, as: UTF8.self), directory)
            XCTAssertFalse(listing.common.isEmpty)
            XCTAssertTrue(listing.prepared.allSatisfy { $0 != nil }, "\(directory): every name prepared")
        }
        XCTAssertNil(readAhead.take(directory: Array("d4/up".utf8)), "a loop is not read")
        XCTAssertNil(readAhead.take(directory: Array("d9/e5".utf8)), "taken already")
    }

    func testWalkOrderPutsADirectoryBeforeWhatIsInIt() {
        let order: [String] = ["", "a", "a/b", "a/b/c", "a-b", "a0", "b"]
        for (i, x) in order.enumerated() {
            for (j, y) in order.enumerated() {
                let sign = ComparisonReadAhead.walkOrder(Array(x.utf8), Array(y.utf8)).signum()
                XCTAssertEqual(sign, (i - j).signum(), "\(x) against \(y)")
            }
        }
    }

    /// A file whose status moved between the look and the read is changed,
    /// never the same, though its bytes match.
    func testAFileThatMovedWhileReadIsNeverTheSame() throws {
        let temp = try TemporaryTree.inMemory()
        temp.file("x", contents: "the same bytes")
        temp.file("y", contents: "the same bytes")
        let directory = try DirectoryHandle.open(Array(temp.path.utf8))
        let comparer = ContentPair()
        let a = withCString(Array("x".utf8)) { Syscalls.openFile(at: directory.fd, name: $0) }
        let b = withCString(Array("y".utf8)) { Syscalls.openFile(at: directory.fd, name: $0) }
        guard case .success(let x) = a, case .success(let y) = b else { return XCTFail("cannot open") }
        defer {
            Syscalls.close(x)
            Syscalls.close(y)
        }
        guard case .success(let rawX) = Syscalls.status(of: x), case .success(let rawY) = Syscalls.status(of: y) else { return XCTFail() }
        let seenX = FileStatus(rawX)
        let seenY = FileStatus(rawY)
        XCTAssertEqual(try comparer.compare(open: x, status: seenX, with: y, status: seenY), .same)
        var earlier = seenY
        earlier.modificationTime = Timestamp(seconds: 1)
        XCTAssertEqual(try comparer.compare(open: x, status: seenX, with: y, status: earlier), .changed)
    }
}
