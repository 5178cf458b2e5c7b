import FileBrowsing
import TestSupport
import XCTest

@testable import FiletableCLI

/// A command returns what happened (`Outcome`): its typed messages, what it
/// changed, whether the session ends, its mistake. Run in-process on a
/// session whose output is kept in memory, as a front end would see it.
final class CommandOutcomeTests: XCTestCase {
    private var temp: TemporaryTree!
    private var session: Session!

    override func setUpWithError() throws {
        temp = try TemporaryTree()
        try temp.folder("docs")
        temp.file("guide.txt", contents: "inside\n", in: "docs")
        temp.file("alpha.txt", contents: "first line\nsecond line\n")
        temp.file("zulu.log", contents: "log\n")
        let output = OutputSink(fd: -1)
        output.startCapturing()
        session = try Session(path: Array(temp.path.utf8), output: output, settings: Session.Settings())
    }

    private func run(_ line: String) throws -> Outcome {
        session.execute(try session.command(for: line))
    }

    func testMovingBetweenLevelsSaysTheLevelChanged() throws {
        let opened = try run("open docs")
        XCTAssertTrue(opened.changes.contains(.level))
        XCTAssertTrue(opened.changes.contains(.table), "the new level's page is shown")
        XCTAssertNil(opened.failure)
        XCTAssertEqual(session.current.title, "docs")
        let back = try run("back")
        XCTAssertTrue(back.changes.contains(.level))
        XCTAssertFalse(back.changes.contains(.plan))
    }

    func testAMarkChangesThePlanAndSaysSo() throws {
        let marked = try run("mark zulu.log")
        XCTAssertEqual(marked.changes.intersection([.plan, .table, .level]), [.plan, .table])
        XCTAssertEqual(marked.messages.count, 1)
        guard case .text(let text)? = marked.messages.first else { return XCTFail("\(marked.messages)") }
        XCTAssertTrue(text.hasPrefix("marked 1 (1 in the plan"), text)
        let undone = try run("undo")
        XCTAssertTrue(undone.changes.contains(.plan))
    }

    func testAMistakeIsTheOutcomesFailureAndChangesNothing() throws {
        let wrong = try run("open 99")
        XCTAssertEqual(wrong.failure, CommandError("open: no row 99 (rows are 1-3)"))
        XCTAssertEqual(wrong.changes, [])
        XCTAssertFalse(wrong.quits)
    }

    func testTheViewerAndTheModesAreChanges() throws {
        let viewed = try run("view alpha.txt")
        XCTAssertTrue(viewed.changes.contains(.viewer))
        XCTAssertFalse(viewed.changes.contains(.level))
        let editing = try run("edit")
        XCTAssertTrue(editing.changes.contains(.modes))
        XCTAssertTrue(try run("quit").quits)
    }

    func testInfoSaysItsFactsAsOneComposedMessage() throws {
        let info = try run("info alpha.txt")
        XCTAssertEqual(info.changes, [])
        guard case .composed(let text)? = info.messages.first, info.messages.count == 1 else { return XCTFail("\(info.messages)") }
        XCTAssertTrue(text.contains("alpha.txt"), text)
        XCTAssertTrue(text.contains("23"), "its size: \(text)")
    }
}
