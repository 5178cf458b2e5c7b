import Foundation
import TestSupport
import XCTest

/// du names a PATH as its walk (fts) does: two or more trailing slashes are
/// one, and the entries below it are joined with one slash.
final class DuOperandNamesEndToEndTests: XCTestCase {
    func testTrailingSlashesAreOne() throws {
        let temp = try TemporaryTree()
        try temp.folder("t/sub")
        temp.file("f", in: "t/sub")
        let expected: [(String, String)] = [
            ("t//", "3\tt/\n2\tt/sub\n"), ("t///", "3\tt/\n2\tt/sub\n"), ("t/", "3\tt/\n2\tt/sub\n"), ("t", "3\tt\n2\tt/sub\n"),
        ]
        for (operand, lines) in expected {
            let ours = try CommandRunner.shell("\"$FILETABLE\" --du --inodes -d 1 \(operand) | sort -k2", in: temp.url)
            XCTAssertEqual(ours.text, lines, operand)
            if CommandRunner.isInstalled("du") {
                XCTAssertEqual(ours.text, try CommandRunner.shell("du --inodes -d 1 \(operand) | sort -k2", in: temp.url).text, operand)
            }
        }
    }
}
