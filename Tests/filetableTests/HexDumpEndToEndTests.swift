import Foundation
import TestSupport
import XCTest

/// `--hex`: byte-identical to `hexdump -C`, `xxd` and `xxd -p`, checked against
/// golden dumps made by those tools, and against the tools themselves on random
/// files when they are installed.
final class HexDumpEndToEndTests: XCTestCase {
    private static let inputs: [String: [UInt8]] = [
        "empty": [],
        "one": [0x41],
        "fifteen": Array(0..<15),
        "sixteen": Array(0..<16),
        "seventeen": Array(0..<17),
        "repeats": Array(repeating: Array("ABCDEFGHIJKLMNOP".utf8), count: 4).flatMap { $0 } + Array("xyz".utf8),
        "all-bytes": (0...255).map { UInt8($0) } + (0...255).reversed().map { UInt8($0) },
    ]

    private func write(_ bytes: [UInt8], named name: String, in temp: TemporaryTree) -> String {
        let path = temp.path + "/" + name
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return path
    }

    private func golden(_ name: String) throws -> Data {
        try Data(contentsOf: CommandRunner.packageRoot.appendingPathComponent("Tests/filetableTests/Golden/hex/\(name)"))
    }

    func testGoldenDumps() throws {
        let temp = try TemporaryTree()
        for (name, bytes) in Self.inputs {
            let path = write(bytes, named: name, in: temp)
            XCTAssertEqual(try CommandRunner.run(["--hex", path]).stdout, try golden("\(name).canonical"), "canonical \(name)")
            XCTAssertEqual(try CommandRunner.run(["--hex", "--format", "xxd", path]).stdout, try golden("\(name).xxd"), "xxd \(name)")
            XCTAssertEqual(try CommandRunner.run(["--hex", "--format=plain", path]).stdout, try golden("\(name).plain"), "plain \(name)")
        }
        let repeats = temp.path + "/repeats"
        let all = temp.path + "/all-bytes"
        XCTAssertEqual(try CommandRunner.run(["--hex", "-s", "3", "-n", "40", repeats]).stdout, try golden("repeats-skip3-len40.canonical"))
        // Past the end (67 bytes): hexdump prints a lone offset (the size) and exits 0; filetable
        // prints the same and says so on standard error, and fails.
        let past = try CommandRunner.run(["--hex", "--skip", "100", repeats])
        XCTAssertEqual(past.text, "00000043\n")
        XCTAssertEqual(past.stderr, "filetable: \(repeats): offset 100 is past the end (67 bytes)\n")
        XCTAssertEqual(past.status, 1, "hexdump's status for any failure")
        XCTAssertEqual(try CommandRunner.run(["--hex", "--skip", "67", repeats]).text, "00000043\n")
        XCTAssertEqual(try CommandRunner.run(["--hex", "-v", repeats]).stdout, try golden("repeats-noskip-v.canonical"))
        XCTAssertEqual(
            try CommandRunner.run(["--hex", "--format", "xxd", "--cols", "7", "--group-size", "3", "--upper", all]).stdout,
            try golden("all-bytes-c7-g3-u.xxd"))
        XCTAssertEqual(
            try CommandRunner.run(["--hex", "--format", "xxd", "--skip=5", "--length=50", all]).stdout, try golden("all-bytes-s5-l50.xxd"))
    }

