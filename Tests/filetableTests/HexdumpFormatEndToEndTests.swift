import Foundation
import TestSupport
import XCTest

/// hexdump's format strings after `--hex` (`-e`, `-f`, `--format`,
/// `--format-file`, with the views' letters among them): each output byte
/// for byte util-linux hexdump's, compared live where hexdump is installed
/// (listed formats and generated ones) and against outputs hexdump 2.38
/// printed otherwise.
final class HexdumpFormatEndToEndTests: XCTestCase {
    /// "Hi", NUL, 0x01, a tab, 0xff, 0x7f, "Z".
    private static let sample: [UInt8] = [0x48, 0x69, 0x00, 0x01, 0x09, 0xFF, 0x7F, 0x5A]

    private func write(_ bytes: [UInt8], named name: String, in temp: TemporaryTree) -> String {
        let path = temp.path + "/" + name
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return path
    }

    /// Outputs hexdump 2.38.1 printed for `sample`.
    func testFormatStringsOfASmallFileAreHexdumps() throws {
        let temp = try TemporaryTree()
        _ = write(Self.sample, named: "g.bin", in: temp)
        let expected: [(String, String)] = [
            (#"16/1 "%02x " "\n""#, "48 69 00 01 09 ff 7f 5a                        \n"),
            (#""%_ad: " 4/1 "%3_u " "\n""#, "0:   H   i nul soh\n4:  ht  ff del   Z\n"),
            // A unit with %_A ends its string for every block; it is drawn once at the end.
            (#""%_Ax\n" 2/4 "%08X|" "\n""#, "8\n"),
            (#"4/2 "%+6d" "\n""#, "+26952  +256  -247+23167\n"),
            (#"/8 "%s" "\n""#, "Hi\n"),
            (#""%07.7_ax " 8/1 "%3_c " "\n""#, "0000000   H   i  \\0 001  \\t 377 177   Z\n"),
            (#"4/1 "%#o " "%_Ad\n""#, "0110 0151 0 01011 0377 0177 01328\n"),
        ]
        for (format, output) in expected {
            let result = try CommandRunner.run(["--hex", "-e", format, "g.bin"], in: temp.url)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(result.text, output, format)
        }
    }

    /// Formats scripts use, hexdump's corner cases (a repeated unit's last
    /// blank, conversions past the end, squeezing, addresses, %s), and
    /// skips, lengths and -v, on files of many sizes: each against hexdump.
    func testListedFormatsMatchHexdumpOnManyFiles() throws {
        try XCTSkipUnless(CommandRunner.isInstalled("hexdump"), "skipped: hexdump is not installed (golden outputs are checked above)")
        let temp = try TemporaryTree()
        let files = makeFiles(in: temp).filter { ["/f0.bin", "/f21.bin", "/f100.bin", "/f1000.bin"].contains(where: $0.hasSuffix) }
        let formats = [
            #"16/1 "%02x " "\n""#, #"16/1 "%02x" "\n""#, #"4/1 "%02x\n""#, #""%08.8_ax  " 8/1 "%02x " "  " 8/1 "%02x ""#,
            #""%_ad: " 4/1 "%02x " " %_Ad|" 4/1 "%c" "\n""#, #"8/1 "%02x " "\n""#, #"4/1 "%3_c""#, #"2 "%x"  "\n""#, #"1/4 "%x  ""#,
            #"4/1 "%s|""#, #"/4 "%s|" "\n""#, #""%-05x|""#, #""%+d" "\n""#, #""% d""#, #""%#o ""#, #""%#x ""#, #""%010.5d\n""#,
            #""%5c|""#, #"/3 "%05s|""#, #"4/1 "%_u" "\n""#, #"16/1 "%_p" "\n""#, #""%e\n""#, #"/4 "%f\n""#, #""%.3s|" "%.2s|\n""#,
            #"16/1 "%3_u" "\n""#, #"8/2 "%6d " "\n""#, #"2/8 "%20d " "\n""#, #"4/4 "%12.4e " "\n""#, #"4/4 "%g " "\n""#,
            #""%_ad " 3/2 "%d " "\n""#, #"/1 "%_p" /1 "%_c" "\n""#, #"10/1 "%02x" "\n""#, #"0/1 "%x" 16/1 "%02x" "\n""#,
            #"1/1 "%02x_L[red:0x61]"  "\n""#, #""%_Ao %_Ax\n" 4/1 "%x""#, #"4/2 "%.0x|" "%_ad\n""#, #"2/2 "%-+8i|" "\n""#,
            #"8/1 "%X" " %_ao\n""#, #""\t%_ad\v" 2/1 "\\%o\a" "\n""#, #"16/1 "%.1_c" "\n""#,
        ]
        var runs: [[String]] = []
        for format in formats {
            runs.append(["-e", format])
            runs.append(["-v", "-e", format])
        }
        runs += [
            ["-e", #""%_Ax\n""#, "-e", #"16/1 "%02x " "\n""#], ["-n", "13", "-e", #"4/1 "%02x " "\n""#],
            ["-s", "5", "-n", "50", "-e", #""%_ad " 4/1 "%02x " "\n""#, "-e", #""%_Ad\n""#],
            ["-e", #""%x " "\n""#, "-e", #"8/1 "%x ""#], ["-e", #"1/1 "%x ""#, "-e", #"1/4 "%x  ""#],
            ["-C", "-e", #""%_Ax\n""#], ["-b", "-e", #"16/1 "%02X" "\n""#, "-c"], ["--format", #"16/1 "%02x" "\n""#],
            ["--one-byte-octal", "--two-bytes-hex", "--format", #""%_Ad\n""#], ["-s", "5000", "-e", #""%_Ad\n" 4/1 "%x""#],
        ]
        for path in files {
            let name = (path as NSString).lastPathComponent
            let quoted = runs.map { $0.map(Self.shellQuoted).joined(separator: " ") }
            let ours = try CommandRunner.shellBatch(quoted.map { "\"$FILETABLE\" --hex \($0) \(name)" }, in: temp.url)
            let theirs = try CommandRunner.shellBatch(quoted.map { "hexdump \($0) \(name)" }, in: temp.url)
            for index in runs.indices {
                XCTAssertEqual(ours[index].text, theirs[index].text, "hexdump \(quoted[index]) \(name)")
            }
        }
    }

    /// Formats made at random from hexdump's grammar (units with and
    /// without counts, every conversion with flags, widths and
    /// precisions, text with escapes): each against hexdump.
    func testGeneratedFormatsMatchHexdump() throws {
        try XCTSkipUnless(CommandRunner.isInstalled("hexdump"), "skipped: hexdump is not installed")
        let temp = try TemporaryTree()
        // Three sizes: empty but for %_A, a short last block, squeezed runs.
        let files = makeFiles(in: temp).filter { $0.hasSuffix("/f7.bin") || $0.hasSuffix("/f37.bin") || $0.hasSuffix("/f1000.bin") }
        var generator = SplitMix(seed: 0x6865_7864_756D_70)
        let formats = (0..<120).map { _ in Self.randomFormat(using: &generator) }
        for path in files {
            let name = (path as NSString).lastPathComponent
            let ours = try CommandRunner.shellBatch(formats.map { "\"$FILETABLE\" --hex -e \(Self.shellQuoted($0)) \(name)" }, in: temp.url)
            let theirs = try CommandRunner.shellBatch(formats.map { "hexdump -e \(Self.shellQuoted($0)) \(name)" }, in: temp.url)
            for index in formats.indices {
                XCTAssertEqual(ours[index].text, theirs[index].text, "hexdump -e \(Self.shellQuoted(formats[index])) \(name)")
                XCTAssertEqual(ours[index].status == 0, theirs[index].status == 0, "hexdump -e \(Self.shellQuoted(formats[index])) \(name)")
            }
        }
    }

    /// `-f FILE` (comments and blank lines skipped), `--format-file`, the
    /// views' letters among format strings in the order given, standard input.
    /// A regular file of 4 MiB or more is read and drawn by several
    /// threads: the same text as standard input's in-order dump, and as
    /// hexdump's where installed, for blocks drawn in columns, in rows
    /// (`%d`), squeezed runs, and ranges that end inside a block.
    func testLargeFilesDrawnInParallelAreTheSameDump() throws {
        let temp = try TemporaryTree()
        var bytes = (0..<(5 << 20) + 13).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 11) }
        for start in stride(from: 100_000, to: bytes.count - 70_000, by: 1_300_017) {
            bytes.replaceSubrange(start..<start + 70_000, with: repeatElement(0x2A, count: 70_000))
        }
        _ = write(bytes, named: "large.bin", in: temp)
        let runs: [[String]] = [
            ["-e", #"16/1 "%02x" "\n""#], ["-e", #"4/4 "%08x " "\n""#], ["-e", #""%07.7_Ax\n""#, "-e", #""%07.7_ax " 8/2 "%04x " "\n""#],
            ["-e", #""%08.8_Ax\n""#, "-e", #""%08.8_ax  " 8/1 "%02x " "  " 8/1 "%02x ""#, "-e", #""  |" 16/1 "%_p" "|\n""#],
            ["-v", "-e", #""%_ad " 3/4 "%+d " "\n""#, "-e", #""%_Ad\n""#], ["-s", "77", "-n", "4500001", "-e", #"5/1 "%02X" "|\n""#],
        ]
        let quoted = runs.map { $0.map(Self.shellQuoted).joined(separator: " ") }
        let parallel = try CommandRunner.shellBatch(quoted.map { "\"$FILETABLE\" --hex \($0) large.bin" }, in: temp.url)
        let inOrder = try CommandRunner.shellBatch(quoted.map { "\"$FILETABLE\" --hex \($0) - < large.bin" }, in: temp.url)
        for index in runs.indices {
            XCTAssertEqual(parallel[index].status, 0, parallel[index].stderr)
            XCTAssertGreaterThan(parallel[index].text.utf8.count, 1 << 20, quoted[index])
            XCTAssertTrue(parallel[index].text == inOrder[index].text, "--hex \(quoted[index]): the file and standard input differ")
        }
        guard CommandRunner.isInstalled("hexdump") else { return }
        let theirs = try CommandRunner.shellBatch(quoted.map { "hexdump \($0) large.bin" }, in: temp.url)
        for index in runs.indices {
            XCTAssertTrue(parallel[index].text == theirs[index].text, "hexdump \(quoted[index]) large.bin differs")
        }
    }

    func testFormatFilesAndViewsAmongStrings() throws {
        let temp = try TemporaryTree()
        _ = write(Self.sample, named: "g.bin", in: temp)
        let formatFile = "\"%08.8_ax  \" 8/1 \"%02x \" \"  \" 8/1 \"%02x \"\n# a comment\n\n   \"  |\" 16/1 \"%_p\" \"|\\n\"\n"
        FileManager.default.createFile(atPath: temp.path + "/canonical.fmt", contents: Data(formatFile.utf8))
        let canonical = "00000000  48 69 00 01 09 ff 7f 5a                           |Hi.....Z|\n"
        for letter in ["-f", "--format-file"] {
            let result = try CommandRunner.run(["--hex", letter, "canonical.fmt", "g.bin"], in: temp.url)
            XCTAssertEqual(result.text, canonical, letter)
        }
        let mixed = try CommandRunner.run(["--hex", "-e", #""%_Ad\n""#, "-C", "-e", #"8/1 "%02x" "\n""#, "g.bin"], in: temp.url)
        // The last %_A unit given is the one drawn at the end (-C's here).
        XCTAssertEqual(mixed.text, canonical + "4869000109ff7f5a\n00000008\n")
        let piped = try CommandRunner.shell("printf 'abc' | \"$FILETABLE\" --hex -e '3/1 \"%_u\" \"\\n\"'", in: temp.url)
        XCTAssertEqual(piped.text, "abc\n")
        // --format's layout words keep their meaning; anything else is a format string.
        XCTAssertEqual(try CommandRunner.run(["--hex", "--format", "canonical", "g.bin"], in: temp.url).text, canonical + "00000008\n")
    }

    /// What hexdump refuses, refused with its words (status 2, nothing on
    /// standard output); what it would hand printf unread, refused by name.
    func testBadFormatsAreRefusedWithHexdumpsWords() throws {
        let temp = try TemporaryTree()
        _ = write(Self.sample, named: "g.bin", in: temp)
        let refusals: [([String], String)] = [
            (["-e", #""%q""#], "filetable: bad conversion character %q"),
            (["-e", #""%%""#], "filetable: bad conversion character %%"),
            (["-e", #""%_z""#], "filetable: bad conversion character %_z"),
            (["-e", #""%_A[dx]""#], "filetable: bad conversion character %_A["),
            (["-e", #"3/1"%x""#], #"filetable: bad format {3/1"%x"}"#),
            (["-e", #""abc\"#], #"filetable: bad format {"abc\}"#),
            (["-e", #""%""#], "filetable: bad format {%}"),
            (["-e", #"2/3 "%x""#], "filetable: bad byte count for conversion character x"),
            (["-e", #"1/2 "%_c""#], "filetable: bad byte count for conversion character _c"),
            (["-e", #""%-5s|""#], "filetable: %s requires a precision or a byte count"),
            (["-e", #"/4 "%x%x""#], "filetable: byte count with multiple conversion characters"),
            (["-e", #""%5-d""#], "unsupported conversion %5-d"),
            (["-e", #"99999999/1 "%x""#], "is more than filetable repeats"),
            (["-f", "missing.fmt"], "filetable: missing.fmt: No such file or directory"),
            (["-e", #""%x""#, "-p"], "hexdump's format strings (-e, -f) cannot be drawn in the plain layout"),
        ]
        for (arguments, message) in refusals {
            let result = try CommandRunner.run(["--hex"] + arguments + ["g.bin"], in: temp.url)
            XCTAssertEqual(result.status, 1, "\(arguments): hexdump's status")
            XCTAssertEqual(result.text, "", "\(arguments)")
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
    }

    /// A skip past the end draws hexdump's %_A units with the file's size
    /// and says so; a format that reads no bytes draws nothing, as hexdump.
    func testPastTheEndAndFormatsWithoutBytes() throws {
        let temp = try TemporaryTree()
        _ = write(Self.sample, named: "g.bin", in: temp)
        let past = try CommandRunner.run(["--hex", "-s", "100", "-e", #""%_Ad\n" 4/1 "%x""#, "g.bin"], in: temp.url)
        XCTAssertEqual(past.text, "8\n")
        XCTAssertEqual(past.status, 1, "hexdump's status for any failure")
        XCTAssertTrue(past.stderr.contains("offset 100 is past the end"), past.stderr)
        let textOnly = try CommandRunner.run(["--hex", "-e", #""x""#, "g.bin"], in: temp.url)
        XCTAssertEqual(textOnly.text, "")
        XCTAssertEqual(textOnly.status, 0)
    }

    private func makeFiles(in temp: TemporaryTree) -> [String] {
        var generator = SplitMix(seed: 21)
        var files: [String] = []
        for size in [0, 1, 7, 16, 21, 37, 64, 100, 1000, 4099] {
            var bytes = (0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }
            if size >= 100 { for index in 16..<80 { bytes[index] = 0 } }
            if size >= 1000 { for index in 400..<700 { bytes[index] = 0x41 } }
            files.append(write(bytes, named: "f\(size).bin", in: temp))
        }
        return files
    }

    static func shellQuoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    /// A format from hexdump's grammar: one to four units, each an
    /// optional iteration count, an optional byte count that suits its
    /// one conversion, and text around conversions.
    static func randomFormat(using generator: inout SplitMix) -> String {
        // Escapes end a unit's text, as scripts write them: hexdump's in-place
        // escaping shifts the text after one (a listed test holds that).
        let texts = ["", " ", "  ", "|", ":", "x", " - "]
        let endings = texts + ["\\n", "\\t", "\\\\"]
        var units: [String] = []
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
            let (conversion, byteCounts) = randomConversion(using: &generator)
            var unit = ""
            if Bool.random(using: &generator) { unit += "\(Int.random(in: 0...17, using: &generator))" }
            let byteCount = byteCounts.isEmpty || Bool.random(using: &generator) ? nil : byteCounts.randomElement(using: &generator)
            if let byteCount { unit += "/\(byteCount) " } else if !unit.isEmpty { unit += " " }
            let before = texts.randomElement(using: &generator)!
            let after = endings.randomElement(using: &generator)!
            let second = byteCount == nil && Int.random(in: 0..<4, using: &generator) == 0 ? randomConversion(using: &generator).0 : ""
            unit += "\"" + before + conversion + second + after + "\""
            units.append(unit)
        }
        return units.joined(separator: " ")
    }

    /// A conversion with flags, width and precision in printf's order,
    /// and the byte counts it takes. No bare `%s` with a byte count: past
    /// its block hexdump reads on into its heap, filetable stops.
    private static func randomConversion(using generator: inout SplitMix) -> (String, [Int]) {
        let letters: [(String, [Int])] = [
            ("d", [1, 2, 4, 8]), ("i", [1, 2, 4, 8]), ("o", [1, 2, 4, 8]), ("u", [1, 2, 4, 8]), ("x", [1, 2, 4, 8]), ("X", [1, 2, 4, 8]),
            ("c", [1]), ("_c", [1]), ("_p", [1]), ("_u", [1]), ("_ad", []), ("_ax", []), ("_ao", []), ("e", [4, 8]), ("g", [4, 8]),
            ("f", [4]), (".3s", []),
        ]
        let (letter, counts) = letters.randomElement(using: &generator)!
        var field = ""
        for flag in ["-", "+", " ", "#", "0"] where Int.random(in: 0..<5, using: &generator) == 0 { field += flag }
        if Bool.random(using: &generator) { field += "\(Int.random(in: 1...12, using: &generator))" }
        if !letter.hasPrefix("."), !letter.hasPrefix("_"), letter != "c", Int.random(in: 0..<3, using: &generator) == 0 {
            field += ".\(Int.random(in: 0...6, using: &generator))"
        }
        return ("%" + field + letter, counts)
    }
}

/// Random formats and files from a seed, so a failure repeats.
extension SplitMix: RandomNumberGenerator {}
