import TestSupport
import XCTest

@testable import FileBrowsing

final class DirectoryTreeWalkerTests: XCTestCase {
    private func walk(_ tree: TemporaryTree, follow: Bool = false, depth: Int? = nil) throws -> (entered: [String], failures: [String]) {
        let walker = DirectoryTreeWalker(followSymlinks: follow, maxDepth: depth)
        var entered: [String] = []
        var failures: [String] = []
        let prefix = tree.path
        walker.walk(try DirectoryHandle.open(tree.bytes)) { event in
            switch event {
            case .enter(let model, _):
                entered.append(String(String(decoding: model.directory.path, as: UTF8.self).dropFirst(prefix.count)))
            case .failure(let error):
                failures.append(error.reasonText)
            default:
                break
            }
        }
        return (entered, failures)
    }

    func testNamesThatAreNotUTF8OrHoldNewlinesAreListedAndOpened() throws {
        let tree = try TemporaryTree()
        try tree.folder("x")
        let odd: [UInt8] = [0x6F, 0x64, 0x64, 0xFF, 0x0A, 0x6E]
        tree.file(odd)
        _ = (tree.bytes + [0x2F] + [0xC3, 0x28, 0x0A] + [0]).withUnsafeBufferPointer {
            $0.baseAddress!.withMemoryRebound(to: CChar.self, capacity: $0.count) { mkdir($0, 0o755) }
        }
        let model = try tree.model()
        XCTAssertTrue((0..<model.rowCount).map { model.name(ofRow: $0) }.contains(odd))
        let result = try walk(tree)
        XCTAssertEqual(result.entered.count, 3, "root, x and the odd directory were all opened")
        XCTAssertEqual(result.failures, [])
    }

    func testSymlinkLoopsAreDetectedWhenFollowing() throws {
        let tree = try TemporaryTree()
        try tree.folder("a")
        try tree.link("a/up", to: "..")
        try tree.link("self", to: ".")
        let notFollowing = try walk(tree)
        XCTAssertEqual(notFollowing.entered, ["", "/a"])
        let following = try walk(tree, follow: true)
        XCTAssertEqual(following.entered, ["", "/a"])
        XCTAssertEqual(following.failures, ["not listing already-listed directory", "not listing already-listed directory"])
    }

    func testATreeDeeperThanPathMaxIsWalkedIteratively() throws {
        let tree = try TemporaryTree()
        let script = CommandLineScript.generator + " deep '\(tree.path)' 30"
        try XCTSkipIf(try SpawnedProcess.shell(script).status != 0, "python3 is needed to build the deep tree")
        let walker = DirectoryTreeWalker()
        var deepest = 0
        var sawBottom = false
        var failures = 0
        walker.walk(try DirectoryHandle.open(tree.bytes)) { event in
            switch event {
            case .enter(let model, let depth):
                deepest = max(deepest, depth)
                if model.rowCount == 1 && model.name(ofRow: 0) == Array("bottom.txt".utf8) {
                    sawBottom = true
                    XCTAssertGreaterThan(model.directory.path.count, Int(PATH_MAX))
                }
            case .failure: failures += 1
            default: break
            }
        }
        XCTAssertEqual(deepest, 30)
        XCTAssertTrue(sawBottom)
        XCTAssertEqual(failures, 0)
    }

    func testDepthLimit() throws {
        let tree = try TemporaryTree()
        try tree.folder("a")
        try tree.folder("a/b")
        try tree.folder("a/b/c")
        XCTAssertEqual(try walk(tree, depth: 2).entered, ["", "/a"])
        XCTAssertEqual(try walk(tree, depth: 1).entered, [""])
    }

    func testADirectoryThatVanishesIsReportedAndTheWalkGoesOn() throws {
        let tree = try TemporaryTree()
        try tree.folder("a")
        try tree.folder("b")
        let walker = DirectoryTreeWalker()
        var failures: [String] = []
        var entered = 0
        walker.walk(try DirectoryHandle.open(tree.bytes)) { event in
            switch event {
            case .enter(_, let depth):
                entered += 1
                if depth == 0 { rmdir(tree.path + "/a") }
            case .failure(let error): failures.append(error.description)
            default: break
            }
        }
        XCTAssertEqual(failures, [tree.path + "/a: No such file or directory"])
        XCTAssertEqual(entered, 2)
    }
    /// Every event of a walk, as text: the reading ahead on a second thread
    /// must give exactly the events of the walk on one.
    private func events(
        _ tree: TemporaryTree, readsAhead: Bool, follow: Bool, depth: Int?, rule: DirectoryTreeWalker.RepeatRule, stopAfter: Int? = nil
    ) throws -> [String] {
        struct Enough: Error {}
        let walker = DirectoryTreeWalker(followSymlinks: follow, maxDepth: depth, repeatRule: rule)
        walker.readsAhead = readsAhead
        var log: [String] = []
        let prefix = tree.path.count
        do {
            try walker.walk(try DirectoryHandle.open(tree.bytes)) { event in
                switch event {
                case .enter(let model, let depth):
                    log.append("enter \(String(decoding: model.directory.path.dropFirst(prefix), as: UTF8.self)) \(depth) \(model.rowCount)")
                case .entry(let model, let row, let depth, let isLast):
                    log.append("entry \(String(decoding: model.name(ofRow: row), as: UTF8.self)) \(depth) \(isLast)")
                case .leave(let depth):
                    log.append("leave \(depth)")
                case .failure(let error):
                    log.append("failure \(String(decoding: error.path.dropFirst(prefix), as: UTF8.self)) \(error.reasonText)")
                }
                if let stopAfter, log.count >= stopAfter { throw Enough() }
            }
        } catch is Enough {}
        return log
    }

    func testReadingAheadGivesTheSameEventsAsOneThread() throws {
        let tree = try TemporaryTree.inMemory()
        // More directories than the read-ahead keeps waiting (64), a large one, loops, an unreadable one.
        for i in 0..<90 {
            try tree.folder("d\(i)")
            tree.file("d\(i)/f")
            if i % 10 == 0 { try tree.folder("d\(i)/inner") }
        }
        for i in 0..<5_000 { tree.file("d3/many\(i)") }
        try tree.link("d5/up", to: "..")
        try tree.link("d6/sibling", to: "../d7")
        try tree.folder("locked")
        chmod(tree.path + "/locked", 0)
        defer { chmod(tree.path + "/locked", 0o755) }
        for follow in [false, true] {
            for depth in [nil, 1, 2] as [Int?] {
                for rule in [DirectoryTreeWalker.RepeatRule.loops, .linkedRepeats] {
                    let one = try events(tree, readsAhead: false, follow: follow, depth: depth, rule: rule)
                    let ahead = try events(tree, readsAhead: true, follow: follow, depth: depth, rule: rule)
                    XCTAssertEqual(ahead, one, "follow \(follow) depth \(String(describing: depth)) \(rule)")
                    XCTAssertGreaterThan(one.count, 90)
                    if follow && depth == nil && rule == .loops {
                        XCTAssertTrue(one.contains { $0.hasPrefix("failure /d5/up") }, "the loop is reported in its place")
                    }
                }
            }
        }
        // The caller stops early: the walk returns (the reading thread is stopped and joined).
        let start = Date()
        let partial = try events(tree, readsAhead: true, follow: false, depth: nil, rule: .loops, stopAfter: 50)
        XCTAssertEqual(partial.count, 50)
        XCTAssertLessThan(Date().timeIntervalSince(start), 2)
    }
}

enum CommandLineScript {
    static let generator =
        "python3 '"
        + URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Samples/generate-tree.py").path + "'"

}