    func testDifferentialAgainstHexdumpAndXxd() throws {
        let haveHexdump = CommandRunner.isInstalled("hexdump")
        let haveXxd = CommandRunner.isInstalled("xxd")
        try XCTSkipUnless(haveHexdump || haveXxd, "skipped: neither hexdump nor xxd is installed; the golden tests cover the formats")
        let temp = try TemporaryTree()
        var generator = SystemRandomNumberGenerator()
        for round in 0..<25 {
            let size = [0, 1, 16, 31, 200, 4096, 70_000][round % 7] + Int.random(in: 0...40, using: &generator)
            // Random bytes with runs of repeated lines, so squeezing is exercised.
            var bytes: [UInt8] = []
            while bytes.count < size {
                if Bool.random(using: &generator) {
                    bytes += Array(repeating: UInt8.random(in: 0...255, using: &generator), count: Int.random(in: 1...80, using: &generator))
                } else {
                    bytes += (0..<Int.random(in: 1...64, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
                }
            }
            bytes = Array(bytes.prefix(size))
            let path = write(bytes, named: "random\(round)", in: temp)
            let skip = Int.random(in: 0...(size + 20), using: &generator)
            let length = Int.random(in: 0...(size + 20), using: &generator)
            let pastEnd = size > 0 && skip > size
            // Each round's runs in one shell (ours) and one (theirs): hundreds of runs, few process starts.
            var checks: [(label: String, ours: String, theirs: String, pastEnd: Bool)] = []
            if haveHexdump {
                for args in [[String](), ["-s", "\(skip)"], ["-n", "\(length)"], ["-s", "\(skip)", "-n", "\(length)"], ["-v"]] {
                    let words = args.joined(separator: " ")
                    checks.append(
                        (
                            "hexdump -C \(args) on \(size) bytes", "\"$FILETABLE\" --hex \(words) '\(path)'", "hexdump -C \(words) '\(path)'",
                            pastEnd && args.contains("-s")
                        ))
                }
            }
            if haveXxd {
                let columns = Int.random(in: 1...40, using: &generator)
                let group = Int.random(in: 0...9, using: &generator)
                let cases: [([String], [String])] = [
                    ([], []),
                    (["--cols", "\(columns)", "--group-size", "\(group)"], ["-c", "\(columns)", "-g", "\(group)"]),
                    (["--skip", "\(skip)", "--length", "\(length)", "--upper"], ["-s", "\(skip)", "-l", "\(length)", "-u"]),
                ]
                for (ourArgs, theirArgs) in cases where !(pastEnd && ourArgs.contains("--skip")) {
                    checks.append(
                        (
                            "xxd \(theirArgs) on \(size) bytes", "\"$FILETABLE\" --hex --format xxd \(ourArgs.joined(separator: " ")) '\(path)'",
                            "xxd \(theirArgs.joined(separator: " ")) '\(path)'", false
                        ))
                }
                checks.append(
                    (
                        "xxd -p -c \(columns)", "\"$FILETABLE\" --hex --format plain --cols \(columns) '\(path)'", "xxd -p -c \(columns) '\(path)'",
                        false
                    ))
            }
            let ours = try CommandRunner.shellBatch(checks.map(\.ours))
            let theirs = try CommandRunner.shellBatch(checks.map(\.theirs))
            for (index, check) in checks.enumerated() {
                XCTAssertEqual(ours[index].stdout, theirs[index].stdout, check.label)
                guard check.pastEnd else { continue }
                // Past the end of a file that is not empty, hexdump and xxd print a
                // lone offset (or nothing) and exit 0; filetable prints the same,
                // says so and fails.
                let bytes = size == 1 ? "1 byte" : "\(size) bytes"
                XCTAssertTrue(ours[index].stderr.hasSuffix(": offset \(skip) is past the end (\(bytes))\n"), ours[index].stderr)
                XCTAssertNotEqual(ours[index].status, 0)
            }
        }
    }

    /// A large read is formatted in two halves on two threads: repeated
    /// lines across the split still squeeze as hexdump squeezes them.
    func testTwoThreadsSqueezeAcrossTheirSplit() throws {
        try XCTSkipUnless(CommandRunner.isInstalled("hexdump"), "skipped: hexdump is not installed")
        let temp = try TemporaryTree()
        var bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }
        // Runs of repeated lines around the middle (where the read is split) and at other places.
        for start in [99_968, 100_000, 150_016, 16] {
            for i in 0..<96 { bytes[start + i] = 0x41 }
        }
        let path = write(bytes, named: "runs", in: temp)
        for arguments in [[String](), ["-v"], ["-s", "3"]] {
            let ours = try CommandRunner.run(["--hex"] + arguments + [path]).stdout
            let theirs = try CommandRunner.shell("hexdump -C \(arguments.joined(separator: " ")) '\(path)'").stdout
            XCTAssertEqual(ours, theirs, "\(arguments)")
        }
        let xxd = try CommandRunner.run(["--xxd", "-c", "13", path]).stdout
        if CommandRunner.isInstalled("xxd") { XCTAssertEqual(xxd, try CommandRunner.shell("xxd -c 13 '\(path)'").stdout) }
    }

    /// A regular file past 4 MiB is read and formatted by a thread a core,
    /// in chunks of 256 KiB: repeated lines across the chunks' boundaries,
    /// ranges starting inside a line and a short last line still come out
    /// as hexdump and xxd write them.
    func testLargeFilesDumpedOnEveryCoreMatchTheTools() throws {
        try XCTSkipUnless(CommandRunner.isInstalled("hexdump") && CommandRunner.isInstalled("xxd"), "skipped: hexdump or xxd is not installed")
        let temp = try TemporaryTree()
        let chunk = 256 * 1024
        var bytes = (0..<(5 * 1024 * 1024 + 7)).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }
        for boundary in [chunk, 2 * chunk, 7 * chunk, 12 * chunk] {
            for start in [boundary - 48, boundary - 16, boundary, boundary + 16] {
                for i in 0..<64 { bytes[start + i] = 0x41 }
            }
        }
        for i in (3 * chunk)..<(5 * chunk) { bytes[i] = 0 }
        let path = write(bytes, named: "large", in: temp)
        for arguments in [[String](), ["-v"], ["-s", "3"], ["-s", "262140", "-n", "4500000"]] {
            let ours = try CommandRunner.run(["--hex"] + arguments + [path]).stdout
            let theirs = try CommandRunner.shell("hexdump -C \(arguments.joined(separator: " ")) '\(path)'").stdout
            XCTAssertEqual(ours, theirs, "hexdump -C \(arguments)")
        }
        for (ourArguments, theirArguments) in [([String](), ""), (["-c", "13", "-g", "4", "-u"], "-c 13 -g 4 -u"), (["-p"], "-p")] {
            let ours = try CommandRunner.run(["--xxd"] + ourArguments + [path]).stdout
            XCTAssertEqual(ours, try CommandRunner.shell("xxd \(theirArguments) '\(path)'").stdout, "xxd \(theirArguments)")
        }
    }

