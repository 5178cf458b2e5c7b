import XCTest

@testable import FileBrowsing

/// ncdu's export format both ways: an export as ncdu writes it (own sizes,
/// directories as arrays, extra fields) reads as a scan with totals summed
/// up; a scan written as an export reads back the same; bad JSON is an
/// error naming its byte, and nesting too deep is refused, not followed.
final class NcduExportTests: XCTestCase {
    /// An export the way ncdu 1.x writes one (hand-made after its format's documentation).
    private let export = """
        [1,2,{"progname":"ncdu","progver":"1.18","timestamp":1700000000},
        [{"name":"/srv","asize":4096,"dsize":4096,"dev":2049,"ino":2},
        {"name":"log.txt","asize":10000,"dsize":12288,"ino":3,"nlink":2,"hlnkc":true},
        [{"name":"cache","asize":4096,"dsize":4096,"ino":4},
        {"name":"a\\u00e9\\"b","asize":1,"dsize":4096,"ino":5},
        {"name":"sock","notreg":true}],
        [{"name":"empty","asize":4096,"dsize":4096,"ino":6,"read_error":true}]
        ]]
        """

    func testAnNcduExportReadsAsAScan() throws {
        let scan = try SavedScan.load(Array(export.utf8))
        XCTAssertEqual(scan.root, Array("/srv".utf8))
        XCTAssertEqual(scan.savedAt, 1_700_000_000)
        XCTAssertEqual(scan.rootTotals.diskBytes, 4096 + 12288 + 4096 + 4096 + 4096)
        XCTAssertEqual(scan.rootTotals.files, 3)
        let paths = scan.entries.map { String(decoding: $0.path, as: UTF8.self) }
        XCTAssertEqual(paths, ["cache", "cache/a\u{E9}\"b", "cache/sock", "empty", "log.txt"])
        XCTAssertEqual(scan.entries[0].totals.diskBytes, 8192)
        XCTAssertEqual(scan.entries[0].totals.files, 2)
    }

    /// A file with several links counts once, as `du` and `ncdu -f` count
    /// it: a 1 MB file with five more links is 1 MB, not 6 MB (read once a
    /// link, an unchanged `/usr/lib` compared with its export "shrank by 295M").
    /// A link on another device (`dev` on its directory) is another file.
    func testAHardLinkedFileCountsOnce() throws {
        let links = (1...5).map { #"{"name":"link\#($0)","asize":1000000,"dsize":1003520,"ino":77,"hlnkc":true,"nlink":7}"# }
        let export = """
            [1,2,{"progname":"ncdu","progver":"1.18","timestamp":1},
            [{"name":"/r","asize":4096,"dsize":4096,"dev":2049},
            [{"name":"a","asize":4096,"dsize":4096},
            {"name":"big","asize":1000000,"dsize":1003520,"ino":77,"hlnkc":true,"nlink":7}],
            [{"name":"b","asize":4096,"dsize":4096},
            \(links.joined(separator: ",\n"))],
            [{"name":"other-disk","asize":4096,"dsize":4096,"dev":2050},
            {"name":"big","asize":1000000,"dsize":1003520,"ino":77,"hlnkc":true,"nlink":2}]
            ]]
            """
        let scan = try SavedScan.load(Array(export.utf8))
        XCTAssertEqual(scan.rootTotals.diskBytes, 4 * 4096 + 2 * 1_003_520)
        XCTAssertEqual(scan.rootTotals.apparentBytes, 4 * 4096 + 2 * 1_000_000)
        XCTAssertEqual(scan.rootTotals.files, 7, "every name is still an entry")
    }

    /// JSON can spell a NUL, which no file name holds: such an entry is left
    /// out (as one with a `/`), so a path never comes twice apart in the
    /// index (a NUL sorted beside a `/`; found by FuzzSavedScan).
    func testANameHoldingNulIsLeftOut() throws {
        let export = """
            [1,2,{"progname":"ncdu","progver":"1.18","timestamp":1},
            [{"name":"/r","asize":1,"dsize":4096},
            [{"name":"b\\u0000x","asize":1,"dsize":4096},{"name":"f","asize":1}],
            [{"name":"b","asize":1,"dsize":4096},{"name":"f","asize":1}],
            [{"name":"b\\u0000x","asize":1,"dsize":4096}],
            {"name":"a\\u0000","asize":1}
            ]]
            """
        let scan = try SavedScan.load(Array(export.utf8))
        XCTAssertEqual(scan.entries.map { String(decoding: $0.path, as: UTF8.self) }, ["b", "b/f"])
        let index = try ScanIndex.load(Array(export.utf8))
        for ordinal in 0..<Int32(index.count) {
            XCTAssertEqual(index.lookup(parent: index.parent(of: ordinal), name: index.name(of: ordinal)), ordinal)
        }
    }

    func testAScanWrittenAsAnExportReadsBackTheSame() throws {
        let scan = try SavedScan.load(Array(export.utf8))
        let again = try SavedScan.load(NcduExport.encode(scan))
        XCTAssertEqual(again.entries.map(\.path), scan.entries.map(\.path))
        XCTAssertEqual(again.rootTotals.diskBytes, scan.rootTotals.diskBytes)
        XCTAssertEqual(again.entries.map(\.totals.diskBytes), scan.entries.map(\.totals.diskBytes))
        XCTAssertTrue(ScanChange.changes(from: scan, to: again, depth: .max).allSatisfy { $0.state == .changed }, "sizes agree")
    }

    func testBadExportsAreNamedByTheirByte() {
        for (text, expected) in [
            ("[1,2,{},[{\"name\":\"/x\"}", "the file ends inside an array"), ("[1,2,{},[{\"name\" \"/x\"}]]", "expected : after a key"),
            ("[2,0,{},[]]", "not an ncdu export of major version 1"), ("[1,2,{},[{\"name\":\"/x\\q\"}]]", "an unknown escape"),
        ] {
            XCTAssertThrowsError(try SavedScan.load(Array(text.utf8))) { error in
                XCTAssertTrue("\(error)".hasPrefix("at byte ") && "\(error)".contains(expected), "\(text): \(error)")
            }
        }
        let deep = String(repeating: "[", count: 100_000)
        XCTAssertThrowsError(try SavedScan.load(Array(deep.utf8))) { error in
            XCTAssertTrue("\(error)".contains("nested more than 2000 deep"), "\(error)")
        }
    }
}
