import TableKit
import TestSupport
import XCTest

@testable import FileBrowsing

final class DirectoryListingTests: XCTestCase {
    func testListingReadsNamesWithoutStat() throws {
        let tree = try TemporaryTree()
        for i in 0..<500 { tree.file("f\(i)") }
        let model = try tree.model()
        XCTAssertEqual(model.rowCount, 500)
        XCTAssertEqual(model.entriesMaterialised, 0, "names and d_type only")
        XCTAssertEqual(model.names.prefix(3), ["f0", "f1", "f2"])
    }

    func testOnlyShownRowsAreStatted() throws {
        let tree = try TemporaryTree()
        for i in 0..<300 { tree.file("f\(i)") }
        let model = try tree.model()
        let table = TableView(showing: model, formatter: LongCellFormatter(), pageHeight: 20)
        table.scrollToRow(150)
        let items = table.visibleItems()
        XCTAssertEqual(items.count, 20)
        XCTAssertEqual(model.entriesMaterialised, 20)
        _ = table.visibleItems()
        XCTAssertEqual(model.entriesMaterialised, 20, "a page shown twice is served from the cache")
    }

    func testTheStatCacheIsBounded() throws {
        let tree = try TemporaryTree()
        for i in 0..<100 { tree.file("f\(i)") }
        let model = try DirectoryListing(directory: DirectoryHandle.open(tree.bytes), statCacheCapacity: 16)
        for row in 0..<100 { _ = model.status(ofRow: row) }
        XCTAssertLessThanOrEqual(model.cachedStatusCount, 16)
    }

    func testEverySortOrder() throws {
        let tree = try TemporaryTree()
        tree.file("b.txt", size: 30, mtime: 1000)
        tree.file("a10.md", size: 10, mtime: 3000)
        tree.file("A2.txt", size: 20, mtime: 2000)
        tree.file("c", size: 5, mtime: 500)
        try tree.folder("zdir")
        var options = ListOptions()
        XCTAssertEqual(try tree.model(options).names, ["A2.txt", "a10.md", "b.txt", "c", "zdir"])
        options.sortKey = .size
        let bySize = try tree.model(options).names
        XCTAssertEqual(bySize.filter { $0 != "zdir" }, ["b.txt", "A2.txt", "a10.md", "c"])
        options.sortKey = .time
        XCTAssertEqual(try tree.model(options).names.filter { $0 != "zdir" }, ["a10.md", "A2.txt", "b.txt", "c"])
        options.sortKey = .ext
        XCTAssertEqual(try tree.model(options).names, ["c", "zdir", "a10.md", "A2.txt", "b.txt"])
        options.sortKey = .name
        options.reversed = true
        XCTAssertEqual(try tree.model(options).names, ["zdir", "c", "b.txt", "a10.md", "A2.txt"])
        options.directoriesFirst = true
        XCTAssertEqual(try tree.model(options).names, ["zdir", "c", "b.txt", "a10.md", "A2.txt"])
        options.reversed = false
        XCTAssertEqual(try tree.model(options).names, ["zdir", "A2.txt", "a10.md", "b.txt", "c"])
        options.sortKey = .none
        XCTAssertEqual(Set(try tree.model(options).names), Set(["zdir", "A2.txt", "a10.md", "b.txt", "c"]))
        XCTAssertEqual(try tree.model(options).names.first, "zdir")
    }

    func testSortingAManyNamesMatchesTheComparator() throws {
        let tree = try TemporaryTree()
        var names: [String] = []
        for i in 0..<400 {
            let name = ["img", "IMG", "Img_", "a", "file-0"][i % 5] + String(i * 7919 % 1000) + (i % 3 == 0 ? ".png" : "")
            if !names.contains(name) {
                names.append(name)
                tree.file(name)
            }
        }
        let expected = names.map { Array($0.utf8) }.sorted(by: NaturalOrder.precedes).map { String(decoding: $0, as: UTF8.self) }
        XCTAssertEqual(try tree.model().names, expected)
    }

