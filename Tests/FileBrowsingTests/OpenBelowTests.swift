import FileBrowsing
import Foundation
import SystemSeam
import TestSupport
import XCTest

/// `DirectoryHandle.open(below:relative:)`: a path another program (git)
/// names below a tree opens inside that tree or not at all.
final class OpenBelowTests: XCTestCase {
    func testItOpensInsideTheTreeNeverThroughALinkNorAbove() throws {
        let temp = try TemporaryTree()
        try temp.folder("tree/src/deep")
        try temp.folder("outside")
        symlink(temp.path + "/outside", temp.path + "/tree/swapped")
        let base = try DirectoryHandle.open(resolving: Array((temp.path + "/tree").utf8))
        let deep = try DirectoryHandle.open(below: base, relative: Array("src/deep".utf8))
        XCTAssertEqual(String(decoding: deep.path, as: UTF8.self), temp.path + "/tree/src/deep")
        XCTAssertEqual(try DirectoryHandle.open(below: base, relative: []).path, base.path)
        for refused in ["swapped", "src/../../outside", "./src", "src/.."] {
            XCTAssertThrowsError(try DirectoryHandle.open(below: base, relative: Array(refused.utf8)), "\(refused) opened")
        }
    }
}
