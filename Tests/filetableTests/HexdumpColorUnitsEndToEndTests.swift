import Foundation
import TestSupport
import XCTest

@testable import FiletableCLI

/// hexdump's colour units (`%02x_L[red:0x41]`) in format strings, drawn
/// as util-linux hexdump draws them with `--color=always` or `-L`:
/// conditions on values, strings, offsets and ranges, `!` to invert, the
/// first that holds colours the print unit, an unknown colour none; read
/// only when colours are wanted (a pipe without `always` gets none, and a
/// unit hexdump would refuse is then skipped unread, as hexdump skips it).
/// Compared with hexdump where installed; golden outputs otherwise.
final class HexdumpColorUnitsEndToEndTests: XCTestCase {
    /// "ABCDabcd", NUL, 0x01, then "@@@@" twice (a repeated block).
    private static let sample = Array("ABCDabcd".utf8) + [0, 1] + Array("@@@@@@@@".utf8)

    private func sampleTree() throws -> TemporaryTree {
        let temp = try TemporaryTree()
        FileManager.default.createFile(atPath: temp.path + "/c.bin", contents: Data(Self.sample))
        return temp
    }

    /// Golden outputs of hexdump 2.38.1 with `--color=always`.
    func testColourUnitsWrapTheirPrintUnits() throws {
        let temp = try sampleTree()
        let red = "\u{1B}[31m"
        let blue = "\u{1B}[34m"
        let reset = "\u{1B}[0m"
        let expected: [(String, String)] = [
            (
                #"16/1 "%02x_L[red:A,blue:0x61] " "\n""#,
                "\(red)41\(reset) 42 43 44 \(blue)61\(reset) 62 63 64 00 01 40 40 40 40 40 40\n40 40" + String(repeating: " ", count: 42) + "\n"
            ),
            (
                #"4/2 "%04x_L[red@2-5] " "\n""#,
                "4241 \(red)4443\(reset) \(red)6261\(reset) 6463\n0100 4040 4040 4040\n4040" + String(repeating: " ", count: 15) + "\n"
            ),
        ]
        for (format, output) in expected {
            let result = try CommandRunner.run(["--hex", "--color=always", "-e", format, "c.bin"], in: temp.url)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(result.text, output, format)
        }
        // Into a pipe colours are off unless always: -L alone is auto, and --color=never, -Lnever off.
        for flags in [["-L"], ["-Lnever"], ["--color=never"], []] {
            let result = try CommandRunner.run(["--hex"] + flags + ["-e", #"4/1 "%02x_L[red:A] ""#, "c.bin"], in: temp.url)
            XCTAssertFalse(result.text.contains("\u{1B}"), "\(flags): \(result.text)")
            XCTAssertTrue(result.text.hasPrefix("41 42 43 44"), "\(flags): \(result.text)")
        }
        // An offset near 2^63 matches nothing, and overflows nothing.
        let far = try CommandRunner.run(["--hex", "-Lalways", "-e", #"4/1 "%02x_L[red@9223372036854775807] ""#, "c.bin"], in: temp.url)
        XCTAssertEqual(far.status, 0, far.stderr)
        XCTAssertTrue(far.text.hasPrefix("41 42 43 44"), far.text)
        let always = try CommandRunner.run(["--hex", "-Lalways", "-e", #"4/1 "%02x_L[red:A] ""#, "c.bin"], in: temp.url)
        XCTAssertTrue(always.text.hasPrefix("\(red)41\(reset) 42"), always.text)
    }

    func testBadColourUnitsAreRefusedAsHexdumpRefusesThem() throws {
        let temp = try sampleTree()
        for unit in ["_L[red:A@3-2]", "_L[red:AB]", "_L[red:0x1@0-9999999999]"] {
            let result = try CommandRunner.run(["--hex", "--color=always", "-e", #"4/1 "%02x\#(unit) ""#, "c.bin"], in: temp.url)
            XCTAssertEqual(result.status, 1, unit)
            XCTAssertTrue(
                result.stderr.hasPrefix("filetable: bad byte count for conversion character _L")
                    || result.stderr.contains("more than filetable repeats"), result.stderr)
            // Without colours hexdump skips the unit unread, and so does filetable.
            let plain = try CommandRunner.run(["--hex", "-e", #"4/1 "%02x\#(unit) ""#, "c.bin"], in: temp.url)
            XCTAssertEqual(plain.status, 0, plain.stderr)
        }
    }

    /// An eight-byte value (hexdump 2.38 aborts on it; util-linux's own test of it is met).
    func testEightByteValues() throws {
        let temp = try sampleTree()
        let result = try CommandRunner.run(["--hex", "--color=always", "-e", #"1/8 "%016x_L[red:0x6463626144434241]\n""#, "c.bin"], in: temp.url)
        XCTAssertEqual(result.text, "\u{1B}[31m6463626144434241\u{1B}[0m\n4040404040400100\n0000000000004040\n")
    }

    /// Many units and conditions against hexdump itself.
    func testColourUnitsMatchHexdump() throws {
        try XCTSkipUnless(CommandRunner.isInstalled("hexdump"), "skipped: hexdump is not installed (golden outputs are checked above)")
        let temp = try sampleTree()
        let formats = [
            #"16/1 "%02x_L[red:A,blue:0x61] " "\n""#, #""%_ax_L[green:0x8] " 4/1 "%3_c_L[!cyan:a] " "\n""#,
            #"4/2 "%04x_L[red@2-5] " "\n""#, #"2/4 "%08X_L[bold:ABCD] " "\n""#, #"1/1 "%c_L[nocolor:A]""#,
            #"8/1 "%03o_L[red:0101,lightgreen:0142] " "\n""#, #"8/1 "%_p_L[reverse@1,yellow@5-6]" "\n""#,
            #"4/4 "%u_L[!red:@@@@] " "\n""#,
            #""%07.7_ax_L[blue:0] " 8/2 "%6d_L[red:0x4241@0-1,darkgray] " "\n""#, #"16/1 "%3_u_L[halfbright:0x00]" "\n""#,
            #"4/1 "%02x_L[red:A]" "_L" "\n""#, #"/4 "%.2s_L[blink:AB@0-1]|" "\n""#,
        ]
        let runs = formats.flatMap { [["--color=always", "-e", $0], ["-v", "--color=always", "-e", $0]] }
        for run in runs {
            let ours = try CommandRunner.run(["--hex"] + run + ["c.bin"], in: temp.url)
            let theirs = try CommandRunner.shell(
                "hexdump " + run.map(HexdumpFormatEndToEndTests.shellQuoted).joined(separator: " ") + " c.bin", in: temp.url)
            XCTAssertEqual(ours.text, theirs.text, "hexdump \(run)")
            XCTAssertEqual(ours.status, theirs.status, "hexdump \(run): \(ours.stderr)")
        }
    }

    /// hexdump -X (util-linux 2.39 on): one-byte hex, as its format strings draw it.
    func testOneByteHexViewIsItsFormatStrings() throws {
        let temp = try sampleTree()
        let view = try CommandRunner.run(["--hex", "-X", "c.bin"], in: temp.url)
        let long = try CommandRunner.run(["--hex", "--one-byte-hex", "c.bin"], in: temp.url)
        let strings = try CommandRunner.run(["--hex", "-e", #""%07.7_Ax\n""#, "-e", #""%07.7_ax " 16/1 " %02x " "\n""#, "c.bin"], in: temp.url)
        XCTAssertEqual(
            view.text,
            "0000000  41  42  43  44  61  62  63  64  00  01  40  40  40  40  40  40\n0000010  40  40                                                        \n0000012\n"
        )
        XCTAssertEqual(long.text, view.text)
        XCTAssertEqual(strings.text, view.text)
    }

    /// At a terminal data's control bytes are shown as `^X`; the colour
    /// units' own sequences (and only colour changes) pass as they are.
    func testAtATerminalColoursPassAndControlBytesAreShown() {
        let text = Array("\u{1B}[31m41\u{1B}[0m \u{1B}]0;title\u{07} \u{1B}[2J \u{1B}[1;33mx\u{1B}[".utf8)
        var shown: [UInt8] = []
        text.withUnsafeBytes { CatCommand.appendShowingControls($0, to: &shown, keepingColors: true) }
        XCTAssertEqual(String(decoding: shown, as: UTF8.self), "\u{1B}[31m41\u{1B}[0m ^[]0;title^G ^[[2J \u{1B}[1;33mx^[[")
        var plain: [UInt8] = []
        text.withUnsafeBytes { CatCommand.appendShowingControls($0, to: &plain) }
        XCTAssertFalse(plain.contains(0x1B), "without colour units every ESC is shown")
    }
}
