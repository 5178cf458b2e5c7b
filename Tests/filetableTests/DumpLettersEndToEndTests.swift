import Foundation
import TestSupport
import XCTest

/// After `--hex` the letters are hexdump's (its `-b -c -d -o -x` views,
/// with `-C` beside them), after `--xxd` xxd's (`-e -b -d -o -a -i -n -C`,
/// `-s +N`): each output byte for byte the tool's, compared live where the
/// tool is installed and against outputs the tools printed otherwise.
final class DumpLettersEndToEndTests: XCTestCase {
    /// "Hi", NUL, 0x01, a tab, 0xff, 0x7f, "Z": printable, escaped and octal bytes.
    private static let sample: [UInt8] = [0x48, 0x69, 0x00, 0x01, 0x09, 0xFF, 0x7F, 0x5A]

    private func write(_ bytes: [UInt8], named name: String, in temp: TemporaryTree) -> String {
        let path = temp.path + "/" + name
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return path
    }

    /// Outputs util-linux hexdump 2.38 and xxd 2022-01-14 printed for `sample` (named g.bin).
    func testTheViewsOfASmallFileAreThePeers() throws {
        let temp = try TemporaryTree()
        _ = write(Self.sample, named: "g.bin", in: temp)
        let expected: [([String], String)] = [
            (
                ["--hex", "-b", "-c"],
                "0000000 110 151 000 001 011 377 177 132                                \n0000000   H   i  \\0 001  \\t 377 177   Z                                \n0000008\n"
            ),
            (
                ["--hex", "-d", "-o", "-x", "-C"],
                "0000000   26952   00256   65289   23167                                \n0000000  064510  000400  177411  055177                                \n0000000    6948    0100    ff09    5a7f                                \n00000000  48 69 00 01 09 ff 7f 5a                           |Hi.....Z|\n00000008\n"
            ),
            (["--xxd", "-e"], "00000000: 01006948 5a7fff09                    Hi.....Z\n"),
            (
                ["--xxd", "-b"],
                "00000000: 01001000 01101001 00000000 00000001 00001001 11111111  Hi....\n00000006: 01111111 01011010                                      .Z\n"
            ),
            (["--xxd", "-d", "-o", "16"], "00000016: 4869 0001 09ff 7f5a                      Hi.....Z\n"),
            (
                ["--xxd", "-i"],
                "unsigned char g_bin[] = {\n  0x48, 0x69, 0x00, 0x01, 0x09, 0xff, 0x7f, 0x5a\n};\nunsigned int g_bin_len = 8;\n"
            ),
            (["--xxd", "-a", "-c", "4"], "00000000: 4869 0001  Hi..\n00000004: 09ff 7f5a  ...Z\n"),
            // xxd reads one letter an argument: `-ub` is -u, `-b1` is -b.
            (["--xxd", "-ub", "-c", "4"], "00000000: 4869 0001  Hi..\n00000004: 09FF 7F5A  ...Z\n"),
            (["--xxd", "-pz"], "4869000109ff7f5a\n"),
        ]
        for (arguments, output) in expected {
            let result = try CommandRunner.run(arguments + ["g.bin"], in: temp.url)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(result.text, output, "\(arguments)")
        }
    }

