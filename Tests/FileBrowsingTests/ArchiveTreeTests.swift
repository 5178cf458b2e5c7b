import XCTest

@testable import FileBrowsing
@testable import SystemSeam

/// The members of an archive placed as a tree: names in any order, `./`
/// and repeated slashes dropped, a name stored twice is the later member,
/// and directories only passed through are made. The tree places most
/// names without a lookup (members come grouped by directory): these cases
/// mix the orders that path takes and the one it does not.
final class ArchiveTreeTests: XCTestCase {
    private func member(_ name: String, _ kind: FileKind = .file) -> ArchiveMember {
        ArchiveMember(
            path: Array(name.utf8), kind: kind, size: 1, permissions: FilePermissions(rawValue: 0o644),
            modificationTime: Timestamp(seconds: 0), headerOffset: 0, dataOffset: 0)
    }

    /// Every node by its path, with its member and whether it is a directory.
    private func shape(_ tree: ArchiveTree) -> [String] {
        (1..<tree.nodes.count).map { index in
            let node = tree.nodes[index]
            return String(decoding: tree.path(of: Int32(index)), as: UTF8.self) + (node.isDirectory ? "/" : "") + " \(node.member)"
        }.sorted()
    }

    func testNamesInAnyOrderMakeOneTree() {
        let tree = ArchiveTree(members: [
            member("./a/b/c"), member("a/x"), member("d/e"), member("./a/b/f"), member("a//b", .directory), member("a/x"),
            member("d"), member("/d/g/h"), member("a/b/c/deeper"),
        ])
        XCTAssertEqual(
            shape(tree),
            [
                "a/ -1", "a/b/ 4", "a/b/c/ 0", "a/b/c/deeper 8", "a/b/f 3", "a/x 5", "d/ 6", "d/e 2", "d/g/ -1", "d/g/h 7",
            ])
        // Each directory lists each child once.
        for node in tree.nodes {
            XCTAssertEqual(Set(node.children).count, node.children.count)
        }
        XCTAssertEqual(tree.node(at: Array("a/b/f".utf8)).map { tree.nodes[Int($0)].member }, 3)
    }

    /// One name forty directories deep: the tree's lookup table grows past
    /// what the member count suggested, and every level is still found.
    func testADeepNameGrowsTheLookupAndStaysWhole() throws {
        let deep = (0..<40).map { "d\($0)" }.joined(separator: "/")
        let tree = ArchiveTree(members: [member(deep + "/leaf"), member(deep), member("d0/d1", .directory), member("d0/other")])
        XCTAssertEqual(tree.nodes.count, 1 + 40 + 2)
        XCTAssertEqual(tree.node(at: Array((deep + "/leaf").utf8)).map { tree.member(of: $0) }, 0)
        // A file member at a path with members below stays a directory.
        XCTAssertEqual(tree.node(at: Array(deep.utf8)).map { tree.isDirectory($0) }, true)
        XCTAssertEqual(tree.node(at: Array("d0/d1".utf8)).map { tree.member(of: $0) }, 2)
        let top = try XCTUnwrap(tree.node(at: Array("d0".utf8)))
        XCTAssertEqual(tree.children(of: top).map { String(decoding: tree.name(of: $0), as: UTF8.self) }, ["d1", "other"])
    }
}
