import Foundation
import TestSupport
import XCTest

/// The newest xxd's letters after `--xxd` (and through a link named xxd):
/// `-R` colours, `-E`, `-i -b`, `-t`, `-e` with any columns, `-r -b`, `-v`,
/// decimal and negative offsets. Goldens in `Golden/xxd-2026` are the
/// output of xxd 2026-06-16 (vim's src/xxd/xxd.c, built from its source;
/// the installed xxd is older and lacks these), byte for byte.
final class XxdNewestLettersEndToEndTests: XCTestCase {
    /// The inputs the goldens were made from, by name.
    private static let inputs: [String: [UInt8]] = [
        "all256": Array(0...255),
        "bits4": [0x00, 0x09, 0x41, 0xFF],
        "text12": Array("hello world\n".utf8),
        "zeros": Array("abc".utf8) + [UInt8](repeating: 0, count: 100) + Array("xyz".utf8),
        "zerosend": Array("abc".utf8) + [UInt8](repeating: 0, count: 64),
        "zerosflush": Array("abcdefgh".utf8) + [UInt8](repeating: 0, count: 32),
        "abcdef": Array("ABCDEF\n".utf8),
        "abcdefghi": Array("ABCDEFGHI\n".utf8),
        "test10": Array("TESTabcd09\n".utf8),
        "empty": [],
    ]

    /// Golden name, xxd's arguments, input.
    private static let cases: [(String, String, String)] = [
        ("R-always-c4", "-R always -c 4", "all256"),
        ("R-always", "-R always", "all256"),
        ("R-always-short", "-R always", "text12"),
        ("R-always-c5", "-R always -c 5", "text12"),
        ("R-always-e-c5", "-R always -e -c 5", "text12"),
        ("R-always-e", "-R always -e", "text12"),
        ("R-always-b-c4", "-R always -b -c 4", "bits4"),
        ("R-always-b", "-R always -b", "text12"),
        ("R-always-a-c8", "-R always -a -c 8", "zeros"),
        ("R-always-a-end", "-R always -a -c 8", "zerosend"),
        ("R-always-a-flush", "-R always -a -c 8", "zerosflush"),
        ("R-always-E", "-Ralways -E", "all256"),
        ("R-always-d-g1-u", "-R always -d -g1 -u", "text12"),
        ("E", "-E", "all256"),
        ("e-c6", "-e -c6", "abcdef"),
        ("e-c9", "-e -c9", "abcdefghi"),
        ("e-g8-c6", "-e -g 8 -c 6", "all256"),
        ("i-b", "-i -b", "test10"),
        ("i-t", "-i -t", "test10"),
        ("i-b-t", "-i -b -t", "test10"),
        ("i-t-l3", "-i -t -l 3", "test10"),
        ("i-t-l20", "-i -t -l 20", "test10"),
        ("i-t-empty", "-i -t", "empty"),
        ("i-b-c4-u", "-i -b -c 4 -u", "test10"),
        ("d-o-big", "-d -o 9223372036854775808", "text12"),
        ("o-negative", "-o -5", "zeros"),
        ("p-c0-empty", "-p -c 0", "empty"),
    ]

    private func writeInputs() throws -> TemporaryTree {
        let temp = try TemporaryTree()
        for (name, bytes) in Self.inputs {
            XCTAssertTrue(FileManager.default.createFile(atPath: temp.path + "/" + name, contents: Data(bytes)))
        }
        return temp
    }

    /// Each case byte for byte as xxd 2026 writes it, after `--xxd` and
    /// through a link named xxd; colours, short lines, odd groups and the
    /// `-a` run flushed at the end (uncoloured, as xxd writes it) included.
    func testOutputsAreTheNewestXxds() throws {
        let temp = try writeInputs()
        let link = temp.path + "/bin/xxd"
        try FileManager.default.createDirectory(atPath: temp.path + "/bin", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: CommandRunner.executable.path)
        for (golden, arguments, input) in Self.cases {
            let expected = try Data(
                contentsOf: CommandRunner.packageRoot.appendingPathComponent("Tests/filetableTests/Golden/xxd-2026/\(golden)"))
            for command in ["\"$FILETABLE\" --xxd", "bin/xxd"] {
                let result = try CommandRunner.shell("\(command) \(arguments) \(input)", in: temp.url)
                XCTAssertEqual(result.status, 0, "\(command) \(arguments): \(result.stderr)")
                XCTAssertEqual(Data(result.text.utf8), expected, "\(command) \(arguments) \(input)")
            }
        }
    }

