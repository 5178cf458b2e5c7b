import Foundation
import TestSupport
import XCTest

@testable import FiletableCLI
@testable import Terminal

/// The full-screen view driven through the scripted terminal, in-process:
/// the same keys and the same assertions as a person at a terminal would
/// make, without tmux or waits. (`ScreenTerminalTests` keeps what only a
/// real terminal shows: raw mode, Ctrl-Z, signals, hung mounts.)
final class ScreenInProcessTests: XCTestCase {
    private typealias Key = ScriptedScreen.Key

    private func makeTree() throws -> TemporaryTree { try ScriptedScreen.sampleTree() }

    /// h at the first level goes to the parent, the directory you came from
    /// highlighted, and h again on up (ranger, nnn, lf, mc); a filter
    /// cleared with Esc leaves the highlight on the row it was on.
    func testHGoesUpFromTheFirstLevelAndTheHighlightStaysWhereYouWere() throws {
        let temp = try makeTree()
        let docs = temp.path + "/docs"
        XCTAssertEqual(try ScriptedScreen.run(in: docs, keys: []).highlighted?.hasPrefix("1 guide.txt"), true)
        var screen = try ScriptedScreen.run(in: docs, keys: ["h"])
        XCTAssertTrue(screen.header.contains("| 4 entries"), screen.header)
        XCTAssertEqual(screen.highlighted, "3 docs >")
        screen = try ScriptedScreen.run(in: docs, keys: ["h", "/", "z", "u"])
        XCTAssertTrue(screen.header.contains("| 1 entry |"), screen.text)
        XCTAssertEqual(screen.highlighted, "1 zulu.log")
        screen = try ScriptedScreen.run(in: docs, keys: ["h", "/", "z", "u", Key.escape])
        XCTAssertTrue(screen.header.contains("| 4 entries | sort name"), screen.header)
        XCTAssertEqual(screen.highlighted, "4 zulu.log")
        // And on up: the temporary folder's parent, the highlight on the test's folder.
        screen = try ScriptedScreen.run(in: docs, keys: ["h", "/", "z", "u", Key.escape, Key.left])
        XCTAssertTrue(screen.highlighted?.contains((temp.path as NSString).lastPathComponent) == true, screen.text)
    }

    /// The file view takes less's and vim's page keys (Ctrl-F, Ctrl-B,
    /// Ctrl-D, Ctrl-U), and its header says `lines X-Y of N` as the
    /// prompt's viewer does.
    func testTheFileViewTakesCtrlPageKeysAndCountsItsLines() throws {
        let temp = try TemporaryTree()
        temp.file("long.txt", contents: (1...100).map { "line \($0)\n" }.joined())
        var keys = [Key.enter]
        let expected = [
            (Key.control("f"), "lines 23-44 of 100"), (Key.control("d"), "lines 34-55 of 100"),
            (Key.control("u"), "lines 23-44 of 100"), (Key.control("b"), "lines 1-22 of 100"),
        ]
        var screen = try ScriptedScreen.run(in: temp.path, keys: keys)
        XCTAssertTrue(screen.header.hasPrefix("long.txt  lines 1-22 of 100"), screen.header)
        // A letter means what it means at the prompt's viewer (one table): less's z and w too.
        XCTAssertTrue(try ScriptedScreen.run(in: temp.path, keys: [Key.enter, "z"]).header.hasPrefix("long.txt  lines 23-44 of 100"))
        XCTAssertTrue(try ScriptedScreen.run(in: temp.path, keys: [Key.enter, "z", "w"]).header.hasPrefix("long.txt  lines 1-22 of 100"))
        for (key, header) in expected {
            keys.append(key)
            screen = try ScriptedScreen.run(in: temp.path, keys: keys)
            XCTAssertTrue(screen.header.hasPrefix("long.txt  " + header), "after \(key.debugDescription): \(screen.header)")
        }
    }