    /// xxd -p takes lines longer than 256 bytes, and -c 0 writes the whole
    /// dump on one line however long; the xxd layout stops at 256, as xxd does.
    func testPlainLinesOfAnyLength() throws {
        let temp = try TemporaryTree()
        let path = write((0..<200_000).map { UInt8(($0 * 7) % 256) }, named: "long", in: temp)
        let oneLine = try CommandRunner.run(["--xxd", "-p", "-c", "0", path])
        XCTAssertEqual(oneLine.text.split(separator: "\n").count, 1)
        XCTAssertEqual(oneLine.text.count, 400_001)
        for columns in ["0", "300", "70000"] {
            let ours = try CommandRunner.run(["--hex", "--format", "plain", "--cols", columns, path]).stdout
            if CommandRunner.isInstalled("xxd") {
                XCTAssertEqual(ours, try CommandRunner.shell("xxd -p -c \(columns) '\(path)'").stdout, "xxd -p -c \(columns)")
            }
        }
        let tooWide = try CommandRunner.run(["--hex", "--format", "xxd", "--cols", "300", path])
        XCTAssertEqual(tooWide.status, 1, "hexdump's status for any failure")
        XCTAssertTrue(tooWide.stderr.contains("expected 0 to 256, as xxd -c"), tooWide.stderr)
    }

    /// After --hex the letters are hexdump's, after --xxd xxd's; without
    /// either, ls's.
    func testLettersFollowTheMode() throws {
        let temp = try TemporaryTree()
        let path = write(Array(0..<64), named: "data", in: temp)
        let hex = try CommandRunner.run(["--hex", "-s", "16", "-n", "16", path])
        XCTAssertEqual(hex.text, "00000010  10 11 12 13 14 15 16 17  18 19 1a 1b 1c 1d 1e 1f  |................|\n00000020\n")
        let xxd = try CommandRunner.run(["--xxd", "-g", "4", "-c", "8", "-u", "-l", "8", path])
        XCTAssertEqual(xxd.text, "00000000: 00010203 04050607  ........\n")
        // hexdump's -c is a view; xxd's is the columns.
        let characters = try CommandRunner.run(["--hex", "-c", "-n", "4", path])
        XCTAssertEqual(characters.text, "0000000  \\0 001 002 003                                                \n0000004\n")
        let listing = try CommandRunner.run(["-s", "-n", path])
        XCTAssertTrue(listing.text.hasPrefix("4 -rw-r--r-- 1 0 0 64 "), listing.text)
    }

