import FileBrowsing
import TestSupport
import XCTest

@testable import FiletableCLI
@testable import Terminal

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
        session = try Session.inMemory(at: temp.path)
    }

    private func run(_ line: String) throws -> Outcome { try session.run(line) }

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

/// A comparison stopped by Ctrl-C is partial, and says so: its header and
/// its empty table never claim "every file is the same" for pairs it
/// never read.
final class StoppedComparisonTests: XCTestCase {
    func testAStoppedComparisonNeverSaysEveryFileIsTheSame() throws {
        let temp = try TemporaryTree()
        try temp.folder("a")
        try temp.folder("b")
        for index in 0..<50 {
            temp.file("f\(index)", contents: "same\n", in: "a")
            temp.file("f\(index)", contents: "same\n", in: "b")
        }
        let output = OutputSink(fd: -1)
        output.startCapturing()
        let session = try Session(path: Array((temp.path + "/a").utf8), output: output, settings: Session.Settings())
        // Ctrl-C before the first entry was compared.
        let (level, summary, _) = try ComparisonLevel.level(
            comparing: session.current, with: Array((temp.path + "/b").utf8), progress: { _ in }, stop: StopSource(isRequested: { true }, forget: {}))
        let kind = try XCTUnwrap(level.kind as? ComparisonLevel)
        XCTAssertTrue(summary.hasSuffix("; stopped by Ctrl-C"), summary)
        XCTAssertEqual(kind.headerParts(of: level).last, "partial: stopped by Ctrl-C ('reload' compares again)")
        XCTAssertFalse(kind.emptyNote(of: level).contains("every file is the same"), kind.emptyNote(of: level))
        // Whole, it says so.
        let (whole, _, _) = try ComparisonLevel.level(comparing: session.current, with: Array((temp.path + "/b").utf8)) { _ in }
        let wholeKind = try XCTUnwrap(whole.kind as? ComparisonLevel)
        XCTAssertEqual(wholeKind.emptyNote(of: whole), "(no differences: every file is the same on both sides)")
        XCTAssertNil(wholeKind.partialBecause)
    }
}

/// An archive listing stopped by Ctrl-C is partial and says so: its
/// problem is a stop, not damage, and its level is headed `partial: …`
/// (it opened as "118 members" of 400 with no note).
final class StoppedArchiveListingTests: XCTestCase {
    func testAStoppedListingSaysItIsPartial() throws {
        let temp = try ArchivesEndToEndTests.makeArchives(
            """
            with tarfile.open("many.tar", "w") as t:
                for i in range(400):
                    add(t, "m%03d" % i, b"x")
            """)
        let file = try ViewedFile(path: Array((temp.path + "/many.tar").utf8))
        var asked = 0
        let archive = try XCTUnwrap(
            try Archive.open(
                file,
                stop: {
                    asked += 1
                    return asked > 118
                }))
        XCTAssertEqual(archive.members.count, 118)
        let problem = try XCTUnwrap(archive.problem)
        XCTAssertTrue(problem.isStop)
        XCTAssertEqual(problem.description, "stopped (Ctrl-C) after 118 members; the rest were not read")
        let rows = ArchiveRows(archive: archive, node: 0)
        let level = ArchiveLevel(rows: rows, archivePath: Array("many.tar".utf8))
        XCTAssertEqual(level.summary?(), ["partial: stopped (Ctrl-C) after 118 members; the rest were not read"])
    }
}
