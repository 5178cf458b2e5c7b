import XCTest

@testable import FileBrowsing

/// A saved scan reads back as it was written, and a damaged one is an
/// error naming the byte, never a crash or a huge allocation.
final class SavedScanTests: XCTestCase {
    private let scan = SavedScan(
        root: Array("/srv/data".utf8), savedAt: 1_700_000_000,
        rootTotals: SpaceTotals(apparentBytes: 9_001, diskBytes: 16_384, files: 3, directories: 1),
        entries: [
            .init(path: Array("b/file".utf8), kind: .file, totals: SpaceTotals(apparentBytes: 5_000, diskBytes: 8_192, files: 1)),
            .init(path: Array("a".utf8), kind: .file, totals: SpaceTotals(apparentBytes: 1, diskBytes: 4_096, files: 1)),
            .init(path: Array("b".utf8), kind: .directory, totals: SpaceTotals(apparentBytes: 9_000, diskBytes: 12_288, files: 2, directories: 1)),
            .init(path: Array("b/n\u{1}l\u{FF}".utf8), kind: .file, totals: SpaceTotals(apparentBytes: 0, diskBytes: 0, files: 1)),
        ])

    func testRoundTrip() throws {
        let bytes = scan.encoded()
        XCTAssertEqual(try SavedScan(decoding: bytes), scan)
        XCTAssertEqual(scan.entries.map { String(decoding: $0.path, as: UTF8.self) }.prefix(3), ["a", "b", "b/file"])
    }

    func testDamageIsNamedByItsByte() {
        let bytes = scan.encoded()
        for cut in [3, 9, 12, bytes.count - 1] {
            XCTAssertThrowsError(try SavedScan(decoding: Array(bytes.prefix(cut)))) { error in
                XCTAssertTrue((error as? SavedScanError)?.description.hasPrefix("at byte ") == true, "\(error)")
            }
        }
        XCTAssertThrowsError(try SavedScan(decoding: bytes + [0]))
        // A count far beyond the file: refused, never reserved.
        var huge = SavedScan.magic
        Varint.append(1, to: &huge)
        huge.append(0x2F)
        for _ in 0..<5 { Varint.append(0, to: &huge) }
        Varint.append(UInt64(1) << 60, to: &huge)
        XCTAssertThrowsError(try SavedScan(decoding: huge)) { error in
            XCTAssertTrue("\(error)".contains("is more than the file holds"), "\(error)")
        }
    }

    func testChangesAreOrderedByGrowth() {
        var later = scan
        // Sorted: a, b, b/file, b/n…; b grows, a goes, c comes.
        later.entries[1].totals.diskBytes = 100_000
        later.entries.remove(at: 0)
        later.entries.append(.init(path: Array("c".utf8), kind: .file, totals: SpaceTotals(apparentBytes: 1, diskBytes: 4_096, files: 1)))
        let changes = ScanChange.changes(from: scan, to: later, depth: 1)
        XCTAssertEqual(changes.map { String(decoding: $0.path, as: UTF8.self) }, ["b", "c", "a"])
        XCTAssertEqual(changes.map(\.state), [.grown, .new, .removed])
    }

    /// No file is named `.` or `..` or holds a NUL, and a root's entries never
    /// add up to more than its total: a scan that says otherwise is damaged
    /// (`--since` said `removed T/.`, and "shrank by 8.0 EiB ... 32 KiB in all").
    func testImpossibleEntriesAreDamage() {
        for name in [".", "..", "b/.", "n\u{0}l"] {
            let hostile = SavedScan(
                root: Array("/r".utf8), savedAt: 1, rootTotals: SpaceTotals(apparentBytes: 9_000, diskBytes: 16_384),
                entries: [
                    .init(path: Array("b".utf8), kind: .directory, totals: SpaceTotals(apparentBytes: 0, diskBytes: 0, directories: 1)),
                    .init(path: Array(name.utf8), kind: .file, totals: SpaceTotals(apparentBytes: 0, diskBytes: 0, files: 1)),
                ])
            XCTAssertThrowsError(try ScanIndex(decoding: hostile.encoded()), name)
        }
        let huge = SavedScan(
            root: Array("/r".utf8), savedAt: 1, rootTotals: SpaceTotals(apparentBytes: 32_768, diskBytes: 32_768),
            entries: [.init(path: Array("big".utf8), kind: .file, totals: SpaceTotals(apparentBytes: .max, diskBytes: .max / 1024, files: 1))])
        XCTAssertThrowsError(try ScanIndex(decoding: huge.encoded())) { error in
            XCTAssertTrue("\(error)".contains("add up to more than its total"), "\(error)")
        }
    }
}
