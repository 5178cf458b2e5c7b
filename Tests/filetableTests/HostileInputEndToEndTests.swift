import Foundation
import TestSupport
import XCTest

/// What a user, a script or a pasted line types is hostile too: no typed byte
/// reaches the terminal raw, no number crashes or exhausts memory, exports
/// are safe to `cat`, and blocking reads and closed descriptors are handled.
final class HostileInputEndToEndTests: XCTestCase {
    private let title: String = "\u{1B}]0;pwned\u{07}"
    private let arrowUp: String = "\u{1B}[A"

    /// No ESC, BEL or other C0/C1 control in text meant for a terminal.
    private func assertTerminalSafe(_ text: String, _ context: String, file: StaticString = #filePath, line: UInt = #line) {
        let bad = text.unicodeScalars.first { ($0.value < 0x20 && $0 != "\n") || $0.value == 0x7F || (0x80...0x9F).contains($0.value) }
        XCTAssertNil(bad, "\(context): raw control U+\(String(bad?.value ?? 0, radix: 16)) in \(text.debugDescription)", file: file, line: line)
    }

    private func sampleTree() throws -> TemporaryTree {
        let temp = try TemporaryTree()
        temp.file("alpha.txt", contents: String(repeating: "hello world\n", count: 600))
        temp.file("beta.bin", contents: "\u{01}\u{02}binary")
        try temp.folder("gamma")
        return temp
    }

    /// Runs REPL lines from a batch file (`-c` would split at the `;` of an escape sequence).
    private func runBatch(_ lines: [String], in temp: TemporaryTree) throws -> CommandResult {
        let batch = temp.path + ".batch"
        defer { try? FileManager.default.removeItem(atPath: batch) }
        try (lines.joined(separator: "\n") + "\n").write(toFile: batch, atomically: false, encoding: .utf8)
        return try CommandRunner.run(["-b", batch, temp.path])
    }

    // MARK: Typed text in messages

    func testEveryCommandEchoesTypedEscapesEscaped() throws {
        let temp = try sampleTree()
        let words = [
            "open", "hex", "info", "view", "goto", "page", "sort", "group", "style", "help", "marks", "jump", "mark", "unmark", "back", "dirsfirst",
            "hidden", "show",
        ]
        for hostile in [title, arrowUp] {
            var lines = words.map { "-\($0) 2\(hostile)" }
            lines += [
                "-find zz\(hostile)", "-nosuchcommand\(hostile)", "-open 'unbalanced\(hostile)", "-\(hostile)", "-hex 1 \(hostile)",
                "-hex 1 0 \(hostile)",
            ]
            let result = try runBatch(lines, in: temp)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(result.stderr.split(separator: "\n").count, lines.count, result.stderr)
            assertTerminalSafe(result.stderr, "REPL errors")
            assertTerminalSafe(result.text, "REPL output")
            XCTAssertTrue(result.stderr.contains("\\x1B"), result.stderr)
        }
    }

    func testFilterInTheHeaderAndTypedInvalidUTF8() throws {
        let temp = try sampleTree()
        let filtered = try runBatch(["filter *\(title)"], in: temp)
        assertTerminalSafe(filtered.text, "header")
        XCTAssertTrue(filtered.text.contains("filter *\\x1B]0;pwned\\x07 |"), filtered.text)
        // A byte that is not UTF-8, typed at the prompt, is shown as \xFF, not U+FFFD.
        let typed = try CommandRunner.shell("printf 'sort \\377\\n' | \"$FILETABLE\" '\(temp.path)'")
        XCTAssertTrue(typed.stderr.contains("'\\xFF' is not one of"), typed.stderr)
        XCTAssertFalse(typed.stderr.contains("\u{FFFD}"), typed.stderr)
        let argument = try CommandRunner.shell("\"$FILETABLE\" --sort \"$(printf '\\377')\" '\(temp.path)'")
        XCTAssertEqual(argument.status, 1, "ls's argmatch exits 1")
        XCTAssertTrue(argument.stderr.hasPrefix("filetable: invalid argument '\\xFF' for '--sort'\n"), argument.stderr)
    }

