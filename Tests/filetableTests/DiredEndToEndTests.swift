import Foundation
import TestSupport
import XCTest

/// `--dired` (`-D`) as Emacs' dired reads `ls --dired`: every long line
/// indented by two spaces, then the byte places of every name
/// (`//DIRED//`), of every directory header's name (`//SUBDIRED//`), and
/// the quoting style the names were written in. Dired cuts the names out of
/// the output by those places, so the tests do the same: whatever a name
/// looks like, its place must give exactly its bytes. Against ls where it
/// is installed.
final class DiredEndToEndTests: XCTestCase {
    /// A name that is not UTF-8.
    private static let badName = Array("bad".utf8) + [0xFF] + Array("byte".utf8)

    private func makeTree() throws -> TemporaryTree {
        let temp = try TemporaryTree()
        try temp.folder("sub")
        temp.file("plain", contents: "x")
        temp.file("with space")
        _ = temp.file(Array("tab\there".utf8))
        _ = temp.file(Self.badName)
        try temp.link("link", to: "plain")
        temp.file("inner", in: "sub")
        return temp
    }

    /// The numbers after `prefix` on the line that starts with it.
    private func places(_ output: Data, _ prefix: String) -> [Int] {
        let lines = String(decoding: output, as: UTF8.self).split(separator: "\n")
        guard let line = lines.first(where: { $0.hasPrefix(prefix) }) else { return [] }
        return line.dropFirst(prefix.count).split(separator: " ").compactMap { Int($0) }
    }

    /// What dired reads: the bytes between each pair of places.
    private func namesByPlace(_ output: Data, _ prefix: String) -> [[UInt8]] {
        let bytes = [UInt8](output)
        let numbers = places(output, prefix)
        return stride(from: 0, to: numbers.count - 1, by: 2).map { Array(bytes[numbers[$0]..<numbers[$0 + 1]]) }
    }

