import Foundation
import TestSupport
import XCTest

/// cd on quit: `--choose-dir FILE` writes the directory in view when the
/// session ends, and the README's shell function leaves the shell there.
final class ChooseDirectoryEndToEndTests: XCTestCase {
    private func chosen(_ temp: TemporaryTree) throws -> String {
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: temp.path + "/chosen")), as: UTF8.self)
    }

    func testTheDirectoryInViewIsWrittenWhenTheSessionEnds() throws {
        let temp = try TemporaryTree()
        try temp.folder("sub/deep")
        temp.file("chosen", contents: "an older choice, replaced\n")
        let result = try CommandRunner.run(["--choose-dir", "chosen", "-e", "cd sub; open deep; quit", "."], in: temp.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try chosen(temp), temp.path + "/sub/deep", "the exact path, no newline")
        // A level of gathered rows: the directory it was made in.
        _ = try CommandRunner.run(["--choose-dir", "chosen", "-e", "cd sub; find deep --all", "."], in: temp.url)
        XCTAssertEqual(try chosen(temp), temp.path + "/sub")
    }

    func testInsideAnArchiveTheDirectoryHoldingItIsChosen() throws {
        let temp = try ArchivesEndToEndTests.makeArchives(
            """
            with tarfile.open("x.tar", "w") as t:
                add(t, "inner/a.txt", b"a")
            """)
        let result = try CommandRunner.run(["--choose-dir", "chosen", "-e", "open x.tar; open inner", "."], in: temp.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try chosen(temp), temp.path)
    }

    func testAFileThatCannotBeWrittenIsSaidAndAListingRefusesIt() throws {
        let temp = try TemporaryTree()
        var result = try CommandRunner.run(["--choose-dir", "missing/chosen", "-e", "pwd", "."], in: temp.url)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "filetable: --choose-dir: missing/chosen: No such file or directory\n")
        try temp.link("link", to: temp.path + "/elsewhere")
        result = try CommandRunner.run(["--choose-dir", "link", "-e", "pwd", "."], in: temp.url)
        XCTAssertEqual(result.status, 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: temp.path + "/elsewhere"), "never written through a link")
        result = try CommandRunner.run(["--choose-dir", "chosen", "-1", "."], in: temp.url)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("--choose-dir writes where a session ends"), result.stderr)
    }

    /// The README's bash function, as written there: `ft` then quitting
    /// in a directory leaves the shell in it.
    func testTheReadmeFunctionLeavesTheShellWhereTheSessionEnded() throws {
        let readme = try String(contentsOf: CommandRunner.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try XCTUnwrap(readme.range(of: "ft() {\n"))
        let end = try XCTUnwrap(readme.range(of: "\n}\n", range: start.upperBound..<readme.endIndex))
        let function = String(readme[start.lowerBound..<end.upperBound])
        let temp = try TemporaryTree()
        try temp.folder("sub/deep")
        try function.write(toFile: temp.path + "/ft.sh", atomically: true, encoding: .utf8)
        let bin = CommandRunner.executable.deletingLastPathComponent().path
        let result = try CommandRunner.shell(
            "export PATH='\(bin)':\"$PATH\"; . ./ft.sh; ft -e 'cd sub/deep' . >/dev/null; pwd", in: temp.url)
        XCTAssertEqual(result.text, temp.path + "/sub/deep\n", result.stderr)
    }
}