    func testByteCountsTakeHexAndSuffixes() throws {
        let temp = try TemporaryTree()
        let path = write((0..<3000).map { UInt8($0 % 251) }, named: "data", in: temp)
        let decimal = try CommandRunner.run(["--hex", "-s", "2048", "-n", "16", path])
        XCTAssertEqual(try CommandRunner.run(["--hex", "-s", "0x800", "-n", "0x10", path]).stdout, decimal.stdout)
        XCTAssertEqual(try CommandRunner.run(["--hex", "-s", "2k", "-n", "16", path]).stdout, decimal.stdout)
        // hexdump's KiB (1024s) and KB (1000s).
        XCTAssertEqual(try CommandRunner.run(["--hex", "-s", "2KiB", "-n", "16", path]).stdout, decimal.stdout)
        XCTAssertEqual(
            try CommandRunner.run(["--hex", "-s", "2KB", "-n", "16", path]).stdout,
            try CommandRunner.run(["--hex", "-s", "2000", "-n", "16", path]).stdout)
        XCTAssertTrue(decimal.text.hasPrefix("00000800  "))
        let bad = try CommandRunner.run(["--hex", "-s", "lots", path])
        XCTAssertEqual(bad.status, 1, "hexdump's status for any failure")
        XCTAssertTrue(bad.stderr.contains("invalid byte count 'lots'"))
    }

    func testSeveralFilesGetHeadersAndAMissingOneIsReportedWithoutOne() throws {
        let temp = try TemporaryTree()
        let a = write([0x61], named: "a", in: temp)
        let b = write([0x62], named: "b", in: temp)
        let result = try CommandRunner.run(["--hex", a, temp.path + "/missing", b])
        XCTAssertEqual(result.status, 1, "hexdump's status for any failure")
        XCTAssertEqual(result.stderr, "filetable: \(temp.path)/missing: No such file or directory\n")
        XCTAssertEqual(
            result.text,
            """
            ==> \(a) <==
            00000000  61                                                |a|
            00000001

            ==> \(b) <==
            00000000  62                                                |b|
            00000001

            """)
    }

    func testSpecialFilesNeverHang() throws {
        let temp = try TemporaryTree()
        let fifo = temp.path + "/fifo"
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        let start = Date()
        let refused = try CommandRunner.run(["--hex", fifo])
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
        XCTAssertEqual(refused.status, 1, "hexdump's status for any failure")
        XCTAssertEqual(refused.stderr, "filetable: \(fifo): is a FIFO; not read, as reading it could block\n")
        let directory = try CommandRunner.run(["--hex", temp.path])
        XCTAssertEqual(directory.stderr, "filetable: \(temp.path): Is a directory\n")
        let zeros = try CommandRunner.run(["--hex", "-n", "64", "/dev/zero"])
        XCTAssertEqual(zeros.text, "00000000  00 00 00 00 00 00 00 00  00 00 00 00 00 00 00 00  |................|\n*\n00000040\n")
        let proc = try CommandRunner.run(["--hex", "--format", "plain", "/proc/self/status"])
        XCTAssertEqual(proc.status, 0)
        XCTAssertGreaterThan(proc.stdout.count, 100, "a /proc file's size is 0 but its content is dumped")
        let stream = try CommandRunner.shell("\"$FILETABLE\" --hex /dev/urandom | head -c 1000 | wc -c")
        XCTAssertEqual(stream.text.trimmingCharacters(in: .whitespacesAndNewlines), "1000", "a device streams until the pipe closes")
        XCTAssertEqual(stream.stderr, "")
    }

    func testColourIsOnlyAddedWhenAsked() throws {
        let temp = try TemporaryTree()
        let path = write([0x00, 0x41, 0x20, 0x01, 0xFF], named: "classes", in: temp)
        let plain = try CommandRunner.run(["--hex", "--color=never", path])
        XCTAssertFalse(plain.text.contains("\u{1B}"))
        let colored = try CommandRunner.run(["--hex", "--color=always", path])
        for sgr in ["90m00", "36m41", "32m20", "35m01", "33mff"] {
            XCTAssertTrue(colored.text.contains("\u{1B}[" + sgr + "\u{1B}[0m"), "missing \(sgr)")
        }
        let stripped = colored.text.replacingOccurrences(of: #"\x1B\[[0-9;]*m"#, with: "", options: .regularExpression)
        XCTAssertEqual(stripped, plain.text)
    }

    /// Several inputs get head's headers: standard input by that name, and
    /// no header for a file that could not be opened.
    func testHeadersAsHeadWritesThem() throws {
        let temp = try TemporaryTree()
        temp.file("a", contents: "A")
        let result = try CommandRunner.shell("printf 'ab' | \"$FILETABLE\" --hex a missing -", in: temp.url)
        XCTAssertEqual(result.status, 1, "hexdump's status for any failure")
        XCTAssertEqual(
            result.text,
            """
            ==> a <==
            00000000  41                                                |A|
            00000001

            ==> standard input <==
            00000000  61 62                                             |ab|
            00000002

            """)
        XCTAssertEqual(result.stderr, "filetable: missing: No such file or directory\n")
    }
}