    /// The first mark says where the row went and how to see it; the header
    /// gives the plan one figure with its meaning (it said "the plan frees
    /// 160 KiB | 2 marks, 159 KiB", on disk and apparent, unlabelled).
    func testTheFirstMarkSaysWhereTheRowWentAndThePlanHasOneFigure() throws {
        let temp = try makeTree()
        var screen = try ScriptedScreen.run(in: temp.path, keys: ["d"], rows: 30, columns: 160)
        XCTAssertTrue(screen.header.contains("| du "), screen.header)
        // A file (a directory would be asked about first).
        screen = try ScriptedScreen.run(in: temp.path, keys: ["d", "G", " "], rows: 30, columns: 160)
        XCTAssertTrue(screen.status.hasPrefix("marked 1: it left the table for the plan; M shows it, :marks lists the plan"), screen.status)
        XCTAssertTrue(screen.header.contains("| plan: 1 mark, frees 4.0 KiB on disk"), screen.header)
        XCTAssertFalse(screen.header.contains("the plan frees"), screen.header)
        screen = try ScriptedScreen.run(in: temp.path, keys: ["d", "G", " ", "G", " "], rows: 30, columns: 160)
        XCTAssertTrue(screen.status.hasPrefix("marked 1 (2 in the plan"), screen.status)
        XCTAssertFalse(screen.status.contains("M shows it"), "said once")
        // M shows the marked rows, and hides them again.
        screen = try ScriptedScreen.run(in: temp.path, keys: ["d", "G", " ", "G", " ", "M"], rows: 30, columns: 160)
        XCTAssertTrue(screen.header.contains("| marked shown |"), screen.header)
    }

    /// d sizes the rows and puts the largest first, the highlight's row
    /// staying; a level opened below shows its figures at once, sorted the same.
    func testSizesPutTheLargestFirst() throws {
        let temp = try TemporaryTree()
        try temp.folder("big")
        try temp.folder("small")
        temp.file("a.bin", contents: String(repeating: "a", count: 200_000), in: "big")
        temp.file("b.bin", contents: String(repeating: "b", count: 100_000), in: "big")
        temp.file("s.txt", contents: "small\n", in: "small")
        XCTAssertEqual(try ScriptedScreen.run(in: temp.path, keys: []).highlighted?.hasPrefix("1 big"), true)
        XCTAssertEqual(try ScriptedScreen.run(in: temp.path, keys: [Key.down]).highlighted?.hasPrefix("2 small"), true)
        var screen = try ScriptedScreen.run(in: temp.path, keys: [Key.down, "d"])
        XCTAssertTrue(screen.header.contains("| sort du |"), screen.text)
        XCTAssertTrue(screen.status.hasPrefix("du: "), screen.status)
        XCTAssertFalse(screen.text.contains("scanning"), screen.text)
        let rows = screen.frame.dropFirst().prefix(2).map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertTrue(rows[0].hasPrefix("1 ") && rows[0].hasSuffix("big >"), screen.text)
        XCTAssertTrue(rows[1].hasPrefix("2 ") && rows[1].hasSuffix("small >"), screen.text)
        screen = try ScriptedScreen.run(in: temp.path, keys: [Key.down, "d", "g", Key.enter])
        XCTAssertTrue(screen.header.contains("/big | 2 entries | sort du"), screen.header)
        XCTAssertTrue(screen.frame[1].trimmingCharacters(in: .whitespaces).hasSuffix("a.bin"), screen.text)
        screen = try ScriptedScreen.run(in: temp.path, keys: [Key.down, "d", "g", Key.enter, Key.left, "s"])
        XCTAssertTrue(screen.header.contains("| sort name |"), screen.header)
    }

    /// The screen's plan ends with the `total:` line, as the prompt's does
    /// (it had only the header), on the line above the status line; the
    /// plan is opened with `:marks` typed on the status line.
    func testThePlanLevelEndsWithItsTotal() throws {
        let temp = try makeTree()
        let screen = try ScriptedScreen.run(in: temp.path, keys: [" ", ":", "marks", Key.enter])
        XCTAssertTrue(screen.header.hasPrefix("marks | 1 marked path"), screen.header)
        XCTAssertTrue(screen.frame[22].hasPrefix("total: 1 file, 0 directories, 35 bytes"), screen.text)
        XCTAssertTrue(screen.frame.allSatisfy { $0.trimmingCharacters(in: .whitespaces).count < 80 }, screen.text)
    }

    /// The screen and its `:` line read one stream of keys: typed in one
    /// burst, `:sort size`, Enter and `j` give the line its command and the
    /// view its `j` (nothing lost or swapped at either hand-over).
    func testKeysTypedFastAfterTheColonGoToTheLineAndThenToTheView() throws {
        let temp = try makeTree()
        let screen = try ScriptedScreen.run(in: temp.path, keys: [":sort size\rj"])
        XCTAssertTrue(screen.header.contains("| sort size"), screen.header)
        XCTAssertEqual(screen.highlighted?.hasPrefix("2 "), true, screen.text)
        XCTAssertTrue(screen.status.hasSuffix("2/4"), screen.status)
    }

