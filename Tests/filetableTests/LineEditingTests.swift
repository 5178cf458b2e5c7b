import Foundation
import TestSupport
import XCTest

@testable import FileBrowsing
@testable import FiletableCLI
@testable import Terminal

/// The line editor's parts without a terminal: the editing buffer (wide and
/// combining characters), the key decoder, the history and completion.
final class LineEditingTests: XCTestCase {
    func testWideAndCombiningCharactersAreOneStepAndTheirRealWidth() {
        var buffer = EditBuffer("ls 日本🙂e\u{301}x")
        XCTAssertEqual(buffer.characters.count, 8, "e and its combining accent are one character")
        XCTAssertEqual(buffer.columns(upTo: buffer.cursor), 3 + 2 + 2 + 2 + 1 + 1)
        buffer.moveLeft()
        buffer.moveLeft()
        XCTAssertEqual(buffer.columns(upTo: buffer.cursor), 9, "the cursor stands before é, after three wide characters")
        buffer.deleteBackward()
        XCTAssertEqual(buffer.text, "ls 日本e\u{301}x", "backspace takes the whole emoji")
        buffer.deleteForward()
        XCTAssertEqual(buffer.text, "ls 日本x", "delete takes e with its accent")
        buffer.insert("語")
        XCTAssertEqual(buffer.text, "ls 日本語x")
        XCTAssertEqual(buffer.columns(upTo: buffer.cursor), 9)
    }

    func testEmacsEditsCutAndYank() {
        var buffer = EditBuffer("mark notes.txt build")
        buffer.killWordBackward()
        XCTAssertEqual(buffer.text, "mark notes.txt ")
        buffer.yank()
        XCTAssertEqual(buffer.text, "mark notes.txt build")
        buffer.moveHome()
        buffer.moveWordRight()
        XCTAssertEqual(buffer.cursor, 4)
        buffer.killWordForward()
        XCTAssertEqual(buffer.text, "mark.txt build", "Alt-D cuts to the end of the next word")
        buffer.moveEnd()
        buffer.moveWordLeft()
        XCTAssertEqual(buffer.cursor, 9)
        buffer.killToEnd()
        XCTAssertEqual(buffer.text, "mark.txt ")
        buffer.killToStart()
        XCTAssertEqual(buffer.text, "")
        buffer.yank()
        XCTAssertEqual(buffer.text, "mark.txt ")
        // Cutting the whole line and putting it back twice, again and again,
        // doubles it each time: the line stops at its maximum length.
        var growing = EditBuffer("abcdefgh")
        for _ in 0..<20 {
            growing.killWordBackward()
            growing.yank()
            growing.yank()
        }
        XCTAssertEqual(growing.characters.count, EditBuffer.maximumLength)
        XCTAssertEqual(growing.cursor, EditBuffer.maximumLength)
        var swap = EditBuffer("sl")
        swap.transpose()
        XCTAssertEqual(swap.text, "ls", "Ctrl-T at the end swaps the last two")
        var middle = EditBuffer("abc")
        middle.moveLeft()
        middle.transpose()
        XCTAssertEqual(middle.text, "acb")
        XCTAssertEqual(middle.cursor, 3)
    }

    private func keys(_ chunks: [[UInt8]], endOfBurst: Bool = true) -> [Key] {
        var decoder = KeyDecoder()
        var keys: [Key] = []
        for chunk in chunks {
            decoder.feed(chunk)
            while let key = decoder.next() { keys.append(key) }
        }
        if endOfBurst { while let key = decoder.next(endOfBurst: true) { keys.append(key) } }
        return keys
    }

    func testKeyDecoderReadsWhatTerminalsSend() {
        let esc: UInt8 = 0x1B
        XCTAssertEqual(
            keys([[esc] + Array("[A".utf8), [esc] + Array("OB".utf8), [esc] + Array("[C".utf8), [esc] + Array("[D".utf8)]),
            [.up, .down, .right, .left])
        XCTAssertEqual(
            keys([[esc] + Array("[H".utf8), [esc] + Array("OF".utf8), [esc] + Array("[1~".utf8), [esc] + Array("[4~".utf8)]),
            [.home, .end, .home, .end])
        XCTAssertEqual(keys([[esc] + Array("[3~".utf8), [esc] + Array("[5~".utf8), [esc] + Array("[6~".utf8)]), [.delete, .pageUp, .pageDown])
        XCTAssertEqual(keys([[esc] + Array("[1;5C".utf8), [esc] + Array("[1;3D".utf8)]), [.wordRight, .wordLeft])
        XCTAssertEqual(
            keys([[esc, 0x62], [esc, 0x7F], [0x01, 0x17, 0x7F, 0x09, 0x0D]]),
            [.alt("b"), .alt("\u{7F}"), .control("a"), .control("w"), .backspace, .tab, .enter])
        // A sequence split between reads waits for its end.
        XCTAssertEqual(keys([[esc], Array("[".utf8), Array("D".utf8)]), [.left])
        // A lone Esc is Escape once no more bytes come.
        XCTAssertEqual(keys([[esc]]), [.escape])
        // UTF-8 split between reads is held back, not shown as \xHH.
        let smile = Array("🙂".utf8)
        XCTAssertEqual(keys([Array("a".utf8) + smile[0..<2], Array(smile[2...])], endOfBurst: false), [.text("a"), .text("🙂")])
        // Bytes that are not UTF-8 arrive as typed text with \xHH.
        XCTAssertEqual(keys([[0x61, 0xFF]]), [.text("a\\xFF")])
    }