    /// A huge directory is read on a second thread and sorted in runs while it
    /// arrives; the order must be exactly the model's own sort, whatever the
    /// options. Small thresholds and runs reach the thread, the ring of buffers
    /// and the merge with a few thousand names.
    func testNamesSortedWhileReadingMatchTheModelsOwnSort() throws {
        let tree = try TemporaryTree.inMemory()
        var generator = SystemRandomNumberGenerator()
        var made = Set<String>()
        let stems = ["img", "IMG", "Img_", "a", "A", "file-0", "file-00", "shared_long_prefix_of_names_", ".hidden"]
        while made.count < 6000 {
            let stem = stems[Int.random(in: 0..<stems.count, using: &generator)]
            let name = stem + String(Int.random(in: 0..<100_000, using: &generator)) + ["", ".png", ".PNG", "b", " x"].randomElement()!
            guard made.insert(name).inserted else { continue }
            if made.count % 9 == 0 { try tree.folder(name) } else { tree.file(name) }
        }
        let handle = try DirectoryHandle.open(tree.bytes)
        let readAhead = try DirectoryEnumerator.list(
            handle, includeDotEntries: true, ordersByName: true,
            readAheadThreshold: 0, runLength: 97, parallelMergeThreshold: 0)
        XCTAssertEqual(readAhead.naturalOrder?.count, 6002, "sorted while reading, dot entries included")
        var unsorted = readAhead
        unsorted.naturalOrder = nil
        var variants: [ListOptions] = []
        for reversed in [false, true] {
            for directoriesFirst in [false, true] {
                for hidden in [HiddenEntries.hidden, .shown, .shownWithDotEntries] {
                    var options = ListOptions()
                    options.reversed = reversed
                    options.directoriesFirst = directoriesFirst
                    options.hidden = hidden
                    variants.append(options)
                }
            }
        }
        var filtered = ListOptions()
        filtered.filter = .glob("*.png")
        variants.append(filtered)
        var byLetter = ListOptions()
        byLetter.grouping = .letter
        variants.append(byLetter)
        for options in variants {
            let expected = DirectoryListing(entries: unsorted, in: handle, options: options).names
            let actual = DirectoryListing(entries: readAhead, in: handle, options: options).names
            XCTAssertEqual(actual, expected, "\(options)")
        }
        var everything = ListOptions()
        everything.hidden = .shownWithDotEntries
        XCTAssertEqual(DirectoryListing(entries: readAhead, in: handle, options: everything).names.prefix(2), [".", ".."])
    }

    func testHiddenEntriesAndFilter() throws {
        let tree = try TemporaryTree()
        tree.file(".secret")
        tree.file("app.log")
        tree.file("app.txt")
        var options = ListOptions()
        XCTAssertEqual(try tree.model(options).names, ["app.log", "app.txt"])
        options.hidden = .shown
        XCTAssertEqual(try tree.model(options).names, [".secret", "app.log", "app.txt"])
        options.hidden = .shownWithDotEntries
        XCTAssertEqual(try tree.model(options).names, [".", "..", ".secret", "app.log", "app.txt"])
        options.filter = .glob("*.log")
        XCTAssertEqual(try tree.model(options).names, ["app.log"])
    }

    func testSectionsByLetterAndKindWithIndexAndFooters() throws {
        let tree = try TemporaryTree()
        for name in ["apple", "Avocado", "banana", "42", "_x"] { tree.file(name, size: 10) }
        try tree.folder("bin")
        try tree.link("alias", to: "apple")
        var options = ListOptions()
        options.grouping = .letter
        let model = try tree.model(options)
        let table = TableView(showing: model, pageHeight: 100)
        XCTAssertEqual(table.sectionIndexTitles, ["A", "B", "#"])
        XCTAssertEqual(model.sections.map(\.title), ["A", "B", "#"])
        XCTAssertEqual(model.names, ["alias", "apple", "Avocado", "banana", "bin", "42", "_x"])
        XCTAssertEqual(table.section(forIndexTitle: "#"), 2)
        XCTAssertEqual(table.source.tableView(table, titleForFooterInSection: 1), "2 entries")
        for row in model.sections[2].rows { _ = model.status(ofRow: row) }
        XCTAssertEqual(table.source.tableView(table, titleForFooterInSection: 2), "2 entries, 20 bytes", "size once every row is known")

        options.grouping = .kind
        let byKind = try tree.model(options)
        XCTAssertEqual(byKind.sections.map(\.title), ["Folders", "Files", "Links"])
        XCTAssertEqual(byKind.names, ["bin", "42", "_x", "apple", "Avocado", "banana", "alias"])
    }