    /// Files of many sizes, with runs of repeated and all-zero lines, short
    /// last lines and groups, skips and lengths: hexdump's views and xxd's
    /// variants, each against the tool.
    func testEveryLetterMatchesTheToolsOnManyFiles() throws {
        let haveHexdump = CommandRunner.isInstalled("hexdump")
        let haveXxd = CommandRunner.isInstalled("xxd")
        try XCTSkipUnless(haveHexdump || haveXxd, "skipped: neither hexdump nor xxd is installed (golden outputs are checked above)")
        let temp = try TemporaryTree()
        var generator = SystemRandomNumberGenerator()
        var files: [String] = []
        for size in [0, 1, 7, 16, 21, 37, 64, 100, 1000, 4099] {
            var bytes = (0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }
            // Zero runs and repeated lines: what `*` folds.
            if size >= 100 { for index in 16..<80 { bytes[index] = 0 } }
            if size >= 1000 { for index in 400..<700 { bytes[index] = 0x41 } }
            files.append(write(bytes, named: "f\(size).bin", in: temp))
        }
        let hexdumpLetters = [
            ["-b"], ["-c"], ["-d"], ["-o"], ["-x"], ["-b", "-c"], ["-C", "-x"], ["-x", "-C"], ["-v", "-o"], ["-c", "-s", "5", "-n", "50"],
        ]
        let xxdLetters = [
            ["-e"], ["-e", "-g", "2"], ["-e", "-g", "8"], ["-e", "-u"], ["-b"], ["-b", "-g", "2"], ["-b", "-c", "4"], ["-d"], ["-o", "100"],
            ["-d", "-o", "100"], ["-a"], ["-a", "-c", "8"], ["-a", "-b"], ["-i"], ["-i", "-C", "-n", "my_name"], ["-i", "-c", "5"], ["-i", "-u"],
            ["-s", "+3", "-e"], ["-s", "-5", "-b"], ["-l", "7", "-i"], ["-s", "20", "-a"], ["-ub"], ["-bu"], ["-b1"], ["-au", "-c", "8"],
        ]
        // Every run of one file in one shell: hundreds of runs, two process starts a file.
        for path in files {
            let name = (path as NSString).lastPathComponent
            if haveHexdump {
                let ours = try CommandRunner.shellBatch(
                    hexdumpLetters.map { "\"$FILETABLE\" --hex \($0.joined(separator: " ")) \(name)" }, in: temp.url)
                let theirs = try CommandRunner.shellBatch(hexdumpLetters.map { "hexdump \($0.joined(separator: " ")) \(name)" }, in: temp.url)
                for (index, letters) in hexdumpLetters.enumerated() where theirs[index].status == 0 && !ours[index].stderr.contains("past the end") {
                    XCTAssertEqual(ours[index].text, theirs[index].text, "hexdump \(letters) \(name)")
                }
            }
            if haveXxd {
                let ours = try CommandRunner.shellBatch(xxdLetters.map { "\"$FILETABLE\" --xxd \($0.joined(separator: " ")) \(name)" }, in: temp.url)
                let theirs = try CommandRunner.shellBatch(xxdLetters.map { "xxd \($0.joined(separator: " ")) \(name)" }, in: temp.url)
                // xxd refuses to seek before the start of a short file; filetable starts at 0.
                for (index, letters) in xxdLetters.enumerated() where theirs[index].status == 0 {
                    XCTAssertEqual(ours[index].text, theirs[index].text, "xxd \(letters) \(name)")
                }
            }
        }
        if haveXxd {
            // Standard input: xxd -i writes the bytes without a declaration.
            let ours = try CommandRunner.shell("\"$FILETABLE\" --xxd -i < f21.bin", in: temp.url)
            XCTAssertEqual(ours.text, try CommandRunner.shell("xxd -i < f21.bin", in: temp.url).text)
        }
    }

    /// Letters the mode does not have, and layouts no peer draws together,
    /// are refused with a reason, never given another tool's meaning.
    func testLettersAModeDoesNotHaveAreRefused() throws {
        let temp = try TemporaryTree()
        _ = write(Self.sample, named: "g.bin", in: temp)
        let refusals: [([String], String)] = [
            (["--hex", "-Lsometimes", "g.bin"], "invalid argument 'sometimes' for '-L'"),
            (["--xxd", "-h", "g.bin"], "-h is xxd's help option"),
            (["--hex", "--xxd", "g.bin"], "--hex and --xxd cannot be combined"),
            (["--xxd", "-b", "-e", "g.bin"], "xxd's -b and -e cannot be combined"),
            (["--xxd", "-i", "-p", "g.bin"], "xxd's -i and -p cannot be combined"),
            (["--xxd", "-e", "-g", "3", "g.bin"], "number of octets per group must be a power of 2 with -e"),
            (["--hex", "--format", "xxd", "-x", "g.bin"], "hexdump's views (-b -X -c -d -o -x) cannot be drawn in the xxd layout"),
        ]
        for (arguments, message) in refusals {
            let result = try CommandRunner.run(arguments, in: temp.url)
            // Two modes ask for no one peer: ls's 2; else hexdump's and xxd's 1 for a bad command line.
            let twoModes = arguments.contains("--hex") && arguments.contains("--xxd")
            XCTAssertEqual(result.status, twoModes ? 2 : 1, "\(arguments)")
            XCTAssertEqual(result.text, "", "\(arguments)")
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
    }
}
