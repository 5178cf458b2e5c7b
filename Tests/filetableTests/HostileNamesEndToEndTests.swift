import Foundation
import TestSupport
import XCTest

@testable import Terminal

/// Names with control bytes, invalid UTF-8 and bidi overrides: escaped on every
/// human-readable line, exact in --json and --print0.
final class HostileNamesEndToEndTests: XCTestCase {
    private let hostile: [[UInt8]] = [
        Array("new\nline".utf8),
        Array("esc\u{1B}[31mred".utf8),
        Array("c1-\u{9B}31m".utf8),
        [0x72, 0x61, 0x77, 0x9B],
        Array("bidi-\u{202E}evil.txt".utf8),
        [0x69, 0x6E, 0x76, 0xFF, 0xFE],
        Array("back\\slash".utf8),
        Array("tab\there".utf8),
    ]

    private func makeTree() throws -> TemporaryTree {
        let temp = try TemporaryTree()
        for name in hostile { temp.file(name, contents: "x") }
        return temp
    }

    /// True if the output holds a byte a terminal would act on.
    private func containsTerminalControl(_ data: Data) -> Bool {
        let text = String(decoding: data, as: UTF8.self)
        if text.contains("\u{FFFD}") { return true }  // invalid UTF-8 passed through
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v == 0x0A { continue }
            if v < 0x20 || v == 0x7F || (0x80...0x9F).contains(v) || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) {
                return true
            }
        }
        return false
    }

    func testHumanReadableFormatsNeverCarryControlCharacters() throws {
        let temp = try makeTree()
        for flags in [["-1"], ["-l"], ["-R"], ["--tree"], ["-lF"]] {
            let result = try CommandRunner.run(flags + ["."], in: temp.url)
            XCTAssertEqual(result.status, 0, "flags \(flags): \(result.stderr)")
            XCTAssertFalse(containsTerminalControl(result.stdout), "flags \(flags) let a control character through")
        }
    }

    func testEveryEntryStaysOnOneLineAndReadsBackToItsName() throws {
        let temp = try makeTree()
        let result = try CommandRunner.run(["-1", "."], in: temp.url)
        let lines = result.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        XCTAssertEqual(lines.count, hostile.count)
        XCTAssertTrue(lines.contains("new\\nline"))
        XCTAssertTrue(lines.contains("esc\\x1B[31mred"))
        XCTAssertTrue(lines.contains("c1-\\u{9B}31m"))
        XCTAssertTrue(lines.contains("raw\\x9B"))
        XCTAssertTrue(lines.contains("bidi-\\u{202E}evil.txt"))
        XCTAssertTrue(lines.contains("back\\\\slash"))
    }

    func testPrint0GivesExactNames() throws {
        let temp = try makeTree()
        let result = try CommandRunner.run(["-0", "."], in: temp.url)
        var names = result.stdout.split(separator: 0, omittingEmptySubsequences: false).map { Array($0) }
        XCTAssertEqual(names.removeLast(), [])
        XCTAssertEqual(Set(names), Set(hostile))
    }

    func testJSONIsValidAndCarriesExactBytesForInvalidUTF8() throws {
        let temp = try makeTree()
        try temp.link("dangling", to: "nowhere")
        let result = try CommandRunner.run(["--json", "."], in: temp.url)
        XCTAssertEqual(result.status, 0)
        let objects = try result.text.split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
        }
        XCTAssertEqual(objects.count, hostile.count + 1)
        let invalid = objects.first { ($0["name_hex"] as? String) != nil }
        XCTAssertEqual(invalid?["name_hex"] as? String, "696e76fffe")
        XCTAssertEqual(objects.filter { $0["name_hex"] != nil }.count, 2, "only invalid UTF-8 names carry name_hex")
        let newline = objects.first { ($0["name"] as? String) == "new\nline" }
        XCTAssertEqual(newline?["type"] as? String, "file")
        XCTAssertEqual(newline?["size"] as? Int, 1)
        XCTAssertEqual(newline?["mode"] as? String, "0644")
        XCTAssertEqual(newline?["permissions"] as? String, "-rw-r--r--")
        let link = objects.first { ($0["name"] as? String) == "dangling" }
        XCTAssertEqual(link?["type"] as? String, "symlink")
        XCTAssertEqual(link?["target"] as? String, "nowhere")
        let keys = Set(objects.flatMap { $0.keys })
        XCTAssertEqual(
            keys,
            [
                "name", "path", "type", "size", "mode", "permissions", "nlink", "uid", "gid",
                "user", "group", "inode", "mtime", "target", "name_hex", "path_hex",
            ])
        let mtime = newline?["mtime"] as? String ?? ""
        XCTAssertNotNil(mtime.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$"#, options: .regularExpression))
    }

    /// A character past U+FFFF that names are escaped for (a tag character
    /// hides text) is a JSON surrogate pair and reads back as itself; it once
    /// crashed `--json` (found by FuzzJSONLines).
    func testJSONEscapesCharactersPastTheBasicPlaneAsSurrogatePairs() throws {
        let temp = try TemporaryTree()
        temp.file(Array("tag\u{E0041}ged".utf8), contents: "x")
        let result = try CommandRunner.run(["--json", "."], in: temp.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.text.contains(#""name":"tag\udb40\udc41ged""#), result.text)
        let object = try JSONSerialization.jsonObject(with: Data(result.text.utf8)) as? [String: Any]
        XCTAssertEqual(object?["name"] as? String, "tag\u{E0041}ged")
    }

    func testErrorMessagesEscapeNamesToo() throws {
        let result = try CommandRunner.run(["-1", "missing\u{1B}[2J"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "filetable: missing\\x1B[2J: No such file or directory\n")
    }

    func testSymlinkLoopWithFollowIsReportedOnce() throws {
        let temp = try TemporaryTree()
        try temp.folder("dir")
        try temp.link("dir/loop", to: "..")
        let result = try CommandRunner.run(["-RL", "."], in: temp.url)
        XCTAssertEqual(result.status, 2, "a loop is serious trouble, as ls -RL says")
        XCTAssertTrue(result.stderr.contains("not listing already-listed directory"), result.stderr)
        let plain = try CommandRunner.run(["-R", "."], in: temp.url)
        XCTAssertEqual(plain.status, 0)
        XCTAssertEqual(plain.text, ".:\ndir\n\n./dir:\nloop\n")
    }
}
