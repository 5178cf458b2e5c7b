import FileBrowsing
import Foundation
import TestSupport
import XCTest

@testable import SystemSeam

/// Paths of any length, marks keyed by identity, and totals that say when
/// they are a lower bound.
final class MarksByIdentityTests: XCTestCase {
    /// 25 levels of 200-byte names: past PATH_MAX, reached with openat.
    private func deepTree(_ tree: TemporaryTree) -> [UInt8] {
        var fd = open(tree.path, O_RDONLY | O_DIRECTORY)
        var path = tree.bytes
        for level in 0..<25 {
            let name = String(format: "level%02d", level) + String(repeating: "y", count: 193)
            mkdirat(fd, name, 0o755)
            let next = openat(fd, name, O_RDONLY | O_DIRECTORY)
            close(fd)
            fd = next
            path += [0x2F] + Array(name.utf8)
        }
        let file = openat(fd, "leaf", O_CREAT | O_WRONLY, 0o644)
        _ = write(file, "12345", 5)
        close(file)
        symlinkat("leaf", fd, "alias")
        close(fd)
        return path
    }

    func testPathsLongerThanPathMaxResolveToWhatTheyName() throws {
        let tree = try TemporaryTree()
        let deep = deepTree(tree)
        XCTAssertGreaterThan(deep.count, Int(PATH_MAX))
        let leaf = try PathResolution.status(of: deep + Array("/leaf".utf8)).get()
        XCTAssertEqual(leaf.size, 5)
        XCTAssertEqual(leaf.kind, .file)
        // The last component is not followed unless asked.
        XCTAssertEqual(try PathResolution.status(of: deep + Array("/alias".utf8)).get().kind, .symlink)
        XCTAssertEqual(try PathResolution.status(of: deep + Array("/alias".utf8), followingLastLink: true).get().identity, leaf.identity)
        // A directory opened by its long path lists what is there.
        let handle = try DirectoryHandle.open(resolving: deep)
        let listing = try DirectoryListing(directory: handle)
        XCTAssertEqual(listing.names, ["alias", "leaf"])
        let (parent, name) = try PathResolution.openParent(of: deep + Array("/leaf".utf8)).get()
        XCTAssertEqual(name, Array("leaf".utf8))
        XCTAssertEqual(parent.identity, handle.identity)
        // Missing pieces are errors, at any depth.
        XCTAssertEqual(PathResolution.status(of: deep + Array("/nope".utf8)).failureValue, .noSuchFileOrDirectory)
        var missingMiddle = deep
        missingMiddle.replaceSubrange(missingMiddle.count - 300..<missingMiddle.count - 299, with: [0x5A])
        XCTAssertNotNil(PathResolution.status(of: missingMiddle).failureValue)
    }

    func testMarksFollowTheDirectoryNotThePathThatReachedIt() throws {
        let tree = try TemporaryTree()
        try tree.folder("real")
        try tree.folder("real/sub")
        tree.file("a", in: "real")
        try tree.link("link", to: "real")
        let store = MarkStore()
        let viaLink = try DirectoryHandle.open(resolving: tree.bytes + Array("/link".utf8))
        let taker = try MarkTaker(directory: viaLink, path: tree.bytes + Array("/link".utf8))
        store.add([try taker.take(Array("a".utf8)).get(), try taker.take(Array("sub".utf8)).get()])
        XCTAssertEqual(store.revision, 1)
        // The real directory, reached by its own path, shows the same marks.
        let real = try DirectoryHandle.open(resolving: tree.bytes + Array("/real".utf8))
        XCTAssertEqual(store.markedNames(inDirectory: try XCTUnwrap(real.identity)), [Array("a".utf8), Array("sub".utf8)])
        // The marked directory covers what lies inside it on disk.
        let sub = try DirectoryHandle.open(resolving: tree.bytes + Array("/real/sub".utf8))
        XCTAssertEqual(store.coveringMark(ofAncestry: sub.physicalAncestry())?.path, tree.bytes + Array("/link/sub".utf8))
        XCTAssertNil(store.coveringMark(ofAncestry: real.physicalAncestry()))
        // Undo takes both marks back as one change.
        XCTAssertEqual(store.undo()?.unmarked, 2)
        XCTAssertTrue(store.isEmpty)
        XCTAssertEqual(store.revision, 2)
    }

    func testAPathThatNoLongerLeadsToTheListedDirectoryIsRefused() throws {
        let tree = try TemporaryTree()
        try tree.folder("one")
        let handle = try DirectoryHandle.open(resolving: tree.bytes + Array("/one".utf8))
        XCTAssertEqual(rename(tree.path + "/one", tree.path + "/two"), 0)
        try tree.folder("one")
        XCTAssertThrowsError(try MarkTaker(directory: handle, path: tree.bytes + Array("/one".utf8))) { error in
            XCTAssertEqual(error as? MarkRefusal, .pathLeadsElsewhere)
        }
        XCTAssertNoThrow(try MarkTaker(directory: handle, path: tree.bytes + Array("/two".utf8)))
    }

    func testTotalsInterruptedOrReplacedSayWhatTheyLeftOut() throws {
        let tree = try TemporaryTree()
        try tree.folder("d")
        tree.file("x", size: 10, in: "d")
        tree.file("y", size: 3)
        let top = try DirectoryHandle.open(resolving: tree.bytes)
        let taker = try MarkTaker(directory: top, path: tree.bytes)
        let marks = [try taker.take(Array("d".utf8)).get(), try taker.take(Array("y".utf8)).get()]
        let whole = PlanTotals.count(marks)
        XCTAssertEqual([whole.files, whole.directories, Int(whole.bytes)], [2, 1, 13])
        XCTAssertFalse(whole.isLowerBound)
        XCTAssertEqual(whole.brief, "2 files, 1 directory, 13 bytes")

        Interruption.request()
        let stopped = PlanTotals.count(marks)
        Interruption.clear()
        XCTAssertTrue(stopped.interrupted)
        XCTAssertEqual(stopped.caveats, ["counting stopped (Ctrl-C); totals are a lower bound"])

        // A new file moved over y (made first, so it cannot reuse y's inode).
        tree.file("y.new", size: 99)
        XCTAssertEqual(rename(tree.path + "/y.new", tree.path + "/y"), 0)
        let replaced = PlanTotals.count(marks)
        XCTAssertEqual(replaced.replaced, 1)
        XCTAssertEqual(replaced.bytes, 10, "a replaced path is not counted")
        XCTAssertEqual(PlanVerification.problem(with: marks[1]), .replaced)
    }
}