    /// A scrolling list: Down past the last row scrolls the rows up by one
    /// (no page turned, the highlight stays on the bottom row), Up past the
    /// top scrolls them down; the status line says where the highlight is.
    func testDownPastTheBottomScrollsARowAtATime() throws {
        let temp = try TemporaryTree()
        for index in 1...100 { temp.file(String(format: "f%03d", index), contents: "\(index)\n") }
        func rows(_ screen: ScriptedScreen) -> [String] {
            screen.frame.dropFirst().prefix(22).map { $0.trimmingCharacters(in: .whitespaces) }
        }
        let down = Array(repeating: "j", count: 30)
        var screen = try ScriptedScreen.run(in: temp.path, keys: down)
        XCTAssertEqual(screen.highlighted, "31 f031")
        XCTAssertTrue(screen.status.hasSuffix("31/100"), screen.status)
        XCTAssertEqual(rows(screen).first, "10 f010", screen.text)
        XCTAssertEqual(rows(screen).last, "31 f031", screen.text)
        XCTAssertTrue(screen.frame.allSatisfy { $0.count < 80 }, "nothing reaches the last column:\n\(screen.text)")
        let up = down + Array(repeating: "k", count: 25)
        screen = try ScriptedScreen.run(in: temp.path, keys: up)
        XCTAssertEqual(screen.highlighted, "6 f006")
        XCTAssertTrue(screen.status.hasSuffix("6/100"), screen.status)
        XCTAssertEqual(rows(screen).first, "6 f006", screen.text)
        XCTAssertEqual(rows(screen).last, "27 f027", screen.text)
        screen = try ScriptedScreen.run(in: temp.path, keys: up + ["G"])
        XCTAssertEqual(screen.highlighted, "100 f100")
        XCTAssertEqual(rows(screen).first, "79 f079", screen.text)
        // Scrolled by a row, a frame writes about a row, not the table.
        let before = try ScriptedScreen.run(in: temp.path, keys: down)
        let after = try ScriptedScreen.run(in: temp.path, keys: down + ["j"])
        XCTAssertLessThan(after.written.utf8.count - before.written.utf8.count, 600)
    }

    /// At 200 columns the detail pane shows the highlighted row's content (a
    /// text file's first lines, tabs expanded; a binary file in hex; a
    /// directory's entries); Enter shows a file full width; narrower than
    /// 120 columns the pane goes and nothing is wider than the screen.
    func testTheDetailPaneAtTwoHundredColumnsAndResize() throws {
        let temp = try makeTree()
        func run(_ keys: [String], then more: [ScriptedTerminal.Event] = []) throws -> ScriptedScreen {
            try ScriptedScreen.run(in: temp.path, events: keys.map { .keys(Array($0.utf8)) } + more, rows: 60, columns: 200)
        }
        var screen = try run([])
        XCTAssertTrue(screen.text.contains("│ first line      after a tab"), screen.text)
        XCTAssertTrue(screen.text.contains("│ second line"), screen.text)
        screen = try run(["j"])
        XCTAssertTrue(screen.text.contains("│ 00000000: 0001 02de adbe ef"), screen.text)
        screen = try run(["j", "j"])
        XCTAssertTrue(screen.text.contains("│ guide.txt") && screen.text.contains("│ notes.md"), screen.text)
        screen = try run(["j", "j", "k", "k", Key.enter])
        XCTAssertTrue(screen.header.hasPrefix("alpha.txt  lines 1-2"), screen.header)
        screen = try run([Key.enter, "q"])
        XCTAssertTrue(screen.text.contains("│ first line"), screen.text)
        screen = try run([], then: [.resize(rows: 24, columns: 80)])
        XCTAssertFalse(screen.text.contains("│"), screen.text)
        XCTAssertEqual(screen.frame.count, 24)
        XCTAssertTrue(screen.frame.allSatisfy { $0.count <= 80 }, screen.text)
        screen = try run([], then: [.resize(rows: 24, columns: 80), .keys(Array("\t".utf8))])
        XCTAssertTrue(screen.text.contains("│ first line"), "Tab brings the pane back:\n\(screen.text)")
    }