    /// A batch file whose name is not UTF-8 is opened by its exact bytes, attached or not.
    func testBatchFileNamesAreExactBytes() throws {
        let temp = try sampleTree()
        let batch = Array(temp.path.utf8) + [0x2E, 0x62, 0xFF]
        let fd = withCPath(batch) { open($0, O_CREAT | O_WRONLY, 0o644) }
        _ = "pwd\n".withCString { write(fd, $0, 4) }
        close(fd)
        defer { _ = withCPath(batch) { Glibc.remove($0) } }
        for form in ["-b\"$B\"", "-b \"$B\"", "--batch=\"$B\"", "--batch \"$B\""] {
            let result = try CommandRunner.shell("B=\"$(printf '\(temp.path).b\\377')\"; \"$FILETABLE\" \(form) '\(temp.path)'")
            XCTAssertEqual(result.status, 0, "\(form): \(result.stderr)")
            XCTAssertTrue(result.text.hasPrefix(temp.path + "\n"), "\(form): \(result.text)")
        }
    }

    func testCommandLineErrorsEscapeTheirArguments() throws {
        let temp = try sampleTree()
        let cases: [[String]] = [
            ["--sort", title], ["--color=\(title)"], ["--format", title], ["--group", title], ["--depth", title],
            ["--page-size", title], ["--\(title)"], ["-\(title)"], ["--hex", "-s", title], ["--hex", "--cols", title],
        ]
        for arguments in cases {
            let result = try CommandRunner.run(arguments + [temp.path])
            // ls's argmatch words exit 1 as ls; other bad options 2.
            let argmatch = ["--sort", "--format"].contains(arguments[0]) || arguments[0].hasPrefix("--color=")
            XCTAssertEqual(result.status, arguments.first == "--hex" || argmatch ? 1 : 2, "\(arguments): hexdump's 1, ls's 2 (1 for its words)")
            assertTerminalSafe(result.stderr, "\(arguments)")
            XCTAssertTrue(result.stderr.contains("\\x1B"), result.stderr)
        }
    }

    func testInvisibleCharactersInNamesAreEscapedButJoinersStay() throws {
        let temp = try TemporaryTree()
        // (A joiner between ASCII letters only hides: escaped since the look-alike defect.)
        for name in ["zero\u{200B}width", "word\u{2060}joiner", "bom\u{FEFF}", "persian\u{200C}nonjoiner", "family\u{1F468}\u{200D}\u{1F469}"] {
            temp.file(name)
        }
        let result = try CommandRunner.run(["-1", temp.path])
        XCTAssertEqual(
            result.text.split(separator: "\n").sorted(),
            [
                "bom\\u{FEFF}", "family\u{1F468}\u{200D}\u{1F469}", "persian\\u{200C}nonjoiner", "word\\u{2060}joiner", "zero\\u{200B}width",
            ].sorted())
    }

    // MARK: Numbers