    /// Colours by default only at a terminal whose TERM is set and not
    /// dumb, and not with NO_COLOR; never into OUTFILE unless `always`;
    /// `--color` after --xxd is -R.
    func testColoursFollowXxdsRules() throws {
        let temp = try writeInputs()
        let escape = "\u{1B}["
        let piped = try CommandRunner.shell("\"$FILETABLE\" --xxd text12", in: temp.url)
        XCTAssertFalse(piped.text.contains(escape))
        XCTAssertTrue(try CommandRunner.shell("\"$FILETABLE\" --xxd --color=always text12", in: temp.url).text.contains(escape + "1;32m"))
        XCTAssertFalse(try CommandRunner.shell("\"$FILETABLE\" --xxd -R auto text12", in: temp.url).text.contains(escape))
        XCTAssertFalse(try CommandRunner.shell("\"$FILETABLE\" --xxd -p -R always text12", in: temp.url).text.contains(escape))
        XCTAssertFalse(try CommandRunner.shell("\"$FILETABLE\" --xxd -i -R always text12", in: temp.url).text.contains(escape))
        _ = try CommandRunner.shell("\"$FILETABLE\" --xxd -R always text12 forced && \"$FILETABLE\" --xxd text12 plain", in: temp.url)
        XCTAssertTrue((try String(contentsOfFile: temp.path + "/forced", encoding: .utf8)).contains(escape))
        XCTAssertFalse((try String(contentsOfFile: temp.path + "/plain", encoding: .utf8)).contains(escape))
        // At a terminal (script(1) gives one): coloured, unless NO_COLOR, TERM=dumb or TERM unset.
        guard CommandRunner.isInstalled("script") else { throw XCTSkip("script(1) is not installed: no terminal to test auto colours at") }
        // `environment`: env(1)'s arguments, after NO_COLOR is taken out (the test runner may set it).
        let atTerminal = { (environment: String) throws -> String in
            try CommandRunner.shell("env -u NO_COLOR \(environment) script -qec '\"$FILETABLE\" --xxd text12' /dev/null", in: temp.url).text
        }
        let coloured = try atTerminal("TERM=xterm")
        XCTAssertTrue(coloured.contains(escape + "1;32m"), coloured)
        XCTAssertFalse(try atTerminal("TERM=xterm NO_COLOR=1").contains(escape))
        XCTAssertFalse(try atTerminal("TERM=dumb").contains(escape))
        XCTAssertFalse(try atTerminal("-u TERM").contains(escape))
    }

    /// `-r -b` reads bit dumps back (vim's test cases), with a short last
    /// line and a round trip; a line of digits alone is an offset, not bytes.
    func testBitDumpsReadBack() throws {
        let temp = try writeInputs()
        let cases: [(String, String)] = [
            (
                "printf '00000000: 01000001 01100010 01000011 01100100 01000101 01100110 01000111 01101000  AbCdEfGh' | \"$FILETABLE\" --xxd -r -b1 -c 8",
                "AbCdEfGh"
            ),
            (
                "printf '00000000: 01000001 01100010 01000011 01100100 01000101 01100110  AbCdEf\\n00000006: 01000111 01101000                                      Gh\\n' | \"$FILETABLE\" --xxd -r -b",
                "AbCdEfGh"
            ),
            ("\"$FILETABLE\" --xxd -b all256 | \"$FILETABLE\" --xxd -r -b | cmp - all256 && echo same", "same\n"),
            ("\"$FILETABLE\" --xxd -b -c 5 text12 | \"$FILETABLE\" --xxd -r -b -c 5", "hello world\n"),
            ("printf '%0515d\\n' 1 | tr 0 1 | \"$FILETABLE\" --xxd -r -b; printf '%0515d\\n' 1 | tr 0 1 | \"$FILETABLE\" --xxd -r", ""),
        ]
        for (command, expected) in cases {
            let result = try CommandRunner.shell(command, in: temp.url)
            XCTAssertEqual(result.status, 0, "\(command): \(result.stderr)")
            XCTAssertEqual(result.text, expected, command)
            XCTAssertEqual(result.stderr, "", command)
        }
    }

    /// `-v` names the xxd it copies on standard error, as xxd writes its
    /// version; a bad `-R` word or a seek before the start is refused; run
    /// as xxd the usage lines name xxd.
    func testVersionAndRefusals() throws {
        let temp = try writeInputs()
        let version = try CommandRunner.shell("\"$FILETABLE\" --xxd -v", in: temp.url)
        XCTAssertEqual(version.status, 0)
        XCTAssertEqual(version.text, "")
        XCTAssertTrue(version.stderr.contains("xxd 2026-06-16 by Juergen Weigert et al."), version.stderr)
        let badWord = try CommandRunner.shell("\"$FILETABLE\" --xxd -R sometimes text12", in: temp.url)
        XCTAssertEqual(badWord.status, 1)
        XCTAssertTrue(badWord.stderr.contains("Usage:"), badWord.stderr)
        let beforeStart = try CommandRunner.shell("\"$FILETABLE\" --xxd -s -20 text12", in: temp.url)
        XCTAssertNotEqual(beforeStart.status, 0)
        XCTAssertEqual(beforeStart.text, "")
        XCTAssertTrue(beforeStart.stderr.contains("text12: cannot start 20 bytes before the end: it has 12 bytes"), beforeStart.stderr)
        try FileManager.default.createDirectory(atPath: temp.path + "/bin", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: temp.path + "/bin/xxd", withDestinationPath: CommandRunner.executable.path)
        let usage = try CommandRunner.shell("bin/xxd -c", in: temp.url)
        XCTAssertEqual(usage.status, 1)
        XCTAssertTrue(usage.stderr.contains("Usage:\n       xxd [options] [infile [outfile]]"), usage.stderr)
    }
}