    /// `?` and the commands typed on the status line after `:`: the keys'
    /// help whole at 80 columns, the table standing while the line is typed,
    /// Tab completing, one-line answers on the status line, long ones as
    /// pages over the table in the screen's words, questions asked with one
    /// key over the names they cover, x's hex line whole, and `:quit` told
    /// that q leaves the screen.
    func testCommandsTypedOnTheStatusLine() throws {
        let temp = try makeTree()
        func run(_ keys: [String]) throws -> ScriptedScreen { try ScriptedScreen.run(in: temp.path, keys: keys) }
        // `?` at 80 columns: every summary whole, wrapped beside its keys.
        var keys = ["?"]
        var help = try run(keys)
        XCTAssertTrue(help.text.hasPrefix("filetable's screen: the keys"), help.text)
        var pages = help.text
        while !help.text.contains("a key returns to the table"), keys.count < 10 {
            XCTAssertFalse(help.text.contains("…"), "a key's summary cut:\n\(help.text)")
            keys.append(" ")
            help = try run(keys)
            pages += help.text
        }
        XCTAssertTrue(pages.contains("with --screen") && pages.contains("q back."), pages)
        XCTAssertTrue(try run(keys + ["x"]).header.contains(" | 4 entries | sort name"), "a key returns to the table")
        // The table stays while the line is typed; Tab completes.
        var screen = try run([":", "sort si"])
        XCTAssertTrue(screen.header.hasPrefix("/tmp/") && screen.header.contains(" | 4 entries | sort name"), screen.text)
        XCTAssertEqual(screen.frame.last?.trimmingCharacters(in: .whitespaces), ":sort si")
        keys = [":", "sort si", "\t", Key.enter]
        XCTAssertTrue(try run(keys).header.contains("| sort size"))
        screen = try run(keys + [":pwd", Key.enter])
        XCTAssertTrue(screen.status.hasPrefix(temp.path), screen.status)
        XCTAssertTrue(screen.header.contains(" | 4 entries | sort size"), screen.header)
        screen = try run(keys + [":info alpha.txt", Key.enter])
        XCTAssertTrue(screen.text.contains("-- a key returns to the table --"), screen.text)
        XCTAssertTrue(screen.text.contains("type:        file") && screen.text.contains("content:     text"), screen.text)
        XCTAssertTrue(try run(keys + [":info alpha.txt", Key.enter, "q"]).header.contains("| sort size"))
        // help's pages: whole lines as wide as the screen, and the last in the screen's words.
        var helpKeys = keys + [":help", Key.enter]
        help = try run(helpKeys)
        XCTAssertTrue(help.text.hasPrefix("Commands"), help.text)
        XCTAssertTrue(help.text.contains(" more lines: a key, or q --"), help.text)
        XCTAssertFalse(help.text.contains("row N …"), "help's lines whole, as wide as the screen:\n\(help.text)")
        while !help.text.contains("-- a key returns to the table --"), helpKeys.count < 20 {
            helpKeys.append(" ")
            help = try run(helpKeys)
            XCTAssertFalse(help.text.hasPrefix("Commands"), "the next screen, the first gone:\n\(help.text)")
        }
        XCTAssertTrue(help.text.contains("A key shows the next page, q returns to the table"), help.text)
        XCTAssertFalse(help.text.contains("An empty line"), help.text)
        // Mistakes and hints on the status line name the screen's keys, not the prompt's.
        XCTAssertTrue(try run(keys + [":frob", Key.enter]).status.hasPrefix("unknown command 'frob'; ':help' lists them, '?' the keys"))
        XCTAssertTrue(try run(keys + [":more", Key.enter]).status.hasPrefix("more: a file shown here scrolls with its keys"))
        screen = try run(keys + [":find zulu", Key.enter])
        XCTAssertTrue(screen.status.contains("(':find' for the next match)"), screen.status)
        XCTAssertEqual(screen.highlighted?.hasPrefix("4 zulu.log"), true, screen.text)
        // Marking the folder asks with one key; n keeps it out of the plan.
        screen = try run(keys + [":mark docs", Key.enter])
        XCTAssertTrue(screen.text.contains("for deletion? [y/N]"), screen.text)
        XCTAssertEqual(try run(keys + [":mark docs", Key.enter, "n"]).status.hasPrefix("mark: nothing marked"), true)
        // Several rows: their names over the question.
        keys += [":mark *[gt]", Key.enter]
        screen = try run(keys)
        XCTAssertTrue(screen.text.contains("  alpha.txt\n  zulu.log\n"), screen.text)
        keys.append("y")
        screen = try run(keys)
        XCTAssertTrue(screen.status.hasPrefix("marked 2 (2 in the plan"), screen.status)
        XCTAssertTrue(screen.header.contains("| plan: 2 marks, frees "), screen.header)
        // x at 80 columns: hexdump -C's whole line.
        screen = try run(keys + ["/", "blob", Key.enter, "x"])
        XCTAssertTrue(screen.text.contains("00000000  00 01 02 de ad be ef                              |.......|"), screen.text)
        screen = try run(keys + ["/", "blob", Key.enter, "x", "q", ":filter", Key.enter])
        XCTAssertTrue(
            screen.header.contains("| 2 entries |") && screen.header.contains("| plan: 2 marks, frees "),
            "two rows marked and hidden: \(screen.header)")
        XCTAssertTrue(try run(keys + [":quit", Key.enter]).status.hasPrefix("quit: q leaves the screen"))
    }

