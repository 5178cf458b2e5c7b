import Foundation
import TestSupport
import XCTest

/// `--hyperlink` as ls draws it: each name (and `-l`'s link target, and
/// `-R`'s headers) inside an OSC 8 link to `file://HOST/PATH`, the path
/// absolute with its links resolved and percent-escaped; compared with GNU
/// ls where it knows the option, and checked by its parts otherwise.
final class HyperlinkEndToEndTests: XCTestCase {
    private var temp: TemporaryTree!

    override func setUpWithError() throws {
        temp = try TemporaryTree()
        let script = """
            touch 'a b' 'c%d' plain; mkdir -p sub 'odd dir/inner'
            ln -s sub link; ln -s nowhere dangling; ln -s link twice; ln -s loop loop
            """
        XCTAssertEqual(try CommandRunner.shell(script, in: temp.url).status, 0)
    }

    override func tearDown() { temp = nil }

    private static let lsKnowsHyperlinks = CommandRunner.lsAccepts("--hyperlink=always")

    func testListingsMatchLs() throws {
        let cases: [[String]] = [
            ["--hyperlink=always"], ["--hyperlink"], ["-l", "--hyperlink=always"], ["-C", "-w", "40", "--hyperlink=always"],
            ["-x", "-w", "30", "--hyperlink=always"], ["-m", "--hyperlink=always"], ["-a", "--hyperlink=always"],
            ["-R", "--hyperlink=always"], ["-lF", "--color=always", "--hyperlink=always"], ["-Q", "--hyperlink=yes"],
            ["--hyperlink=auto"], ["--hyperlink=never"], ["-d", "--hyperlink=always", "link", "sub/..", "odd dir"],
        ]
        for arguments in cases {
            let operands = arguments.contains("-d") ? [] : ["."]
            let ours = try CommandRunner.run(["-U"] + arguments + operands, in: temp.url, environment: ["LS_COLORS": "di=01;34:ln=01;36"])
            XCTAssertEqual(ours.status, 0, "\(arguments): \(ours.stderr)")
            if arguments.contains("--hyperlink=auto") || arguments.contains("--hyperlink=never") {
                XCTAssertFalse(ours.text.contains("\u{1B}]8;;"), "\(arguments) links into a pipe")
                continue
            }
            XCTAssertTrue(ours.text.contains("\u{1B}]8;;file://"), "\(arguments): \(ours.text)")
            guard Self.lsKnowsHyperlinks else { continue }
            let quoted = (arguments + operands).map { "'\($0)'" }.joined(separator: " ")
            let theirs = try CommandRunner.shell("LC_ALL=C LS_COLORS='di=01;34:ln=01;36' ls -U \(quoted)", in: temp.url)
            XCTAssertEqual(ours.text, theirs.text, "\(arguments)")
        }
        if !Self.lsKnowsHyperlinks { print("skipped the comparison with ls: this ls has no --hyperlink") }
    }

    /// The URI's parts, whatever ls is installed: the host, the resolved
    /// path, the escapes, and the link's end.
    func testTheLinkNamesTheResolvedFileEscaped() throws {
        // Not in the comparison with ls: its C locale counts this name's width otherwise.
        temp.file("caf\u{E9}")
        let ours = try CommandRunner.run(["-1", "-U", "--hyperlink=always", "."], in: temp.url)
        let host = CommandRunner.system("hostname").trimmingCharacters(in: .whitespacesAndNewlines)
        let base = "file://" + host + (try CommandRunner.shell("pwd -P", in: temp.url)).text.trimmingCharacters(in: .newlines)
        let lines = ours.text.split(separator: "\n").map(String.init)
        func line(_ name: String) -> String? { lines.first { $0.hasSuffix("\u{07}" + name + "\u{1B}]8;;\u{07}") } }
        XCTAssertEqual(line("a b"), "\u{1B}]8;;\(base)/a%20b\u{07}a b\u{1B}]8;;\u{07}")
        XCTAssertTrue(line("c%d")?.contains("\(base)/c%25d\u{07}") == true, "\(lines)")
        XCTAssertTrue(line("caf\u{E9}")?.contains("/caf%c3%a9\u{07}") == true, "\(lines)")
        XCTAssertTrue(line("link")?.contains("\(base)/sub\u{07}") == true, "a link is linked to what it resolves to")
        XCTAssertTrue(line("twice")?.contains("\(base)/sub\u{07}") == true, "through a chain of links")
        XCTAssertTrue(line("dangling")?.contains("\(base)/nowhere\u{07}") == true, "a missing target kept as written")
        XCTAssertNotNil(line("loop"), "a loop of links is listed")
    }

    /// ls's option, refused by name after --tree and --du rather than dropped.
    func testOtherModesRefuseIt() throws {
        for mode in ["--tree", "--du"] {
            let result = try CommandRunner.run([mode, "--hyperlink", "."], in: temp.url)
            XCTAssertEqual(result.status, 1, mode + ": du's and tree's status for a bad option")
            XCTAssertTrue(result.stderr.contains("--hyperlink is ls's"), "\(mode): \(result.stderr)")
        }
    }
}
