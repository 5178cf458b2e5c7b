import Foundation
import TestSupport
import XCTest

/// `--tree` follows the locale as tree does: in the C locale (or one not
/// installed) ASCII lines and names a byte at a time (`\t`, `\ `, `\\`,
/// `\ooo`); in a UTF-8 locale its lines and names a character at a time
/// (`\011`, `\233`, UTF-8 as it is), but a bidirectional override, a
/// zero-width space or a tag character as its code point in octal where
/// tree writes it raw. Golden outputs of tree 2.1; compared with tree where
/// it is installed.
final class TreeLocaleEndToEndTests: XCTestCase {
    private func makeTree() throws -> TemporaryTree {
        let temp = try TemporaryTree()
        let names: [[UInt8]] = [
            Array("a\tb".utf8), Array("a b".utf8), Array("back\\slash".utf8), Array("c\u{1}d".utf8), [0x65, 0xFF, 0x66],
            Array("g\u{E9}h".utf8), Array("i\u{202E}j".utf8), Array("k\u{9B}l".utf8), Array("z\u{200B}w".utf8),
        ]
        for name in names { _ = temp.file(name) }
        try temp.link("lnk", to: "tar get\u{1}")
        return temp
    }

    private static let cLocale = """
        .
        |-- a\\tb
        |-- a\\ b
        |-- back\\\\slash
        |-- c\\001d
        |-- e\\377f
        |-- g\\303\\251h
        |-- i\\342\\200\\256j
        |-- k\\302\\233l
        |-- lnk -> tar\\ get\\001
        `-- z\\342\\200\\213w

        1 directory, 10 files

        """

    private static let utf8Locale = """
        .
        ├── a\\011b
        ├── a b
        ├── back\\slash
        ├── c\\001d
        ├── e\\377f
        ├── g\u{E9}h
        ├── i\\20056j
        ├── k\\233l
        ├── lnk -> tar get\\001
        └── z\\20013w

        1 directory, 10 files

        """

    func testNamesAndLinesFollowTheLocale() throws {
        let temp = try makeTree()
        for (locale, expected) in [("C", Self.cLocale), ("POSIX", Self.cLocale), ("C.UTF-8", Self.utf8Locale)] {
            let ours = try CommandRunner.run(["--tree", "."], in: temp.url, environment: ["LC_ALL": locale])
            XCTAssertEqual(ours.text, expected, locale)
            // LANG counts when LC_ALL and LC_CTYPE say nothing, as setlocale reads them.
            let fromLang = try CommandRunner.shell("unset LC_ALL LC_CTYPE; LANG=\(locale) \"$FILETABLE\" --tree .", in: temp.url)
            XCTAssertEqual(fromLang.text, expected, "LANG=\(locale)")
        }
        // A locale that is not installed is the C locale, as for tree.
        let missing = try CommandRunner.run(["--tree", "."], in: temp.url, environment: ["LC_ALL": "xx_NOWHERE.UTF-8"])
        XCTAssertEqual(missing.text, Self.cLocale)
        // --charset chooses the lines whatever the locale; the names still follow it.
        let ascii = try CommandRunner.run(["--tree", "--charset", "ascii", "."], in: temp.url, environment: ["LC_ALL": "C.UTF-8"])
        XCTAssertTrue(ascii.text.contains("|-- a\\011b\n"), ascii.text)
        let lines = try CommandRunner.run(["--tree", "--charset", "utf-8", "."], in: temp.url, environment: ["LC_ALL": "C"])
        XCTAssertTrue(lines.text.contains("├── a\\tb\n"), lines.text)
        // ls's quoting style, when asked for, wins.
        let quoted = try CommandRunner.run(["--tree", "--quoting-style=c", "."], in: temp.url, environment: ["LC_ALL": "C"])
        XCTAssertTrue(quoted.text.contains("|-- \"a\\tb\"\n"), quoted.text)
        // ls's own listings do not follow the locale.
        XCTAssertEqual(
            try CommandRunner.run(["-1", "."], in: temp.url, environment: ["LC_ALL": "C"]).text,
            try CommandRunner.run(["-1", "."], in: temp.url, environment: ["LC_ALL": "C.UTF-8"]).text)
    }

    func testNamesAreTreesWhereTreeIsInstalled() throws {
        guard CommandRunner.isInstalled("tree") else { throw XCTSkip("tree is not installed; the golden outputs hold the behaviour") }
        let temp = try makeTree()
        for locale in ["C", "C.UTF-8"] {
            let ours = try CommandRunner.run(["--tree", "-a", "."], in: temp.url, environment: ["LC_ALL": locale]).text
            var theirs = try CommandRunner.shell("LC_ALL=\(locale) tree -a .", in: temp.url).text
            // tree writes these two raw in a UTF-8 locale; filetable escapes them.
            for (raw, escaped) in [("\u{202E}", "\\20056"), ("\u{200B}", "\\20013")] where locale != "C" {
                theirs = theirs.replacingOccurrences(of: raw, with: escaped)
            }
            XCTAssertEqual(ours, theirs, locale)
        }
    }
}