    /// Enter on an archive enters it as a directory (l on a member directory
    /// goes down, h back out), and Enter on a member shows it in the viewer.
    func testEnterOpensAnArchiveAndItsMembers() throws {
        let temp = try TemporaryTree.inMemory()
        temp.file("note.txt", contents: (1...50).map { "line \($0)\n" }.joined())
        let made = try CommandRunner.shell("mkdir -p inner && mv note.txt inner/ && tar czf pack.tgz inner && rm -r inner", in: temp.url)
        try XCTSkipIf(made.status != 0, "skipped: tar or gzip is not installed")
        var screen = try ScriptedScreen.run(in: temp.path, keys: [Key.enter])
        XCTAssertTrue(screen.header.contains("pack.tgz:/ | 1 member"), screen.header)
        XCTAssertEqual(screen.highlighted, "1  inner >")
        // The pane beside a member directory lists what is in it, from the archive's index.
        let wide = try ScriptedScreen.run(in: temp.path, keys: [Key.enter], rows: 30, columns: 160)
        XCTAssertTrue(wide.text.contains("│ note.txt"), wide.text)
        screen = try ScriptedScreen.run(in: temp.path, keys: [Key.enter, "l"])
        XCTAssertTrue(screen.header.contains("pack.tgz:/inner | 1 member"), screen.header)
        screen = try ScriptedScreen.run(in: temp.path, keys: [Key.enter, "l", Key.enter])
        XCTAssertTrue(screen.header.hasPrefix("note.txt  lines 1-22 of 50"), screen.header)
        screen = try ScriptedScreen.run(in: temp.path, keys: [Key.enter, "l", Key.enter, "q", "h", "h"])
        XCTAssertTrue(screen.header.contains(" | 1 entry") && !screen.header.contains("pack.tgz"), screen.header)
        XCTAssertEqual(screen.highlighted, "1 pack.tgz")
    }

    /// Esc cancels, as in every peer: it closes the `:` line (the next `:`
    /// typed `::abc`), clears a filter kept with Enter with the highlight
    /// staying on its file, and a y/N question takes only y, n, Enter or
    /// Esc (a stray key counted as no).
    func testEscCancelsTheCommandLineAKeptFilterAndAQuestion() throws {
        let temp = try makeTree()
        var screen = try ScriptedScreen.run(in: temp.path, keys: [":", "abc", Key.escape, ":", "pwd", Key.enter])
        XCTAssertEqual(screen.status.components(separatedBy: "  ").first, temp.path, screen.status)
        // A filter kept with Enter, the highlight moved to its second row; Esc clears it there.
        screen = try ScriptedScreen.run(in: temp.path, keys: ["/", "l", Key.enter, Key.down])
        XCTAssertTrue(screen.header.contains("| 3 entries |"), screen.text)
        XCTAssertEqual(screen.highlighted, "2 blob.bin", screen.text)
        screen = try ScriptedScreen.run(in: temp.path, keys: ["/", "l", Key.enter, Key.down, Key.escape])
        XCTAssertTrue(screen.header.contains("| 4 entries |"), screen.header)
        XCTAssertEqual(screen.highlighted, "2 blob.bin", screen.text)
        // A stray key at the question asks again; n then answers it.
        screen = try ScriptedScreen.run(in: temp.path, keys: [":mark docs", Key.enter, "M"])
        XCTAssertTrue(screen.text.contains("y or n: ") && screen.text.contains("deletion? [y/N]"), screen.text)
        screen = try ScriptedScreen.run(in: temp.path, keys: [":mark docs", Key.enter, "M", "y"])
        XCTAssertTrue(screen.status.hasPrefix("marked 1"), screen.status)
        screen = try ScriptedScreen.run(in: temp.path, keys: [":mark docs", Key.enter, Key.escape])
        XCTAssertTrue(screen.status.hasPrefix("mark: nothing marked"), screen.status)
    }