    func testBracketedPasteIsOneKeyEvenAcrossReads() {
        let start = Array("\u{1B}[200~".utf8)
        let end = Array("\u{1B}[201~".utf8)
        XCTAssertEqual(keys([start + Array("cd a\rquit\r".utf8) + end]), [.paste(Array("cd a\rquit\r".utf8))])
        // Split anywhere, even inside the end marker, the paste stays whole,
        // and nothing in it is taken as a key.
        XCTAssertEqual(
            keys([start + Array("rm\r".utf8), Array("x".utf8) + end[0..<3], Array(end[3...])]),
            [.paste(Array("rm\rx".utf8))])
    }

    /// A pasted text that holds the end marker itself: what follows the
    /// marker in the same burst is pasted text too, never keys (it used to
    /// run: Enter and all). Keys typed after a pause are keys again.
    func testAPasteHoldingItsEndMarkerRunsNothing() {
        let start = Array("\u{1B}[200~".utf8)
        let end = Array("\u{1B}[201~".utf8)
        var decoder = KeyDecoder()
        decoder.feed(start + Array("ls".utf8) + end + Array("marks clear\r".utf8) + end)
        var found: [Key] = []
        while let key = decoder.next() { found.append(key) }
        XCTAssertEqual(found, [.paste(Array("ls".utf8)), .paste(Array("marks clear\r".utf8))])
        XCTAssertNil(decoder.next(endOfBurst: true), "the burst is over")
        decoder.feed(Array("q\r".utf8))
        XCTAssertEqual(decoder.next(), .text("q"))
        XCTAssertEqual(decoder.next(), .enter)
    }

    /// A paste start whose end never comes: after the editor's pause the
    /// paste is over, and Ctrl-C and Enter are keys again.
    func testAnUnterminatedPasteEnds() {
        var decoder = KeyDecoder()
        decoder.feed(Array("\u{1B}[200~half".utf8))
        XCTAssertNil(decoder.next())
        XCTAssertNil(decoder.next(endOfBurst: true))
        XCTAssertTrue(decoder.isInsidePaste)
        XCTAssertEqual(decoder.endUnterminatedPaste(), .paste(Array("half".utf8)))
        decoder.feed([0x03, 0x0D])
        XCTAssertEqual(decoder.next(), .control("c"))
        XCTAssertEqual(decoder.next(), .enter)
    }

    /// A control key ends a paste whose end marker never came, at once:
    /// Ctrl-C, Ctrl-D and Esc are keys again (they were swallowed).
    func testAControlKeyEndsAPasteWithNoEnd() {
        let start = Array("\u{1B}[200~".utf8)
        for (byte, key) in [(UInt8(0x03), Key.control("c")), (0x04, .control("d"))] {
            var decoder = KeyDecoder()
            decoder.feed(start + Array("abc".utf8) + [byte] + Array("q".utf8))
            XCTAssertEqual(decoder.next(), .paste(Array("abc".utf8)))
            XCTAssertEqual(decoder.next(), key)
            XCTAssertEqual(decoder.next(endOfBurst: true), .text("q"))
            XCTAssertFalse(decoder.isInsidePaste)
        }
        var decoder = KeyDecoder()
        decoder.feed(start + Array("abc\n\tdef".utf8) + [0x1B])
        XCTAssertNil(decoder.next(), "an Esc may start the end marker")
        decoder.feed(Array("x".utf8))
        XCTAssertEqual(decoder.next(), .paste(Array("abc\n\tdef".utf8)))
        XCTAssertEqual(decoder.next(), .alt("x"))
    }