    func testHugeOffsetsAndLengthsSaturate() throws {
        let temp = try sampleTree()
        let result = try CommandRunner.run([
            "-e", "hex 1 1 18446744073709551615; -hex 1 9223372036854775808 9223372036854775808; -hex 1 @0xffffffffffffffff", temp.path,
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.text.contains("00000001  65 6c 6c 6f"), result.text)
        XCTAssertEqual(result.text.components(separatedBy: "-- more from offset 0x").count, 2, result.text)
        // Offsets past the end are refused in a line each (never a trap, never a lone offset).
        XCTAssertEqual(result.stderr.components(separatedBy: "is past the end (").count, 3, result.stderr)
    }

    func testPageSizesAndLinesHaveARange() throws {
        let temp = try sampleTree()
        for size in ["9223372036854775807", "4611686018427387904", "10000000000", "0", "10001", "-1"] {
            let result = try CommandRunner.run(["--page-size", size, "-e", "hex 1", temp.path])
            XCTAssertEqual(result.status, 2, size)
            XCTAssertEqual(result.stderr, "filetable: invalid page size '\(size)': expected a whole number from 1 to 10000\n")
        }
        // The largest page works and a hex screen holds the whole 7,200-byte file.
        let largest = try CommandRunner.run(["--page-size", "10000", "-e", "hex 1; page 1", temp.path])
        XCTAssertEqual(largest.status, 0, largest.stderr)
        XCTAssertTrue(largest.text.contains("00001c20\n-- end of dump --"), largest.text)
        // LINES out of range is taken as not given.
        for lines in ["9223372036854775807", "-5", "junk"] {
            let result = try CommandRunner.run(["-e", "list; hex 1; goto 3", temp.path], environment: ["LINES": lines])
            XCTAssertEqual(result.status, 0, "LINES=\(lines): \(result.stderr)")
            XCTAssertTrue(result.text.contains("page 1 of 1"), result.text)
        }
        let depth = try CommandRunner.run(["--depth", "99999999999999999999", temp.path])
        XCTAssertEqual(depth.status, 2)
        XCTAssertTrue(depth.stderr.contains("expected a whole number from 1 to 1000000"), depth.stderr)
    }

    func testTimeSortPlacesFarFutureFilesFirst() throws {
        let temp = try TemporaryTree()
        for name in ["past", "now", "future", "ancient"] { temp.file(name) }
        // "future" is the year 2300.
        let dates: [String: Double] = ["past": 0, "future": 10_413_792_000, "ancient": -10_000_000_000]
        for (name, seconds) in dates {
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSince1970: seconds)],
                ofItemAtPath: temp.path + "/" + name)
        }
        XCTAssertEqual(try CommandRunner.run(["-1t", temp.path]).text, "future\nnow\npast\nancient\n")
        XCTAssertEqual(try CommandRunner.run(["-1tr", temp.path]).text, "ancient\npast\nnow\nfuture\n")
    }

    // MARK: Hex dumps in every layout, colour and width

    func testEveryHexLayoutColourAndWidthDumpsWholeFiles() throws {
        let temp = try TemporaryTree()
        var bytes = [UInt8](repeating: 0, count: 5000)
        for i in bytes.indices { bytes[i] = UInt8(truncatingIfNeeded: i &* 31 &+ i / 97) }
        let path = temp.path + "/data"
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        var layouts: [[String]] = [["--format", "canonical"]]
        for columns in [1, 7, 16, 44, 45, 100, 255, 256] {
            layouts.append(["--format", "plain", "--cols", String(columns)])
            for group in [0, 1, 3, 8, 256] {
                layouts.append(["--format", "xxd", "--cols", String(columns), "--group-size", String(group)])
            }
        }
        for layout in layouts {
            let plain = try CommandRunner.run(["--hex"] + layout + ["--color=never", path])
            let colored = try CommandRunner.run(["--hex"] + layout + ["--color=always", "--upper", path])
            XCTAssertEqual(plain.status, 0, "\(layout): \(plain.stderr)")
            XCTAssertEqual(colored.status, 0, "\(layout) in colour: \(colored.stderr)")
            let stripped = colored.text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
            let upper = try CommandRunner.run(["--hex"] + layout + ["--color=never", "--upper", path])
            XCTAssertEqual(stripped, upper.text, "\(layout): colour changes more than colour")
            XCTAssertGreaterThan(plain.stdout.count, 10_000, "\(layout)")
        }
    }

    // MARK: Exports

    func testShellExportIsSafeToCatAndExactToRun() throws {
        let temp = try TemporaryTree()
        let names: [[UInt8]] = [
            Array("esc\u{1B}[2J".utf8), Array("cr\rhidden".utf8), Array("bs\u{08}\u{08}x".utf8), [0x69, 0xFF],
            Array("bidi\u{202E}gnp.exe".utf8), Array("plain's".utf8), Array("c1\u{9B}31m".utf8),
        ]
        for name in names { temp.file(name) }
        let plan = temp.path + ".plan.sh"
        defer { try? FileManager.default.removeItem(atPath: plan) }
        let result = try CommandRunner.run(["-y", "-e", "mark all; marks export \(plan) --sh", temp.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let script = try Data(contentsOf: URL(fileURLWithPath: plan))
        XCTAssertTrue(script.starts(with: Array("#!/usr/bin/env bash\n".utf8)))
        XCTAssertNil(script.firstIndex { ($0 < 0x20 && $0 != 0x0A) || $0 >= 0x7F }, "the script holds a raw control or non-ASCII byte")
        let operands = try CommandRunner.shell("bash -c 'rm() { shift 2; printf \"%s\\0\" \"$@\"; }; . \"$0\"' '\(plan)'")
        XCTAssertEqual(operands.status, 0, operands.stderr)
        let expected = Set(names.map { Array(temp.path.utf8) + [0x2F] + $0 })
        XCTAssertEqual(Set(operands.stdout.split(separator: 0).map { Array($0) }), expected)
    }

    func testPlainNamesKeepAPlainShScript() throws {
        let temp = try TemporaryTree()
        temp.file("it's fine")
        let plan = temp.path + ".plain.sh"
        defer { try? FileManager.default.removeItem(atPath: plan) }
        XCTAssertEqual(try CommandRunner.run(["-y", "-e", "mark all; marks export \(plan) --sh", temp.path]).status, 0)
        let script = try String(contentsOfFile: plan, encoding: .utf8)
        XCTAssertTrue(script.hasPrefix("#!/bin/sh\n"), script)
        XCTAssertTrue(script.contains("rm -rf -- '\(temp.path)/it'\\''s fine'\n"), script)
    }

    func testRecursiveJSONGivesExactPathsUnderANonUTF8Directory() throws {
        let temp = try TemporaryTree()
        let directory = Array(temp.path.utf8) + [0x2F, 0x64, 0xFF]
        XCTAssertEqual(withCPath(directory) { mkdir($0, 0o755) }, 0)
        let childPath = directory + Array("/child.txt".utf8)
        let fd = withCPath(childPath) { open($0, O_CREAT | O_WRONLY, 0o644) }
        XCTAssertGreaterThanOrEqual(fd, 0)
        close(fd)
        let target: [UInt8] = [0x74, 0xFF]
        XCTAssertEqual(withCPath(target) { t in withCPath(Array(temp.path.utf8) + Array("/link".utf8)) { symlink(t, $0) } }, 0)
        let result = try CommandRunner.run(["--json", "-R", temp.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let objects = try result.text.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        let child = objects.first { $0["name"] as? String == "child.txt" }
        XCTAssertEqual(child?["path_hex"] as? String, childPath.map { String(format: "%02x", $0) }.joined())
        XCTAssertNil(objects.first { $0["name"] as? String == "child.txt" && $0["name_hex"] != nil }, "a UTF-8 name has no name_hex")
        XCTAssertEqual(objects.first { $0["name"] as? String == "link" }?["target_hex"] as? String, "74ff")
    }

    private func withCPath<R>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> R) -> R {
        (bytes + [0]).withUnsafeBufferPointer { $0.baseAddress!.withMemoryRebound(to: CChar.self, capacity: $0.count, body) }
    }

    // MARK: Descriptors and permissions

    func testClosedStandardInputIsReportedNotReadFromTheDirectory() throws {
        let temp = try sampleTree()
        let result = try CommandRunner.shell("\"$FILETABLE\" '\(temp.path)' <&-")
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "filetable: standard input: Bad file descriptor\n")
        let closedOutput = try CommandRunner.shell("\"$FILETABLE\" -1 '\(temp.path)' >&-")
        XCTAssertEqual(closedOutput.status, 2)
        XCTAssertEqual(closedOutput.stderr, "filetable: write error: Bad file descriptor\n")
    }

    /// A directory that can be read but not searched: every format that
    /// needs `stat` says so and exits 1, as `ls -l` does.
    func testUnsearchableDirectoryGivesStatusOneInEveryFormatThatStats() throws {
        let temp = try TemporaryTree()
        try temp.folder("d")
        temp.file("f1", in: "d")
        temp.file("f2", in: "d")
        chmod(temp.path + "/d", 0o644)
        let prefix = try CommandRunner.unprivilegedPrefix(reaching: temp)
        for flags in ["-l", "--json", "-1 -S", "-1 -t", "-1 -S -R"] {
            let result = try CommandRunner.shell("\(prefix)\"$FILETABLE\" \(flags) '\(temp.path)/d'")
            XCTAssertEqual(result.status, 1, "\(flags): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("\(temp.path)/d/f1: Permission denied"), "\(flags): \(result.stderr)")
        }
        XCTAssertEqual(try CommandRunner.shell("\(prefix)\"$FILETABLE\" -1 '\(temp.path)/d'").status, 0, "-1 alone needs no stat")
    }
}
