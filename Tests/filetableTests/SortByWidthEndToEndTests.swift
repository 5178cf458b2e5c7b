import Foundation
import TestSupport
import XCTest

/// `--sort=width` as ls 9 sorts: the narrowest name first, ties by name;
/// compared with GNU ls where it knows the word (the names are chosen so
/// natural and byte order agree on the ties), and at the prompt.
final class SortByWidthEndToEndTests: XCTestCase {
    private var temp: TemporaryTree!

    override func setUpWithError() throws {
        temp = try TemporaryTree()
        for name in ["ccc", "a", "bb", "dddd", "aa", "zz z", "e"] { temp.file(name) }
        try temp.folder("ff")
    }

    override func tearDown() { temp = nil }

    private static let lsKnowsWidth = CommandRunner.lsAccepts("--sort=width")

    func testWidthOrderMatchesLs() throws {
        for arguments in [["-1"], ["-1r"], ["-l"], ["-1", "--group-directories-first"], ["-x", "-w", "20"]] {
            let ours = try CommandRunner.run(["--sort=width"] + arguments + ["."], in: temp.url)
            XCTAssertEqual(ours.status, 0)
            if arguments == ["-1"] { XCTAssertEqual(ours.text, "a\ne\naa\nbb\nff\nccc\ndddd\nzz z\n") }
            guard Self.lsKnowsWidth else { continue }
            let quoted = arguments.map { "'\($0)'" }.joined(separator: " ")
            let theirs = try CommandRunner.shell("LC_ALL=C ls --sort=width \(quoted) .", in: temp.url)
            XCTAssertEqual(ours.text, theirs.text, "\(arguments)")
        }
        if !Self.lsKnowsWidth { print("skipped the comparison with ls: this ls has no --sort=width") }
    }

    func testThePromptSortsByWidth() throws {
        let batch = FileManager.default.temporaryDirectory.appendingPathComponent("width-\(UUID().uuidString)").path
        FileManager.default.createFile(atPath: batch, contents: Data("sort width\n".utf8))
        defer { try? FileManager.default.removeItem(atPath: batch) }
        let result = try CommandRunner.run(["-b", batch, temp.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let names = CommandResult.lastPage(result.text).map { $0.split(separator: " ", maxSplits: 1).last.map(String.init) ?? "" }
        XCTAssertEqual(names.prefix(3), ["a", "e", "aa"], result.text)
    }
}