    /// Keys say what they did: one `?` does not list says so (ranger's `~`
    /// and `yy` did nothing, silently), `r` reverses the order and again
    /// puts it back, and Ctrl-G shows the last message whole where the
    /// status line cut it.
    func testKeysSayWhatTheyDid() throws {
        let temp = try makeTree()
        let unbound = try ScriptedScreen.run(in: temp.path, keys: ["~"]).status
        XCTAssertEqual(unbound.components(separatedBy: "  ").first, "~: not a key here; ? lists the keys")
        XCTAssertEqual(try ScriptedScreen.run(in: temp.path, keys: ["r"]).highlighted, "1 zulu.log")
        XCTAssertEqual(try ScriptedScreen.run(in: temp.path, keys: ["r", "r"]).highlighted, "1 alpha.txt")
        XCTAssertTrue(try ScriptedScreen.run(in: temp.path, keys: ["?"], rows: 60, columns: 100).text.contains("the order reversed"))
        let cut = try ScriptedScreen.run(in: temp.path, keys: [":du", Key.enter], columns: 24)
        XCTAssertTrue(cut.status.contains("…"), cut.status)
        let whole = try ScriptedScreen.run(in: temp.path, keys: [":du", Key.enter, Key.control("g")], columns: 24)
        XCTAssertTrue(whole.text.contains("du: ") && whole.text.contains("file"), whole.text)
        XCTAssertFalse(whole.text.split(separator: "\n").contains { $0.hasPrefix("du: ") && $0.contains("…") }, whole.text)
    }

    /// The file view takes less's counts, as the prompt's viewer does (`50g`,
    /// `50%`, `5j`, `3n`), and past the last match says "Pattern not found"
    /// as less does.
    func testTheFileViewTakesCountsAndSaysWhenAPatternIsNotFound() throws {
        let temp = try TemporaryTree()
        temp.file("long.txt", contents: (1...100).map { $0 % 10 == 0 ? "line \($0) tick\n" : "line \($0)\n" }.joined())
        func header(_ keys: [String]) throws -> String { try ScriptedScreen.run(in: temp.path, keys: [Key.enter] + keys).header }
        let search: [String] = ["/", "tick", Key.enter]
        let expected: [([String], String)] = [
            (["5", "0", "g"], "long.txt  lines 50-71 of 100"), (["5", "j"], "long.txt  lines 6-27 of 100"),
            (["5", "0", "%"], "long.txt  lines 5"), (search, "long.txt  lines 10-31 of 100"),
            (search + ["3", "n"], "long.txt  lines 40-61 of 100"),
        ]
        for (keys, start) in expected {
            let shown = try header(keys)
            XCTAssertTrue(shown.hasPrefix(start), "\(keys): \(shown)")
        }
        let past = try ScriptedScreen.run(in: temp.path, keys: [Key.enter] + search + ["2", "0", "n"])
        XCTAssertTrue(past.status.hasPrefix("Pattern not found"), past.status)
    }

    /// `:style columns` in the screen says what it does there (it was
    /// ignored in silence): the prompt's pages take it, the screen a row a line.
    func testStyleColumnsSaysWhatItDoesInTheScreen() throws {
        let temp = try makeTree()
        let screen = try ScriptedScreen.run(in: temp.path, keys: [":style columns", Key.enter], columns: 120)
        XCTAssertTrue(screen.status.hasPrefix("style columns: kept for the prompt's pages"), screen.status)
    }

    /// `mark --keep` asks with each copy's path below where you are (it
    /// listed bare names: `copyright`, `copyright`).
    func testMarkKeepAsksWithEachCopysPath() throws {
        let temp = try TemporaryTree.threeCopies(of: "copyright", contents: "the same\n")
        let screen = try ScriptedScreen.run(in: temp.path, keys: [":dupes", Key.enter, ":mark --keep first", Key.enter])
        XCTAssertTrue(screen.text.contains("  b/copyright\n  c/copyright\n"), screen.text)
        XCTAssertTrue(screen.text.contains("for deletion? [y/N]"), screen.text)
    }
}
