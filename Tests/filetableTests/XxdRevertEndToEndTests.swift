import Foundation
import TestSupport
import XCTest

/// `--xxd -r`: a dump read back into bytes as xxd reads it, to standard
/// output or a new file, never into a file that is there; compared with
/// xxd (into a pipe, where xxd cannot seek either) where it is installed.
final class XxdRevertEndToEndTests: XCTestCase {
    private func write(_ text: String, named name: String, in temp: TemporaryTree) {
        FileManager.default.createFile(atPath: temp.path + "/" + name, contents: Data(text.utf8))
    }

    /// Dumps as xxd writes them (normal and plain), with a jump in the
    /// offsets, a CR, garbage and a short line: the bytes xxd gives back.
    func testDumpsReadBackAsXxdReadsThem() throws {
        let temp = try TemporaryTree()
        write("00000000: 4869 0001 09ff 7f5a                      Hi.....Z\n", named: "normal.txt", in: temp)
        write("00000002: 4142\r\n00000008: 43 zz 44\nthe text column 4142\n", named: "gaps.txt", in: temp)
        write("4869 00zz01\n\n09ff\t7f 5a", named: "plain.txt", in: temp)
        let expected: [([String], [UInt8])] = [
            (["normal.txt"], [0x48, 0x69, 0x00, 0x01, 0x09, 0xFF, 0x7F, 0x5A]),
            // "the text column" starts with a hex digit: its e is read as an offset (14), as xxd reads it.
            (["gaps.txt"], [0, 0, 0x41, 0x42, 0, 0, 0, 0, 0x43, 0, 0, 0, 0, 0]),
            (["-s", "3", "gaps.txt"], [0, 0, 0, 0, 0, 0x41, 0x42, 0, 0, 0, 0, 0x43, 0, 0, 0, 0, 0]),
            // Two characters that are not digits end a run: 01 after zz is lost, as xxd loses it.
            (["-p", "plain.txt"], [0x48, 0x69, 0x00, 0x09, 0xFF, 0x7F, 0x5A]),
        ]
        for (arguments, bytes) in expected {
            let result = try CommandRunner.run(["--xxd", "-r"] + arguments, in: temp.url)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
            XCTAssertEqual(Array(result.stdout), bytes, "\(arguments)")
        }
        let piped = try CommandRunner.shell("printf '00000000: 6869 0a' | \"$FILETABLE\" --xxd -r", in: temp.url)
        XCTAssertEqual(piped.text, "hi\n")
    }

    /// Round trips of random files through xxd's dumps, and hand-made
    /// dumps, each against `xxd -r` into a pipe.
    func testReversalMatchesXxd() throws {
        try XCTSkipUnless(CommandRunner.isInstalled("xxd"), "skipped: xxd is not installed (golden outputs are checked above)")
        let temp = try TemporaryTree()
        var generator = SplitMix(seed: 40)
        for size in [0, 1, 17, 1000] {
            let bytes = (0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }
            FileManager.default.createFile(atPath: temp.path + "/f\(size).bin", contents: Data(bytes))
        }
        write("00000010: 4142 4344\n00000000: 45\n", named: "back.txt", in: temp)
        write("00000000: 4142\n00000020: 43 44 zz 45\n00000030: 4 1 42\r\n0000003a:4142434445464748495051525354555657\n", named: "odd.txt", in: temp)
        var scripts: [String] = []
        for size in [0, 1, 17, 1000] {
            for dump in ["", "-c 8", "-g 1 -u", "-c 5"] {
                scripts.append("xxd \(dump) f\(size).bin | TOOL -r \(dump.hasPrefix("-c") ? dump : "") | od -An -tx1")
            }
            scripts.append("xxd -p f\(size).bin | TOOL -r -p | od -An -tx1")
        }
        for arguments in ["back.txt", "odd.txt", "-c 4 odd.txt", "-s 5 odd.txt", "-s -4 odd.txt", "-p odd.txt"] {
            scripts.append("TOOL -r \(arguments) | od -An -tx1")
        }
        try CommandRunner.assertSameAsPeer(scripts, peer: "xxd", mode: "--xxd", in: temp.url) { scripts[$0] }
    }

    /// OUTFILE is written only when new; one that is there is refused and
    /// left as it was (xxd would patch it); -b and -i dumps are refused.
    func testOutputFileIsNewOnly() throws {
        let temp = try TemporaryTree()
        write("00000000: 6869\n", named: "d.txt", in: temp)
        let created = try CommandRunner.run(["--xxd", "-r", "d.txt", "out.bin"], in: temp.url)
        XCTAssertEqual(created.status, 0, created.stderr)
        XCTAssertEqual(created.text, "")
        XCTAssertEqual(FileManager.default.contents(atPath: temp.path + "/out.bin"), Data("hi".utf8))
        write("keep me", named: "there.bin", in: temp)
        let refused = try CommandRunner.run(["--xxd", "-r", "d.txt", "there.bin"], in: temp.url)
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("there.bin: exists; --xxd writes OUTFILE only as a new file"), refused.stderr)
        XCTAssertEqual(FileManager.default.contents(atPath: temp.path + "/there.bin"), Data("keep me".utf8))
        for letter in ["-i", "-e"] {
            let result = try CommandRunner.run(["--xxd", "-r", letter, "d.txt"], in: temp.url)
            XCTAssertEqual(result.status, 1, letter + ": a bad command line, xxd's status")
            XCTAssertTrue(result.stderr.contains("cannot revert this type of hexdump"), result.stderr)
        }
        let backwards = try CommandRunner.shell("printf '00000010: 41\\n00000000: 42\\n' | \"$FILETABLE\" --xxd -r", in: temp.url)
        XCTAssertEqual(backwards.status, 2)
        XCTAssertTrue(backwards.stderr.contains("cannot go back"), backwards.stderr)
    }
}
