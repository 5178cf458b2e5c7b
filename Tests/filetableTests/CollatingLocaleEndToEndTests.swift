import Foundation
import TestSupport
import XCTest

/// Run as ls or tree in a collating locale (en_US.UTF-8, built here with
/// localedef into a temporary LOCPATH), names sort in the locale's order,
/// as ls's and tree's `strcoll`; in the C locale by bytes; filetable's own
/// listings keep their natural order. Sizes asked for with a `'` are
/// grouped with the locale's thousands separator. Compared with the
/// installed ls, du and tree where they are, goldens from ls 9.1, du 9.1 and
/// tree 2.1 otherwise.
final class CollatingLocaleEndToEndTests: XCTestCase {
    private static let names = [
        "a", "A", "b", "B", "_c", ".d", "ä", "Z", "resume", "résumé", "Resume", "a.b", "a-b", "ab", "aB", "10", "9", "x.TXT", "y.txt",
        "w.Txt",
    ]

    /// en_US.UTF-8 built once for the class (localedef takes seconds), in a folder of its own.
    nonisolated(unsafe) private static var locales: TemporaryTree?

    override class func setUp() {
        super.setUp()
        guard let folder = try? TemporaryTree() else { return }
        // A path with a slash: localedef writes a folder there, not into the system's locale archive.
        _ = try? CommandRunner.shell("localedef --no-warnings=ascii -f UTF-8 -i en_US ./en_US.UTF-8", in: folder.url)
        if FileManager.default.fileExists(atPath: folder.path + "/en_US.UTF-8") { locales = folder }
    }

    override class func tearDown() {
        locales = nil
        super.tearDown()
    }

    /// The tree, peer links and the built locale's folder; skipped when localedef could not build it.
    private func setUp() throws -> (tree: TemporaryTree, locales: String) {
        guard let locales = Self.locales else { throw XCTSkip("skipped: localedef could not build en_US.UTF-8 (install Debian's locales)") }
        let temp = try TemporaryTree()
        try temp.folder("d")
        for name in Self.names { temp.file(name, contents: "", in: "d") }
        try temp.folder("d/k")
        try temp.folder("d/K")
        try temp.folder("bin")
        for peer in ["ls", "tree", "du"] {
            try FileManager.default.createSymbolicLink(atPath: temp.path + "/bin/" + peer, withDestinationPath: CommandRunner.executable.path)
        }
        return (temp, locales.path)
    }

    func testLsAndTreeSortAsTheLocaleCollates() throws {
        let (temp, locales) = try setUp()
        let english = "LOCPATH='\(locales)' LC_ALL=en_US.UTF-8"
        let cases: [(String, String)] = [
            ("\(english) bin/ls -a d", ". .. 10 9 a A ä a-b a.b ab aB b B _c .d k K resume Resume résumé w.Txt x.TXT y.txt Z"),
            ("\(english) bin/ls -X d", "10 9 a A ä a-b ab aB b B _c k K resume Resume résumé Z a.b y.txt w.Txt x.TXT"),
            ("\(english) bin/ls -r d", "Z y.txt x.TXT w.Txt résumé Resume resume K k _c B b aB ab a.b a-b ä A a 9 10"),
            (
                "\(english) bin/tree --noreport d",
                "d ├── 10 ├── 9 ├── a ├── A ├── ä ├── a-b ├── a.b ├── ab ├── aB ├── b ├── B ├── _c ├── k ├── K "
                    + "├── resume ├── Resume ├── résumé ├── w.Txt ├── x.TXT ├── y.txt └── Z"
            ),
            ("LC_ALL=C bin/ls d", "10 9 A B K Resume Z _c a a-b a.b aB ab b k resume résumé w.Txt x.TXT y.txt ä"),
            // filetable's own listing keeps its natural order in any locale.
            ("\(english) \"$FILETABLE\" -1 d", "9 10 _c A a a-b a.b aB ab B b K k Resume resume résumé w.Txt x.TXT y.txt Z ä"),
        ]
        for (command, expected) in cases {
            let result = try CommandRunner.shell(command, in: temp.url)
            XCTAssertEqual(result.status, 0, "\(command): \(result.stderr)")
            let words = result.text.split(separator: "\n").joined(separator: " ")
            XCTAssertEqual(words, expected, command)
            // The same as the installed tool, where it is.
            let peer = command.contains("bin/tree") ? "tree" : "ls"
            guard command.contains("bin/"), CommandRunner.isInstalled(peer) else { continue }
            let theirs = try CommandRunner.shell(command.replacingOccurrences(of: "bin/\(peer)", with: peer), in: temp.url)
            XCTAssertEqual(result.text, theirs.text, "\(command) against the installed \(peer)")
        }
    }

    func testSizesWithAQuoteGroupDigitsAsTheLocaleDoes() throws {
        let (temp, locales) = try setUp()
        XCTAssertTrue(FileManager.default.createFile(atPath: temp.path + "/d/big", contents: Data(count: 1_234_567)))
        let english = "LOCPATH='\(locales)' LC_ALL=en_US.UTF-8"
        let cases: [(String, String)] = [
            ("\(english) bin/ls -l --block-size=\"'1\" d/big | cut -d' ' -f5", "1,234,567\n"),
            ("\(english) BLOCK_SIZE=\"'1\" \"$FILETABLE\" -l d/big | cut -d' ' -f5", "1,234,567\n"),
            ("\(english) bin/du --apparent-size --block-size=\"'1\" d/big", "1,234,567\td/big\n"),
            ("LC_ALL=C bin/ls -l --block-size=\"'1\" d/big | cut -d' ' -f5", "1234567\n"),
        ]
        for (command, expected) in cases {
            let result = try CommandRunner.shell(command, in: temp.url)
            XCTAssertEqual(result.text, expected, "\(command): \(result.stderr)")
            let peer = command.contains("bin/du") ? "du" : "ls"
            guard command.contains("bin/"), CommandRunner.isInstalled(peer) else { continue }
            let theirs = try CommandRunner.shell(command.replacingOccurrences(of: "bin/\(peer)", with: peer), in: temp.url)
            XCTAssertEqual(result.text, theirs.text, "\(command) against the installed \(peer)")
        }
    }
}
