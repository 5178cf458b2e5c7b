import FileBrowsing
import TestSupport
import XCTest

@testable import FiletableCLI

/// Every long operation of the session ends whole, or partial and says so
/// the same way: its level headed `partial: stopped by Ctrl-C (…)`, its
/// summary ending `; stopped by Ctrl-C`, and a whole run again drops the
/// note. In-process, the stop scripted through the session's `StopSource`
/// (a `find --all` or `dupes` stopped said so only in a line that
/// scrolled away; their levels looked whole).
final class StoppedOperationsTests: XCTestCase {
    private var temp: TemporaryTree!
    private var session: Session!

    override func setUpWithError() throws {
        temp = try TemporaryTree()
        try temp.folder("a/b/c")
        temp.file("note0", contents: "same\n")
        temp.file("note1", contents: "same\n", in: "a")
        temp.file("note2", contents: "same\n", in: "a/b")
        temp.file("note3", contents: "same\n", in: "a/b/c")
        session = try Session.inMemory(at: temp.path)
    }

    private func run(_ line: String) throws -> Outcome { try session.run(line) }

    /// A stop asked from its `askedFrom`-th question on (1: at once).
    private func stop(from askedFrom: Int) -> StopSource {
        var asked = 0
        return StopSource(
            isRequested: {
                asked += 1
                return asked >= askedFrom
            }, forget: {})
    }

    private var header: [String] { session.current.kind.headerParts(of: session.current) }

    private func lastText(_ outcome: Outcome) -> String {
        outcome.messages.compactMap { message -> String? in
            if case .text(let text) = message { return text }
            return nil
        }.last ?? ""
    }

    func testAFindStoppedPartwayIsHeadedPartialAndAWholeOneIsNot() throws {
        let found = try run("find note --all")
        XCTAssertNil(found.failure)
        XCTAssertEqual(session.current.model.rowCount, 4)
        XCTAssertFalse(header.contains { $0.hasPrefix("partial") }, "\(header)")
        // Stopped partway: the matches of the directories searched before.
        session.context.conversation.stop = stop(from: 3)
        XCTAssertNil(try run("reload").failure)
        XCTAssertTrue((1..<4).contains(session.current.model.rowCount), "\(session.current.model.rowCount)")
        XCTAssertEqual(header.last, "partial: stopped by Ctrl-C ('reload' searches again)")
        session.context.conversation.stop = StopSource(isRequested: { false }, forget: {})
        XCTAssertNil(try run("reload").failure)
        XCTAssertEqual(session.current.model.rowCount, 4)
        XCTAssertFalse(header.contains { $0.hasPrefix("partial") }, "\(header)")
    }

    func testASearchForCopiesStoppedIsHeadedPartialAndAWholeOneIsNot() throws {
        let found = try run("dupes")
        XCTAssertNil(found.failure)
        XCTAssertTrue(lastText(found).hasPrefix("dupes: 1 group, 4 files"), lastText(found))
        XCTAssertFalse(header.contains { $0.hasPrefix("partial") }, "\(header)")
        session.context.conversation.stop = stop(from: 1)
        XCTAssertNil(try run("reload").failure)
        XCTAssertEqual(header.last, "partial: stopped by Ctrl-C ('reload' searches again)")
        session.context.conversation.stop = StopSource(isRequested: { false }, forget: {})
        XCTAssertNil(try run("reload").failure)
        XCTAssertEqual(header.count, 2, "\(header)")
        XCTAssertTrue(header.last?.hasPrefix("dupes: 1 group") == true, "\(header)")
    }

    func testAComparisonStoppedSaysSoInItsSummary() throws {
        try temp.folder("other")
        session.context.conversation.stop = stop(from: 1)
        let compared = try run("compare other")
        XCTAssertNil(compared.failure)
        XCTAssertTrue(lastText(compared).hasSuffix("; stopped by Ctrl-C"), lastText(compared))
        XCTAssertEqual(header.last, "partial: stopped by Ctrl-C ('reload' compares again)")
    }

    /// A Ctrl-C that came after the line was entered, before the operation
    /// began, stops that operation (it was forgotten as the operation
    /// started, and a compare on a stuck mount waited out the stall).
    func testAStopAskedBeforeTheOperationBeganStopsIt() throws {
        try temp.folder("other")
        final class Flag { var raised = true }
        let flag = Flag()
        session.context.conversation.stop = StopSource(isRequested: { flag.raised }, forget: { flag.raised = false })
        let compared = try run("compare other")
        XCTAssertNil(compared.failure)
        XCTAssertEqual(header.last, "partial: stopped by Ctrl-C ('reload' compares again)")
        XCTAssertFalse(flag.raised, "the stop, obeyed, is forgotten")
    }
}
