import Foundation
import TestSupport
import XCTest

/// Arguments a peer takes that a bounds check once refused: run by a
/// peer's name, filetable takes them as the peer does (GNU ls lists with
/// any width or tab size, xxd dumps with any group and a negative length,
/// tree cuts a long `--timefmt` at its buffer), and refuses what the peer
/// refuses (`du -s -a`). Checked against the installed tools when there are.
final class PeerHostileArgumentsEndToEndTests: XCTestCase {
    private var temp: TemporaryTree!
    private var links: String { temp.path + "/bin" }

    override func setUpWithError() throws {
        temp = try TemporaryTree()
        try temp.folder("bin")
        for name in ["ls", "du", "tree", "xxd"] { XCTAssertEqual(symlink(CommandRunner.executable.path, links + "/" + name), 0) }
        try temp.folder("t/sub")
        for name in ["alpha", "beta", "gamma", "delta"] { temp.file(name, contents: "some bytes\n", in: "t") }
    }

    private func run(_ script: String) throws -> CommandResult {
        try CommandRunner.shell("PATH='\(links)':\"$PATH\"; { \(script); } </dev/null", in: temp.url.appendingPathComponent("t"))
    }

    private func peer(_ script: String) throws -> CommandResult {
        try CommandRunner.shell("{ \(script); } </dev/null", in: temp.url.appendingPathComponent("t"))
    }

    func testLsTakesAnyWidthAndTabSize() throws {
        let wide = try run("ls -C -w 99999999999999999999")
        XCTAssertEqual(wide.status, 0, wide.stderr)
        XCTAssertEqual(wide.text, try run("ls -C -w 0").text, "past any width: no limit, as GNU ls")
        let tabs = try run("ls -C -w 20 -T 99999999999999")
        XCTAssertEqual(tabs.status, 0, tabs.stderr)
        XCTAssertEqual(tabs.text, try run("ls -C -w 20 -T 0").text, "a tab stop past any width: spaces")
        XCTAssertNotEqual(try run("ls -w abc").status, 0, "not a number: still refused")
        if CommandRunner.isInstalled("ls") {
            XCTAssertEqual(wide.text, try peer("ls -C -w 99999999999999999999").text)
        }
    }

    func testDuRefusesSummarizeWithAll() throws {
        let refused = try run("du -s -a .")
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(refused.text, "")
        XCTAssertEqual(refused.stderr, "du: cannot both summarize and show all entries\nTry 'du --help' for more information.\n")
        XCTAssertEqual(try run("du -d 0 -a .").status, 0, "-d 0 with -a is du's to take")
    }

    func testXxdTakesAnyGroupAndANegativeLength() throws {
        let input = "printf 'hello, hostile arguments\\n'"
        XCTAssertEqual(try run("\(input) | xxd -g 99999").text, try run("\(input) | xxd -g 16").text, "a group past the line: the line")
        XCTAssertEqual(try run("\(input) | xxd -l -1").text, try run("\(input) | xxd").text, "a negative length: no limit")
        for letters in ["-g 99999", "-l -1", "-l -5 -g 300"] where CommandRunner.isInstalled("xxd") {
            XCTAssertEqual(try run("\(input) | xxd \(letters)").text, try peer("\(input) | xxd \(letters)").text, letters)
        }
    }

    /// tree formats a time into a 255-byte buffer: a longer `--timefmt` is
    /// cut at 254 bytes, at a whole conversion.
    func testTreeCutsALongTimeFormatAsTreeDoes() throws {
        let format = String(repeating: "x", count: 300)
        let drawn = try run("tree -D --timefmt '\(format)' .")
        XCTAssertEqual(drawn.status, 0, drawn.stderr)
        XCTAssertTrue(drawn.text.hasPrefix("[" + String(repeating: "x", count: 254) + "]  .\n"), drawn.text.prefix(300).description)
        let years = String(repeating: "%Y", count: 100)
        let cut = try run("tree -D --timefmt '\(years)' .").text
        XCTAssertEqual(cut.split(separator: "]").first.map { $0.count - 1 }, 252, "63 whole years of 4 digits")
        if CommandRunner.isInstalled("tree") {
            XCTAssertEqual(drawn.text, try peer("tree -D --timefmt '\(format)' .").text)
            XCTAssertEqual(cut, try peer("tree -D --timefmt '\(years)' .").text)
        }
    }
}
