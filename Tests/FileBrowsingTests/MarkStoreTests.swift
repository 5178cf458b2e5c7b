import Foundation
import XCTest

@testable import FileBrowsing
@testable import SystemSeam

/// The store's compact form behaves as a set of marks with undo: marks
/// found by entry, names by directory, coverage, re-marking after unmark,
/// and growth far past the index's first size.
final class MarkStoreTests: XCTestCase {
    private func mark(_ name: String, in directory: UInt64 = 7, device: UInt64 = 1, inode: UInt64, kind: FileKind = .file) -> Mark {
        var status = stat()
        status.st_dev = UInt(device)
        status.st_ino = UInt(inode)
        status.st_mode = kind == .directory ? S_IFDIR | 0o755 : S_IFREG | 0o644
        return Mark(
            entry: EntryKey(directory: FileIdentity(device: 1, inode: directory), name: Array(name.utf8)),
            path: Array("/d\(directory)/\(name)".utf8), snapshot: MarkSnapshot(FileStatus(status)))
    }

    func testMarksAreFoundByEntryAndComeBackWithUndo() {
        let store = MarkStore()
        XCTAssertEqual(store.add([mark("a", inode: 10), mark("b", inode: 11), mark("a", inode: 10)]), 2, "a repeat is added once")
        XCTAssertEqual(store.add([mark("a", inode: 10)]), 0, "a marked entry is not added again")
        XCTAssertEqual(store.count, 2)
        XCTAssertEqual(store.mark(for: EntryKey(directory: FileIdentity(device: 1, inode: 7), name: Array("b".utf8)))?.path, Array("/d7/b".utf8))
        XCTAssertNil(store.mark(for: EntryKey(directory: FileIdentity(device: 1, inode: 8), name: Array("b".utf8))), "another directory's b")
        XCTAssertEqual(store.unmark([EntryKey(directory: FileIdentity(device: 1, inode: 7), name: Array("a".utf8))]), 1)
        XCTAssertEqual(store.markedNames(inDirectory: FileIdentity(device: 1, inode: 7)), [Array("b".utf8)])
        // Marked again after an unmark: a new mark of the same entry.
        XCTAssertEqual(store.add([mark("a", inode: 10)]), 1)
        XCTAssertEqual(store.count, 2)
        XCTAssertEqual(store.undo()?.unmarked, 1)
        XCTAssertEqual(store.undo()?.remarked, 1)
        XCTAssertEqual(store.markedNames(inDirectory: FileIdentity(device: 1, inode: 7)), [Array("a".utf8), Array("b".utf8)])
        XCTAssertEqual(store.all.map { String(decoding: $0.path, as: UTF8.self) }, ["/d7/a", "/d7/b"])
    }

    func testAMarkedDirectoryCoversWhatLiesInsideUntilItIsUnmarked() {
        let store = MarkStore()
        store.add([mark("sub", inode: 20, kind: .directory)])
        let inside = [FileIdentity(device: 1, inode: 30), FileIdentity(device: 1, inode: 20)]
        XCTAssertEqual(store.coveringMark(ofAncestry: inside)?.path, Array("/d7/sub".utf8))
        store.clear()
        XCTAssertNil(store.coveringMark(ofAncestry: inside))
        store.undo()
        XCTAssertNotNil(store.coveringMark(ofAncestry: inside))
    }

    /// Tens of thousands of marks in many directories: every one found, and
    /// the names of each directory exactly its own, after the index grew many
    /// times and half the marks came and went.
    func testManyMarksInManyDirectories() {
        let store = MarkStore()
        var marks: [Mark] = []
        for index in 0..<40_000 { marks.append(mark("n\(index % 1000)", in: UInt64(index / 1000), inode: UInt64(index))) }
        XCTAssertEqual(store.add(marks), 40_000)
        XCTAssertEqual(store.unmark(marks.enumerated().filter { $0.offset % 2 == 0 }.map(\.element.entry)), 20_000)
        for (index, mark) in marks.enumerated() {
            XCTAssertEqual(store.mark(for: mark.entry) != nil, index % 2 == 1, "mark \(index)")
        }
        XCTAssertEqual(store.markCount(inDirectory: FileIdentity(device: 1, inode: 3)), 500)
        XCTAssertEqual(store.markedNames(inDirectory: FileIdentity(device: 1, inode: 3)).count, 500)
        store.undo()
        XCTAssertEqual(store.count, 40_000)
        XCTAssertTrue(marks.allSatisfy { store.mark(for: $0.entry) != nil })
    }

    /// A mark's stored snapshot is 40 bytes and gives back what was taken:
    /// every kind, a device of its own (a mount point), a birth time or
    /// none, times before 1970; a size past 64 PiB is kept as 64 PiB.
    func testAStoredSnapshotIsFortyBytesAndGivesBackTheSnapshot() {
        XCTAssertEqual(MemoryLayout<StoredSnapshot>.stride, 40)
        for kind in FileKind.allCases {
            for (device, birth) in [(UInt64(1), Timestamp?.none), (9, Timestamp(seconds: -5, nanoseconds: 999_999_999))] {
                let taken = MarkSnapshot(
                    device: device, inode: 1 << 40, size: 123_456_789_012, modificationTime: Timestamp(seconds: 1_700_000_000, nanoseconds: 7),
                    changeTime: Timestamp(seconds: 0, nanoseconds: 1), birthTime: birth, kind: kind)
                let stored = StoredSnapshot(taken, directoryDevice: 1)
                XCTAssertEqual(stored.onOtherDevice, device != 1)
                XCTAssertEqual(stored.kind, kind)
                XCTAssertEqual(stored.snapshot(device: device), taken)
            }
        }
        let huge = MarkSnapshot(
            device: 1, inode: 2, size: .max, modificationTime: Timestamp(seconds: 0, nanoseconds: 0),
            changeTime: Timestamp(seconds: 0, nanoseconds: 0),
            birthTime: nil, kind: .file)
        let kept = StoredSnapshot(huge, directoryDevice: 1)
        XCTAssertEqual(kept.size, 1 << 56 - 1)
        XCTAssertEqual(kept.kind, .file)
        XCTAssertFalse(kept.onOtherDevice)
    }
}
