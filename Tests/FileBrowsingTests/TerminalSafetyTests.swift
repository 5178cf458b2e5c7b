import XCTest

@testable import FileBrowsing

/// The escaping that everything printed goes through, and the shell words of
/// the `--sh` export.
final class TerminalSafetyTests: XCTestCase {
    func testTerminalSafeEscapesControlsButKeepsBackslashesAndNewText() {
        XCTAssertEqual(NameEscaping.terminalSafe("unknown command '\u{1B}[A'"), "unknown command '\\x1B[A'")
        XCTAssertEqual(NameEscaping.terminalSafe("open 2\u{1B}]0;pwned\u{07}"), "open 2\\x1B]0;pwned\\x07")
        XCTAssertEqual(NameEscaping.terminalSafe("a\\x41 stays"), "a\\x41 stays", "already escaped text passes unchanged")
        XCTAssertEqual(NameEscaping.terminalSafe("c1 \u{9B}31m bidi \u{202E} zw \u{200B}"), "c1 \\u{9B}31m bidi \\u{202E} zw \\u{200B}")
        XCTAssertEqual(NameEscaping.terminalSafe("naïve 日本"), "naïve 日本")
    }

    func testTypedBytesThatAreNotUTF8BecomeHexEscapes() {
        XCTAssertEqual(NameEscaping.typedText(Array("sort ".utf8) + [0xFF]), "sort \\xFF")
        XCTAssertEqual(NameEscaping.typedText(Array("é".utf8) + [0xC3]), "é\\xC3")
        XCTAssertEqual(NameEscaping.unescape(NameEscaping.typedText([0x61, 0xFE, 0x62])), [0x61, 0xFE, 0x62])
    }

    func testInvisibleCharactersAreEscapedJoinersAreNot() {
        for scalar in ["\u{200B}", "\u{2060}", "\u{2061}", "\u{2064}", "\u{FEFF}"] {
            let name = Array(("a" + scalar + "b").utf8)
            XCTAssertNotEqual(NameEscaping.escape(name), "a" + scalar + "b")
            XCTAssertEqual(NameEscaping.unescape(NameEscaping.escape(name)), name)
        }
        XCTAssertEqual(NameEscaping.escape(Array("ab\u{200C}c\u{200D}d".utf8)), "ab\u{200C}c\u{200D}d")
    }

    func testShellWordsAreSingleQuotedUnlessTheyHoldWhatWouldBeEscaped() {
        XCTAssertEqual(String(decoding: ShellQuoting.word(Array("it's".utf8)), as: UTF8.self), "'it'\\''s'")
        XCTAssertFalse(ShellQuoting.needsANSIC(Array("naïve back\\slash".utf8)))
        XCTAssertEqual(String(decoding: ShellQuoting.word(Array("a\nb'c\\".utf8)), as: UTF8.self), "$'a\\x0Ab\\'c\\\\'")
        XCTAssertEqual(String(decoding: ShellQuoting.word([0x69, 0xFF]), as: UTF8.self), "$'i\\xFF'")
        // No byte above ASCII stands raw in $'…': in GBK 0x81 would swallow the backslash of \'.
        XCTAssertEqual(String(decoding: ShellQuoting.word(Array("丁'\u{01}".utf8)), as: UTF8.self), "$'\\xE4\\xB8\\x81\\'\\x01'")
        XCTAssertEqual(String(decoding: ShellQuoting.word(Array("x\u{202E}y".utf8)), as: UTF8.self), "$'x\\xE2\\x80\\xAEy'")
    }

    func testTimeKeysKeepTheOrderOfFarDates() {
        let dates: [Int64] = [-20_000_000_000, -1, 0, 1_700_000_000, 10_413_792_000, 20_000_000_000]
        let keys = dates.map { DirectoryListing.timeKey(Timestamp(seconds: $0, nanoseconds: 5)) }
        XCTAssertEqual(keys, keys.sorted())
        XCTAssertLessThan(
            DirectoryListing.timeKey(Timestamp(seconds: 7, nanoseconds: 1)), DirectoryListing.timeKey(Timestamp(seconds: 7, nanoseconds: 2)))
        XCTAssertEqual(~DirectoryListing.timeKey(Timestamp(seconds: .min, nanoseconds: .min)) > 0, true, "the lowest key negates without trapping")
    }
}
