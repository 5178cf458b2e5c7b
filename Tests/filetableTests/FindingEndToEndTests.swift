import Foundation
import TestSupport
import XCTest

/// Filtering and finding as people expect: `filter` by substring (smart
/// case) or glob, `--tree`/`-R` with a filter walking every directory as
/// tree -P and find -name do (and `--prune` as tree has it), and `find`
/// nearest first, saying when hidden directories were skipped.
final class FindingEndToEndTests: XCTestCase {
    /// a/x.c, a/b/y.h, c/z.c, d/e/w.txt, top.c, readme, passwd,
    /// deep/er/passwd-old, .hidden/passwd-secret
    private func makeTree() throws -> TemporaryTree {
        let temp = try TemporaryTree()
        for path in ["a/x.c", "a/b/y.h", "c/z.c", "d/e/w.txt", "top.c", "readme", "sshd_config", "deep/er/passwd-old", ".hidden/passwd-secret"] {
            let parts = path.split(separator: "/")
            let folder = parts.count > 1 ? parts.dropLast().joined(separator: "/") : nil
            if let folder { try temp.folder(folder) }
            temp.file(String(parts.last!), in: folder)
        }
        try temp.folder("z")
        temp.file("passwd", in: "z")
        return temp
    }

    private func rows(_ text: String) -> [String] {
        text.split(separator: "\n").filter { $0.first == " " || $0.first?.isNumber == true }.map {
            String($0.drop { $0 == " " || $0.isNumber })
        }
    }

    func testFilterMatchesSubstringsInAnyCaseUnlessCapitalsAndGlobsWhole() throws {
        let temp = try makeTree()
        var result = try CommandRunner.script("filter SS", in: temp)
        XCTAssertEqual(rows(result.text), [], result.text)
        result = try CommandRunner.script("filter ss", in: temp)
        XCTAssertEqual(rows(result.text), ["sshd_config"], result.text)
        result = try CommandRunner.script("filter D_C", in: temp)
        XCTAssertEqual(rows(result.text), [], result.text)
        result = try CommandRunner.script("filter d_c", in: temp)
        XCTAssertEqual(rows(result.text), ["sshd_config"], result.text)
        result = try CommandRunner.script("filter *.c", in: temp)
        XCTAssertEqual(rows(result.text), ["top.c"], result.text)
        XCTAssertTrue(result.text.contains("| filter *.c |"), result.text)
    }

    /// tree -P '*.c': every directory drawn, only .c files; --prune leaves
    /// out the directories with none below.
    func testTreeWithAFilterDrawsEveryDirectoryAsTreeP() throws {
        let temp = try makeTree()
        let drawn = try CommandRunner.run(["--tree", "--filter", "*.c", "."], in: temp.url)
        XCTAssertEqual(
            drawn.text,
            """
            .
            ├── a
            │\u{A0}\u{A0} ├── b
            │\u{A0}\u{A0} └── x.c
            ├── c
            │\u{A0}\u{A0} └── z.c
            ├── d
            │\u{A0}\u{A0} └── e
            ├── deep
            │\u{A0}\u{A0} └── er
            ├── top.c
            └── z

            9 directories, 3 files

            """)
        let pruned = try CommandRunner.run(["--tree", "--prune", "--filter", "*.c", "."], in: temp.url)
        XCTAssertEqual(pruned.text, ".\n├── a\n│\u{A0}\u{A0} └── x.c\n├── c\n│\u{A0}\u{A0} └── z.c\n└── top.c\n\n3 directories, 3 files\n")
        if CommandRunner.isInstalled("tree") {
            XCTAssertEqual(drawn.text, try CommandRunner.shell("LC_ALL=C.UTF-8 tree -P '*.c' .", in: temp.url).text)
            XCTAssertEqual(pruned.text, try CommandRunner.shell("LC_ALL=C.UTF-8 tree --prune -P '*.c' .", in: temp.url).text)
        }
    }

    /// -R --filter finds every match below, as find -name does.
    func testRecursiveWithAFilterWalksEveryDirectory() throws {
        let temp = try makeTree()
        let result = try CommandRunner.run(["-R", "--filter", "*.c", "."], in: temp.url)
        let found = result.text.split(separator: "\n").filter { $0.hasSuffix(".c") }
        XCTAssertEqual(found.sorted(), ["top.c", "x.c", "z.c"], result.text)
        XCTAssertTrue(result.text.contains("./a:\n"), result.text)
    }

    /// find meets the nearest match first (passwd here, then z/passwd,
    /// then deep/er/passwd-old) and says hidden directories were skipped.
    func testFindGoesNearestFirstAndSaysHiddenWasSkipped() throws {
        let temp = try makeTree()
        let result = try CommandRunner.script("find passwd; n; -n", in: temp)
        let found = result.text.split(separator: "\n").filter { $0.hasPrefix("find: ") }
        XCTAssertEqual(
            found,
            [
                "find: z/passwd, row 1 here ('n' or 'find' for the next match; 'back' returns)",
                "find: deep/er/passwd-old, row 1 here ('n' or 'find' for the next match; 'back' returns)",
            ], result.text)
        XCTAssertTrue(result.stderr.contains("find: no more names contain 'passwd' ("), result.stderr)
        XCTAssertTrue(result.stderr.contains("; 1 hidden directory skipped ('hidden on'))"), result.stderr)
        let shown = try CommandRunner.script("hidden on; find passwd-s", in: temp)
        XCTAssertTrue(shown.text.contains("find: .hidden/passwd-secret, row 1 here"), shown.text + shown.stderr)
    }
}
