import Foundation
import TestSupport
import XCTest

@testable import FileBrowsing

/// The parallel scan `du` and `--du` use, checked against GNU du on trees
/// with what makes counting hard, and cancelled mid-scan.
final class SpaceScanTests: XCTestCase {
    private func shell(_ script: String, in directory: String) throws -> (status: Int32, output: String) {
        try SpawnedProcess.shell(script, in: directory)
    }

    /// du's figure for a path, in bytes.
    private func du(_ arguments: String, _ path: String) throws -> Int64 {
        let result = try shell("LC_ALL=C du -s -B1 \(arguments) '\(path)'", in: "/")
        return Int64(result.output.split(separator: "\t").first ?? "") ?? -1
    }

    /// Hard links inside one directory and across two, a sparse file,
    /// symlinks to a file and to a directory, empty directories, a name that
    /// is not UTF-8, a FIFO, and a chain of 40 directories.
    private func makeAwkwardTree() throws -> TemporaryTree {
        let tree = try TemporaryTree()
        let script = """
            mkdir -p a/b c empty1 empty2/inner
            head -c 100000 /dev/zero > a/big
            ln a/big a/b/same-dir-link; ln a/big c/other-dir-link
            head -c 3000 /dev/zero > c/small; ln c/small c/small2
            truncate -s 50M sparse; head -c 10 /dev/zero >> sparse
            ln -s a/big to-file; ln -s a to-dir; ln -s nowhere dangling
            printf 'x' > "$(printf 'odd\\377\\376name')"
            mkfifo fifo
            d=deep; for i in $(seq 1 40); do d="$d/level$i"; done; mkdir -p "$d"; echo bottom > "$d/f"
            """
        XCTAssertEqual(try shell(script, in: tree.path).status, 0)
        return tree
    }

    func testTotalsEqualDuOnDiskAndApparent() throws {
        let tree = try makeAwkwardTree()
        for threads in [1, 2, 4] {
            var options = SpaceScan.Options()
            options.threads = threads
            let result = SpaceScan(options: options).run(try DirectoryHandle.open(tree.bytes))
            XCTAssertTrue(result.errors.isEmpty, "\(result.errors)")
            XCTAssertEqual(result.root.diskBytes, try du("", tree.path), "on disk, \(threads) threads")
            XCTAssertEqual(result.root.apparentBytes, try du("--apparent-size", tree.path), "apparent, \(threads) threads")
            // Each directory's figure is du's for it (no hard link crosses these).
            for name in ["empty2", "deep"] {
                let status = try XCTUnwrap(try? FileStatusReader.status(of: tree.bytes + Array("/\(name)".utf8), followSymlink: false).get())
                XCTAssertEqual(result.directories[status.identity]?.diskBytes, try du("", tree.path + "/" + name), name)
            }
        }
    }

    func testEntriesAreTheRootsRowsWithTheirTotals() throws {
        let tree = try makeAwkwardTree()
        let result = SpaceScan().run(try DirectoryHandle.open(tree.bytes))
        let byName = Dictionary(uniqueKeysWithValues: result.entries.map { ($0.names.last!, $0) })
        XCTAssertEqual(byName.count, 11, "\(byName.keys.map { String(decoding: $0, as: UTF8.self) })")
        XCTAssertEqual(byName[Array("sparse".utf8)]?.totals.apparentBytes, 50 * 1024 * 1024 + 10)
        XCTAssertEqual(byName[Array("deep".utf8)]?.totals.directories, 41)
        XCTAssertEqual(byName[Array("to-dir".utf8)]?.kind, .symlink, "a link to a directory is not followed")
        XCTAssertEqual(byName[Array("empty2".utf8)]?.totals.diskBytes, try du("", tree.path + "/empty2"))
        XCTAssertNotNil(byName[[0x6F, 0x64, 0x64, 0xFF, 0xFE, 0x6E, 0x61, 0x6D, 0x65]], "a name that is not UTF-8")
        // The hard-linked file counts once, wherever it was met first.
        XCTAssertEqual(result.root.files, 9)
    }

    func testDeeperEntriesWhenAsked() throws {
        let tree = try makeAwkwardTree()
        var options = SpaceScan.Options()
        options.recordedDepth = 2
        let result = SpaceScan(options: options).run(try DirectoryHandle.open(tree.bytes))
        XCTAssertTrue(result.entries.contains { $0.names.map { String(decoding: $0, as: UTF8.self) } == ["empty2", "inner"] })
        XCTAssertTrue(result.entries.contains { $0.names.map { String(decoding: $0, as: UTF8.self) } == ["c", "small"] })
        XCTAssertFalse(result.entries.contains { $0.depth > 2 })
    }

    /// A scan stops within 100 ms of `cancel`, and says it was cancelled.
    func testCancelReturnsWithinATenthOfASecond() throws {
        let tree = try TemporaryTree()
        let script = "for d in $(seq 1 100); do mkdir d$d; (cd d$d && touch $(seq -f f%g 1 30)); done"
        XCTAssertEqual(try shell(script, in: tree.path).status, 0)
        // Cancelled as it starts (the first progress call comes at once):
        // each worker stops within the directory it is reading.
        let scan = SpaceScan()
        let handle = try DirectoryHandle.open(tree.bytes)
        var cancelledAt: Date?
        let result = scan.run(handle) {
            if cancelledAt == nil {
                scan.cancel()
                cancelledAt = Date()
            }
        }
        let returned = Date()
        XCTAssertTrue(result.cancelled)
        XCTAssertLessThan(returned.timeIntervalSince(try XCTUnwrap(cancelledAt)), 0.1, "cancel took too long")
        XCTAssertLessThan(result.root.files, 3_000, "the scan stopped part way")
        // A scan after a cancelled one runs in full.
        XCTAssertEqual(SpaceScan().run(handle).root.files, 3_000)
    }
}

/// The parallel status load a long listing of a huge directory uses gives
/// what one thread gives, row for row, with the ACL set.
final class ParallelStatusTests: XCTestCase {
    func testParallelLoadMatchesOneThreadAndFindsACLs() throws {
        let tree = try TemporaryTree()
        for i in 0..<300 { tree.file("f\(i)", size: i * 37) }
        try tree.folder("sub")
        let model = try DirectoryListing(directory: try DirectoryHandle.open(tree.bytes))
        let single = try DirectoryListing(directory: try DirectoryHandle.open(tree.bytes))
        _ = model.loadAllStatuses(threads: 3, checkingACLs: true)
        for row in 0..<model.rowCount {
            XCTAssertEqual(try model.status(ofRow: row).get(), try single.status(ofRow: row).get(), "row \(row)")
        }
        // measure gives the same widths and total either way.
        let parallel = LongCellFormatter()
        parallel.parallelThreshold = 10
        let serial = LongCellFormatter()
        let a = parallel.measure(try DirectoryListing(directory: try DirectoryHandle.open(tree.bytes)))
        let b = serial.measure(try DirectoryListing(directory: try DirectoryHandle.open(tree.bytes)))
        XCTAssertEqual(a.widths, b.widths)
        XCTAssertEqual(a.total, b.total)
    }
}