    /// Ctrl-R's prompt shows typed text terminal-safe: a C1 CSI (c2 9b) and
    /// a right-to-left override (e2 80 ae) as escapes, never raw.
    func testHistorySearchShowsTypedControlsEscaped() {
        let history = History(file: nil)
        history.add("sort size")
        var search = HistorySearch()
        for bytes in [[0xC2, 0x9B, 0x32, 0x4A], [0xE2, 0x80, 0xAE]] as [[UInt8]] {
            var decoder = KeyDecoder()
            decoder.feed(bytes)
            while let key = decoder.next(endOfBurst: true) { XCTAssertEqual(search.take(key, in: history), .searching) }
        }
        XCTAssertTrue(search.failed)
        XCTAssertFalse(
            search.prompt.unicodeScalars.contains { (0x80...0x9F).contains($0.value) || $0.value == 0x202E }, search.prompt.debugDescription)
        XCTAssertTrue(search.prompt.hasPrefix("(failed reverse-i-search)'"), search.prompt)
        var found = HistorySearch()
        for key: Key in [.text("siz"), .control("r")] { _ = found.take(key, in: history) }
        XCTAssertEqual(found.match, 0)
        XCTAssertEqual(found.take(.enter, in: history), .finished(match: 0))
    }

    func testHistoryKeepsWhatIsWorthKeepingAndSavesPrivately() throws {
        let temp = try TemporaryTree()
        let file = Array((temp.path + "/state/filetable/history").utf8)
        let history = History(file: file, limit: 3)
        for line in ["list", "list", " secret", "open 1", "", "sort size", "info 2"] { history.add(line) }
        XCTAssertEqual(history.entries, ["open 1", "sort size", "info 2"], "no repeats, no space-led lines, at most the limit")
        XCTAssertEqual(history.search("o", before: 3), 2)
        XCTAssertEqual(history.search("o", before: 2), 1)
        XCTAssertEqual(history.search("open", before: 3), 0)
        XCTAssertEqual(history.search("sort", before: 0, forward: true), 1)
        XCTAssertNil(history.save())
        var status = stat()
        XCTAssertEqual(stat(temp.path + "/state/filetable/history", &status), 0)
        XCTAssertEqual(status.st_mode & 0o777, 0o600)
        XCTAssertEqual(History(file: file, limit: 3).entries, history.entries, "read back in the next session")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temp.path + "/state/filetable"), ["history"], "no temporary file left")
        // Each line once, at its newest place, in the session and in the file
        // (one written before kept `clear` five times); a viewer key is taken back.
        let repeats = Array((temp.path + "/repeats").utf8)
        FileManager.default.createFile(atPath: temp.path + "/repeats", contents: Data("clear\nls\nclear\nclear\nview 1\nclear\n".utf8))
        let again = History(file: repeats)
        XCTAssertEqual(again.entries, ["ls", "view 1", "clear"])
        for line in ["ls", "view 2", "G"] { again.add(line) }
        again.forget("G")
        again.add("sort size")
        XCTAssertEqual(again.entries, ["view 1", "clear", "ls", "view 2", "sort size"])
        XCTAssertNil(again.save())
        XCTAssertEqual(History(file: repeats).entries, ["view 1", "clear", "ls", "view 2", "sort size"])
        let exists: ([UInt8]) -> Bool = { $0 == Array("/x".utf8) || $0 == Array("/home/u".utf8) }
        XCTAssertEqual(
            History.defaultFile(environment: { $0 == "XDG_STATE_HOME" ? "/x/state" : "/home/u" }, isDirectory: exists).file,
            Array("/x/state/filetable/history".utf8))
        // A history file holding escape sequences reads back escaped, never raw.
        let hostile = temp.path + "/hostile"
        try Data([0x1B, 0x5D, 0x30, 0x3B, 0x78, 0x07, 0x0A, 0x6C, 0x73, 0x0A]).write(to: URL(fileURLWithPath: hostile))
        let read = History(file: Array(hostile.utf8))
        XCTAssertEqual(read.entries.count, 2)
        XCTAssertFalse(read.entries[0].unicodeScalars.contains { $0.value < 0x20 }, read.entries[0].debugDescription)
        XCTAssertEqual(read.entries[1], "ls")
        XCTAssertEqual(
            History.defaultFile(environment: { $0 == "HOME" ? "/home/u" : nil }, isDirectory: exists).file,
            Array("/home/u/.local/state/filetable/history".utf8))
        // A home that does not exist is never made: the history is off, and says so.
        let missing = History.defaultFile(environment: { $0 == "HOME" ? "/nowhere" : nil }, isDirectory: exists)
        XCTAssertNil(missing.file)
        XCTAssertEqual(missing.offBecause, "history is off: HOME (/nowhere) does not exist, and filetable never makes it")
        XCTAssertNil(History.defaultFile(environment: { $0 == "XDG_STATE_HOME" ? "/gone/state" : nil }, isDirectory: exists).file)
    }

    /// Two sessions at once both keep their lines (the last to quit used to
    /// win); a history that is a link to /dev/zero, or huge, is read within
    /// bounds; a stale temporary file left by a crash does not block saving.
    func testHistoryMergesOnSaveAndStaysBounded() throws {
        let temp = try TemporaryTree()
        let path = temp.path + "/history"
        let file = Array(path.utf8)
        let first = History(file: file)
        let second = History(file: file)
        first.add("from first")
        second.add("from second")
        XCTAssertNil(first.save())
        // A temporary file of this process's first choice is in the way.
        try Data("stale".utf8).write(to: URL(fileURLWithPath: temp.path + "/.filetable-\(getpid())-0.tmp"))
        XCTAssertNil(second.save())
        XCTAssertEqual(History(file: file).entries, ["from first", "from second"])
        // /dev/zero put in its place: read as nothing, at once.
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/zero")
        XCTAssertEqual(History(file: file).entries, [])
        // A file of 3 MiB: the newest lines within 1 MiB, none cut.
        try FileManager.default.removeItem(atPath: path)
        let lines = (0..<300_000).map { "line \($0)" }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
        let big = History(file: file)
        XCTAssertEqual(big.entries.count, 1000)
        XCTAssertEqual(big.entries.last, "line 299999")
    }

    func testCompletionOffersCommandsWordsRowsAndPaths() throws {
        let temp = try TemporaryTree()
        try temp.folder("sub dir")
        try temp.folder("subway")
        temp.file("notes.txt")
        temp.file("notebook")
        let session = try Session(
            path: Array(temp.path.utf8), output: OutputSink(fd: open("/dev/null", O_WRONLY)),
            settings: Session.Settings())
        let completer = CommandCompleter(session: session)
        func offered(_ line: String) -> [String] { completer.complete(EditBuffer(line)).candidates }
        XCTAssertEqual(offered("so"), ["sort"])
        XCTAssertEqual(offered("sort s"), ["size"])
        XCTAssertEqual(offered("sort size "), ["asc", "desc"])
        XCTAssertEqual(offered("group "), ["none", "letter", "kind"])
        XCTAssertEqual(offered("marks export plan --j"), ["--json"])
        XCTAssertEqual(offered("info note"), ["notebook", "notes.txt"])
        XCTAssertEqual(offered("open su"), ["'sub dir'", "subway"], "a name with a space comes quoted")
        XCTAssertEqual(offered("cd su"), ["'sub dir/'", "subway/"])
        // Both kinds of quote: the candidate reads back as the name.
        temp.file("'quote\"")
        try session.current.model.reload()
        XCTAssertEqual(offered("info \"'q"), ["\"'quote\\x22\""])
        let typed = try CommandRunner.run(["-e", "info " + offered("info \"'q")[0], temp.path])
        XCTAssertEqual(typed.status, 0, typed.stderr)
        XCTAssertTrue(typed.text.contains("path:        \(temp.path)/'quote\"\n"), typed.text)
        XCTAssertEqual(offered("help hi"), ["hidden", "hide", "history"])
        XCTAssertEqual(LineEditor.commonPrefix(["notebook", "notes.txt"]), "note")
    }

    /// Completing a name over a huge table stops when Ctrl-C is typed (the
    /// editor's cancel check says so) and offers nothing rather than a part.
    func testCompletionOverAHugeTableStopsWhenCancelled() throws {
        let temp = try TemporaryTree.inMemory()
        _ = try CommandRunner.shell("seq -f 'entry%g' 70000 | xargs touch", in: temp.url)
        let session = try Session(
            path: Array(temp.path.utf8), output: OutputSink(fd: open("/dev/null", O_WRONLY)),
            settings: Session.Settings())
        XCTAssertEqual(session.current.model.rowCount, 70000)
        var asked = 0
        let cancelled = CommandCompleter(
            session: session,
            isCancelled: {
                asked += 1
                return true
            })
        XCTAssertEqual(cancelled.complete(EditBuffer("info entry")).candidates, [])
        XCTAssertEqual(asked, 1, "asked once, before the table's end")
        let patient = CommandCompleter(session: session, isCancelled: { false })
        XCTAssertEqual(patient.complete(EditBuffer("info entry6999")).candidates.count, 11)
    }
}
