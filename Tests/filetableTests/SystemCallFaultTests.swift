import FileBrowsing
import TestSupport
import XCTest

@testable import FiletableCLI
@testable import SystemSeam

/// What a user sees when the system says no, reached through the system
/// seam's faults (in-process): a directory the kernel will not open
/// (`EACCES`, which no tree gives a root user), one whose entries cannot be
/// read (`EIO` from `getdents64`), and a file that vanished between the
/// directory's read and its `stat` (`ENOENT`). Each is one line naming the
/// path and the reason, and the session stays where it was.
final class SystemCallFaultTests: XCTestCase {
    private var temp: TemporaryTree!
    private var session: Session!

    override func setUpWithError() throws {
        temp = try TemporaryTree()
        try temp.folder("sub")
        temp.file("inside.txt", contents: "inside\n", in: "sub")
        temp.file("gone.txt", contents: "soon gone\n")
        session = try Session.inMemory(at: temp.path)
    }

    override func tearDown() {
        SystemCallFaults.removeAll()
    }

    private func run(_ line: String) throws -> Outcome { try session.run(line) }

    private func texts(_ outcome: Outcome) -> String {
        outcome.messages.compactMap { message -> String? in
            switch message {
            case .text(let text), .composed(let text): return text
            }
        }.joined(separator: "\n")
    }

    func testADirectoryTheKernelWillNotOpenIsSaidAndTheLevelStays() throws {
        SystemCallFaults.inject(.openat, Errno(EACCES), onName: "sub")
        let refused = try run("open sub")
        XCTAssertEqual(refused.failure?.message, "open: \(temp.path)/sub: Permission denied")
        XCTAssertEqual(session.current.path, Array(temp.path.utf8))
        SystemCallFaults.removeAll()
        XCTAssertNil(try run("open sub").failure)
        XCTAssertEqual(session.current.title, "sub")
    }

    func testEntriesThatCannotBeReadAreSaidAndTheLevelStays() throws {
        SystemCallFaults.inject(.getdents64, Errno(EIO), times: 1)
        let failed = try run("open sub")
        let message = failed.failure?.message ?? texts(failed)
        XCTAssertTrue(message.contains("\(temp.path)/sub") && message.contains("Input/output error"), message)
        XCTAssertEqual(session.current.path, Array(temp.path.utf8))
        XCTAssertNil(try run("open sub").failure)
        XCTAssertEqual(session.current.model.rowCount, 1)
    }

    func testAFileThatVanishedAfterTheReadIsShownAsGoneNotAsAnError() throws {
        SystemCallFaults.inject(.stat, Errno(ENOENT), onName: "gone.txt")
        let info = try run("info gone.txt")
        let said = info.failure?.message ?? texts(info)
        XCTAssertTrue(said.contains("gone.txt") && said.contains("No such file or directory"), said)
        // The rest of the level answers as ever.
        XCTAssertNil(try run("info sub").failure)
    }
}
