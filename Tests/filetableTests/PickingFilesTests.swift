import Foundation
import TestSupport
import XCTest

/// `--choose-files FILE`, the picker editors and scripts call: Enter on a
/// file picks it and ends the session, Space selects (the row stays,
/// marked +) and Enter picks the selection; `select` and `pick` at the
/// prompt; the paths one a line to FILE or standard output; no deletion
/// marks meanwhile.
final class PickingFilesTests: XCTestCase {
    private typealias Key = ScriptedScreen.Key

    /// sample tree: 1 alpha.txt, 2 blob.bin, 3 docs >, 4 zulu.log.
    func testEnterPicksAFileAndSpaceSelectsRowsThatStay() throws {
        let temp = try ScriptedScreen.sampleTree()
        var screen = try ScriptedScreen.run(in: temp.path, keys: ["j", Key.enter], choosesFiles: true)
        XCTAssertTrue(screen.ended, "Enter on a file ends the session")
        XCTAssertEqual(screen.picked, [Array((temp.path + "/blob.bin").utf8)])
        // Space selects: the row stays, marked +, and the highlight moves on with j.
        screen = try ScriptedScreen.run(in: temp.path, keys: [" ", "G", " "], choosesFiles: true)
        XCTAssertTrue(screen.text.contains("+ 1 alpha.txt") || screen.frame.contains { $0.contains("+") && $0.contains("alpha.txt") }, screen.text)
        XCTAssertTrue(screen.frame.contains { $0.contains("+") && $0.contains("zulu.log") }, screen.text)
        XCTAssertTrue(screen.status.contains("2 to pick"), screen.status)
        // Enter then picks the selection, in the order selected; Enter on a directory still opens it.
        screen = try ScriptedScreen.run(in: temp.path, keys: [" ", "G", " ", "g", "j", "j", Key.enter, "h", "j", Key.enter], choosesFiles: true)
        XCTAssertEqual(screen.picked, [temp.path + "/alpha.txt", temp.path + "/zulu.log"].map { Array($0.utf8) })
        // Space again lets a row go.
        screen = try ScriptedScreen.run(in: temp.path, keys: [" ", " "], choosesFiles: true)
        XCTAssertFalse(screen.frame.contains { $0.contains("+") && $0.contains("alpha.txt") }, screen.text)
        // Without --choose-files, space marks for deletion as ever.
        screen = try ScriptedScreen.run(in: temp.path, keys: [" "])
        XCTAssertTrue(screen.status.contains("marked 1"), screen.status)
    }

    func testSelectAndPickAtThePromptWriteThePathsOneALine() throws {
        let temp = try ScriptedScreen.sampleTree()
        let out = temp.path + "/picked"
        var result = try CommandRunner.run(["--choose-files", out, "-e", "select 1; select zulu.log; pick", temp.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try String(contentsOfFile: out, encoding: .utf8), "\(temp.path)/alpha.txt\n\(temp.path)/zulu.log\n")
        // To standard output: the paths alone, the session speaking on standard error.
        result = try CommandRunner.run(["--choose-files", "-", "-e", "list; pick 2-3", temp.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.text, "\(temp.path)/blob.bin\n\(temp.path)/docs\n")
        XCTAssertTrue(result.stderr.contains("1  alpha.txt"), "the page on standard error: \(result.stderr)")
    }

    func testNoMarksWhilePickingAndClearRefusals() throws {
        let temp = try ScriptedScreen.sampleTree()
        var result = try CommandRunner.run(["--choose-files", "-", "-e", "mark 1", temp.path])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(
            result.stderr.contains("mark: no deletion marks while choosing files (--choose-files); 'select' chooses rows to pick"), result.stderr)
        XCTAssertEqual(result.text, "", "nothing picked, nothing written")
        result = try CommandRunner.run(["--choose-files", "-", "-e", "pick", temp.path])
        XCTAssertTrue(result.stderr.contains("pick: nothing selected; 'pick ROWS', or 'select ROWS' first"), result.stderr)
        result = try CommandRunner.run(["-e", "pick 1", temp.path])
        XCTAssertTrue(result.stderr.contains("pick: nothing to pick; start filetable with --choose-files FILE"), result.stderr)
        result = try CommandRunner.run(["--choose-files", "x", "-l", temp.path])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("--choose-files picks files in a session"), result.stderr)
        // A member inside an archive is no file on disk.
        _ = try CommandRunner.shell("tar cf site.tar alpha.txt", in: temp.url)
        result = try CommandRunner.run(["--choose-files", "-", "-e", "open site.tar; pick 1", temp.path])
        XCTAssertTrue(result.stderr.contains("pick: row 1 (alpha.txt) is not a file on disk"), result.stderr)
        // Never through a link.
        try temp.link("link", to: temp.path + "/elsewhere")
        result = try CommandRunner.run(["--choose-files", temp.path + "/link", "-e", "pick 1", temp.path])
        XCTAssertNotEqual(result.status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: temp.path + "/elsewhere"))
    }
}
