import XCTest

@testable import FileBrowsing
@testable import SystemSeam

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
        // Inside a script or an emoji sequence the joiners and selectors stay;
        // between ASCII letters they only hide, and are escaped.
        for kept in ["می\u{200C}خواهم", "\u{1F468}\u{200D}\u{1F469}", "\u{2764}\u{FE0F}", "\u{2764}\u{FE0F}.txt", "क्\u{200D}ष"] {
            XCTAssertEqual(NameEscaping.escape(Array(kept.utf8)), kept)
        }
        XCTAssertEqual(NameEscaping.escape(Array("ab\u{200C}c\u{200D}d".utf8)), "ab\\u{200C}c\\u{200D}d")
        XCTAssertEqual(NameEscaping.escape(Array("a\u{FE0F}".utf8)), "a\\u{FE0F}")
    }

    /// Every default-ignorable code point and blank look-alike the defects
    /// issue named prints as an escape, in names, messages and the shell plan.
    func testDefaultIgnorablesAndBlankLookAlikesAreEscapedEverywhere() {
        let scalars: [UInt32] = [
            0xE0041, 0x00AD, 0x034F, 0x115F, 0x3164, 0x180E, 0x1D173, 0xFFF9, 0x2800, 0x00A0, 0x2003, 0x3000, 0x17B4, 0xFFA0, 0x1BCA0,
        ]
        for value in scalars {
            let scalar = String(Unicode.Scalar(value)!)
            let name = Array(("report" + scalar + ".txt").utf8)
            let expected = "report\\u{" + String(value, radix: 16, uppercase: true) + "}.txt"
            XCTAssertEqual(NameEscaping.escape(name), expected)
            XCTAssertEqual(NameEscaping.terminalSafe("report" + scalar + ".txt"), expected)
            XCTAssertEqual(NameEscaping.unescape(expected), name)
            XCTAssertTrue(ShellQuoting.needsANSIC(name), expected)
            XCTAssertFalse(ShellQuoting.word(name).contains { $0 >= 0x80 }, expected)
        }
    }

    func testShellWordsAreSingleQuotedUnlessTheyHoldWhatWouldBeEscaped() {
        XCTAssertEqual(String(decoding: ShellQuoting.word(Array("it's".utf8)), as: UTF8.self), "'it'\\''s'")
        // Any byte above ASCII is written \xHH in $'…' (in GB18030 a raw one inside '…' took the quote).
        XCTAssertFalse(ShellQuoting.needsANSIC(Array("plain back\\slash".utf8)))
        XCTAssertEqual(String(decoding: ShellQuoting.word(Array("naïve".utf8)), as: UTF8.self), "$'na\\xC3\\xAFve'")
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
