import XCTest

@testable import FileBrowsing

final class DirectoryTreeWalkerTests: XCTestCase {
    private func walk(_ tree: TestTree, follow: Bool = false, depth: Int? = nil) throws -> (entered: [String], failures: [String]) {
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
        let tree = TestTree()
        tree.folder("x")
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
        let tree = TestTree()
        tree.folder("a")
        tree.link("a/up", to: "..")
        tree.link("self", to: ".")
        let notFollowing = try walk(tree)
        XCTAssertEqual(notFollowing.entered, ["", "/a"])
        let following = try walk(tree, follow: true)
        XCTAssertEqual(following.entered, ["", "/a"])
        XCTAssertEqual(following.failures, ["not listing already-listed directory", "not listing already-listed directory"])
    }

    func testATreeDeeperThanPathMaxIsWalkedIteratively() throws {
        let tree = TestTree()
        let script = CommandLineScript.generator + " deep '\(tree.path)' 30"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        try process.run()
        process.waitUntilExit()
        try XCTSkipIf(process.terminationStatus != 0, "python3 is needed to build the deep tree")
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
        let tree = TestTree()
        tree.folder("a")
        tree.folder("a/b")
        tree.folder("a/b/c")
        XCTAssertEqual(try walk(tree, depth: 2).entered, ["", "/a"])
        XCTAssertEqual(try walk(tree, depth: 1).entered, [""])
    }

    func testADirectoryThatVanishesIsReportedAndTheWalkGoesOn() throws {
        let tree = TestTree()
        tree.folder("a")
        tree.folder("b")
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
}

enum CommandLineScript {
    static let generator =
        "python3 '"
        + URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Samples/generate-tree.py").path + "'"
}