    func testDeletingARowNeverTouchesTheFileAndEmptiedSectionsVanish() throws {
        let tree = try TemporaryTree()
        tree.file("apple")
        tree.file("banana")
        var options = ListOptions()
        options.grouping = .letter
        let model = try tree.model(options)
        let table = TableView(showing: model, pageHeight: 10)
        // Whoever keeps marks tells the listing what to leave out; the table shows what is left.
        var deleted: [String] = []
        let row = table.flatRow(for: IndexPath(row: 0, section: 1))
        deleted.append(String(decoding: model.name(ofRow: row), as: UTF8.self))
        model.exclusion.names.insert(model.name(ofRow: row))
        table.reloadData()
        XCTAssertEqual(deleted, ["banana"])
        XCTAssertEqual(model.names, ["apple"])
        XCTAssertEqual(table.numberOfSections, 1)
        XCTAssertTrue(FileManager.default.fileExists(atPath: tree.path + "/banana"))
        try model.reload()
        XCTAssertEqual(model.names, ["apple"], "a deleted row stays out after a reload")
    }

    func testReloadReportsWhatChanged() throws {
        let tree = try TemporaryTree()
        tree.file("keep")
        tree.file("go")
        let model = try tree.model()
        tree.remove("go")
        tree.file("new1")
        tree.file("new2")
        let change = try model.reload()
        XCTAssertEqual(change.added, 2)
        XCTAssertEqual(change.removed, 1)
        XCTAssertEqual(model.names, ["keep", "new1", "new2"])
    }

    func testAnEntryThatVanishesBeforeItsStatIsAnErrorNotACrash() throws {
        let tree = try TemporaryTree()
        tree.file("here")
        tree.file("gone")
        let model = try tree.model()
        tree.remove("gone")
        let row = model.names.firstIndex(of: "gone")!
        guard case .failure(let errno) = model.status(ofRow: row) else { return XCTFail("stat of a vanished entry succeeded") }
        XCTAssertEqual(errno, .noSuchFileOrDirectory)
        let formatter = LongCellFormatter()
        var reported: [FileError] = []
        formatter.onError = { reported.append($0) }
        let cell = Cell(reuseIdentifier: "long")
        formatter.configure(cell, row: row, in: FileTableSource(rows: model))
        XCTAssertEqual(cell.columns, ["-?????????", "?", "?", "?", "?", "?"])
        XCTAssertEqual(reported.first?.description, tree.path + "/gone: No such file or directory")
    }

    func testJSONForAVanishedEntryIsAnErrorObject() throws {
        let tree = try TemporaryTree()
        tree.file("gone")
        let model = try tree.model()
        tree.remove("gone")
        let line = JSONLines().object(forRow: 0, in: model)
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String]
        XCTAssertEqual(object, ["path": tree.path + "/gone", "error": "No such file or directory"])
    }

    func testLongColumnsMatchStatWhenInstalled() throws {
        let tree = try TemporaryTree()
        tree.file("data", size: 1234)
        let model = try tree.model()
        guard case .success(let status) = model.status(ofRow: 0) else { return XCTFail("no status") }
        XCTAssertEqual(status.size, 1234)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/stat")
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/stat") else { return }
        process.arguments = ["-c", "%A %s %h %i", tree.path + "/data"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        process.waitUntilExit()
        let expected = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual("\(status.permissions.lsString(kind: status.kind)) \(status.size) \(status.linkCount) \(status.inode)\n", expected)
    }

    /// A directory opened inside another is listed once without a rewind
    /// or a second `fstat`; every later reading still starts at its first
    /// entry, with the directory's status then (a reload sees what came).
    func testAChildListedAgainReadsFromItsFirstEntry() throws {
        let tree = try TemporaryTree()
        try tree.folder("sub")
        for i in 0..<40 { tree.file("f\(i)", in: "sub") }
        let parent = try DirectoryHandle.open(tree.bytes)
        let child = try DirectoryHandle.open(child: Array("sub".utf8), of: parent, followSymlink: false)
        _ = child.status()
        let model = try DirectoryListing(directory: child)
        XCTAssertEqual(model.rowCount, 40)
        for i in 40..<2000 { tree.file("f\(i)", in: "sub") }
        let change = try model.reload()
        XCTAssertEqual(change.added, 1960)
        XCTAssertEqual(model.rowCount, 2000)
        XCTAssertEqual(try DirectoryListing(directory: child).rowCount, 2000)
    }
}