    func testPlacesGiveEachNameExactlyIntoAPipe() throws {
        let temp = try makeTree()
        let result = try CommandRunner.run(["-l", "--dired", "--time-style=+T"], in: temp.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        let names = namesByPlace(result.stdout, "//DIRED//").map { String(decoding: $0, as: UTF8.self) }
        // Names exactly as they are (ls's literal style into a pipe); the link's target is not part of its name.
        XCTAssertEqual(names, ["bad\u{FFFD}byte", "link", "plain", "sub", "tab\there", "with space"])
        XCTAssertEqual(namesByPlace(result.stdout, "//DIRED//").first, Self.badName)
        let text = result.text
        XCTAssertTrue(text.hasPrefix("  total "), text)
        for line in text.split(separator: "\n") where !line.hasPrefix("//") { XCTAssertTrue(line.hasPrefix("  "), String(line)) }
        XCTAssertTrue(text.hasSuffix("//DIRED-OPTIONS// --quoting-style=literal\n"), text)
        XCTAssertFalse(text.contains("//SUBDIRED//"), "no headers, no header places")
        // -D is the same letter.
        XCTAssertEqual(try CommandRunner.run(["-lD", "--time-style=+T"], in: temp.url).stdout, result.stdout)
    }

    func testQuotedNamesAndHeadersAreFoundWithTheirQuotes() throws {
        let temp = try makeTree()
        let quoted = try CommandRunner.run(["-lRD", "-Q", "--time-style=+T"], in: temp.url)
        XCTAssertEqual(quoted.status, 0, quoted.stderr)
        let names = namesByPlace(quoted.stdout, "//DIRED//").map { String(decoding: $0, as: UTF8.self) }
        XCTAssertEqual(names, ["\"bad\\377byte\"", "\"link\"", "\"plain\"", "\"sub\"", "\"tab\\there\"", "\"with space\"", "\"inner\""])
        let headers = namesByPlace(quoted.stdout, "//SUBDIRED//").map { String(decoding: $0, as: UTF8.self) }
        XCTAssertEqual(headers, ["\".\"", "\"./sub\""])
        XCTAssertTrue(quoted.text.contains("\n  \"./sub\":\n"), quoted.text)
        XCTAssertTrue(quoted.text.hasSuffix("//DIRED-OPTIONS// --quoting-style=c\n"), quoted.text)
        // Shell quoting pads unquoted names by a space, which is not part of the name.
        let shell = try CommandRunner.run(["-lD", "--quoting-style=shell-escape", "--time-style=+T"], in: temp.url)
        XCTAssertEqual(
            namesByPlace(shell.stdout, "//DIRED//").map { String(decoding: $0, as: UTF8.self) },
            ["'bad'$'\\377''byte'", "link", "plain", "sub", "'tab'$'\\t''here'", "'with space'"])
    }

    /// A header is a path's bytes too: a directory whose name is not UTF-8
    /// keeps its bytes (with `--zero` as well), never U+FFFD.
    func testAHeaderThatIsNotUTF8KeepsItsBytes() throws {
        let temp = try TemporaryTree()
        let directory = Array("d".utf8) + [0xFF]
        _ = try CommandRunner.shell("mkdir \"$(printf 'd\\377')\" && touch \"$(printf 'd\\377')/f\"", in: temp.url)
        let dired = try CommandRunner.run(["-lRD", "--time-style=+T"], in: temp.url)
        XCTAssertEqual(namesByPlace(dired.stdout, "//SUBDIRED//"), [Array(".".utf8), Array("./".utf8) + directory])
        XCTAssertEqual(namesByPlace(dired.stdout, "//DIRED//"), [directory, Array("f".utf8)])
        let zero = try CommandRunner.run(["-R", "--zero"], in: temp.url)
        XCTAssertEqual([UInt8](zero.stdout), Array(".:\n".utf8) + directory + [0, 0x0A] + Array("./".utf8) + directory + Array(":\nf".utf8) + [0])
    }

    func testColoursAreNotCounted() throws {
        let temp = try makeTree()
        let plain = try CommandRunner.run(["-lD", "--time-style=+T"], in: temp.url)
        let coloured = try CommandRunner.run(
            ["-lD", "--color=always", "--time-style=+T"], in: temp.url, environment: ["LS_COLORS": "no=01:di=01;34:ln=target"])
        XCTAssertTrue(coloured.text.contains("\u{1B}["), coloured.text)
        XCTAssertEqual(places(coloured.stdout, "//DIRED//"), places(plain.stdout, "//DIRED//"))
    }

    func testOnlyWithALongListing() throws {
        let temp = try makeTree()
        // Without -l, or with links, dired is off: no indent, no places (as ls).
        XCTAssertEqual(try CommandRunner.run(["-D"], in: temp.url).stdout, try CommandRunner.run(["-1"], in: temp.url).stdout)
        let linked = try CommandRunner.run(["-lD", "--hyperlink=always"], in: temp.url)
        XCTAssertFalse(linked.text.contains("//DIRED"), linked.text)
        let zero = try CommandRunner.run(["-lD", "--zero"], in: temp.url)
        XCTAssertEqual(zero.status, 2)
        XCTAssertEqual(zero.stderr, "filetable: --dired and --zero are incompatible\n")
        XCTAssertEqual(zero.stdout, Data())
    }

    func testDiredIsLsDiredWhereLsIsInstalled() throws {
        guard CommandRunner.lsAccepts("--dired") else { throw XCTSkip("ls is not installed; the places are checked against the names above") }
        let temp = try makeTree()
        let letters = [
            "-l --dired", "-lD", "-lD -Q", "-lD --quoting-style=c", "-lD --quoting-style=escape", "-lD --quoting-style=shell-escape",
            "-lD --quoting-style=shell-escape-always", "-lDR", "-lD . sub", "-lD plain link sub", "-lDF", "-lDp", "-lDi", "-lDs", "-lDh",
            "-lDa", "-lDd sub .", "-lD --full-time", "-lDg", "-lD -G -n", "-lDS --si", "-lDL", "-lD --color=always",
            "-lD --hyperlink=always",
        ]
        let scripts = letters.map { "TOOL \($0) --time-style=+T 2>&1 | od -c; echo \"status $?\"" }
        try CommandRunner.assertSameAsPeer(scripts, peer: "ls", in: temp.url) { letters[$0] }
    }
}
