import Foundation
import TestSupport
import XCTest

/// The defects that put the wrong file in a deletion plan, ran a name as
/// code, or ended the session (and its unexported plan) between marking and
/// exporting.
final class PlanSafetyDefectsEndToEndTests: XCTestCase {
    /// `du`, marking a row larger than the rest together, then `show
    /// marked` trapped on a share above 1 in the du bar.
    func testShowingAMarkedBigRowAfterDuKeepsTheSession() throws {
        let temp = try TemporaryTree()
        temp.file("big", size: 200_000)
        temp.file("small", contents: "a")
        let result = try CommandRunner.script("du; mark big; show marked; marks", in: temp, pageSize: 20, flags: ["-y"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(result.stderr.contains("Fatal error"), result.stderr)
        // Its share is of the level with the marked rows in it: 98%, not 325%.
        let bigRow = result.text.split(separator: "\n").last { $0.hasSuffix(" big") && $0.contains("[") }.map(String.init) ?? ""
        XCTAssertTrue(bigRow.hasSuffix(" 98.0% [##########] big"), result.text)
        XCTAssertTrue(result.text.contains("1 big\n-- 1 entry --\ntotal: 1 file"), result.text)
    }

    /// A typed name reads as it is shown: `new\nline` is the file with a
    /// line feed, never `newnline` (which a glob reading of `\n` gave).
    func testMarkTakesTheExactNameAsShownForEveryEscapeKind() throws {
        let temp = try TemporaryTree()
        let cases: [(shown: String, real: [UInt8], lookAlike: String)] = [
            ("new\\nline", Array("new\nline".utf8), "newnline"),
            ("tab\\tname", Array("tab\tname".utf8), "tabtname"),
            ("esc\\x1Bx", Array("esc\u{1B}x".utf8), "escx1Bx"),
            ("zero\\u{200B}width", Array("zero\u{200B}width".utf8), "zerou{200B}width"),
            ("byte\\xFF", Array("byte".utf8) + [0xFF], "bytexFF"),
        ]
        for (_, real, lookAlike) in cases {
            temp.file(real, contents: "real")
            temp.file(lookAlike, contents: "look-alike")
        }
        for (shown, _, lookAlike) in cases {
            let info = try CommandRunner.script("info \(shown)", in: temp, pageSize: 40)
            XCTAssertTrue(info.text.hasPrefix("path:        \(temp.path)/\(shown)\n"), info.text + info.stderr)
            let marked = try CommandRunner.script("mark \(shown); marks --print", in: temp, pageSize: 40, flags: ["-y"])
            XCTAssertEqual(marked.status, 0, "mark \(shown): " + marked.stderr)
            let plan = marked.text.components(separatedBy: "\(temp.path):\n").last ?? ""
            XCTAssertTrue(plan.hasPrefix("  \(shown)\ntotal: 1 file"), "mark \(shown) did not take the file shown so:\n" + plan)
            XCTAssertFalse(plan.contains(lookAlike), "mark \(shown) took \(lookAlike)")
        }
        // A word with no exact name and no glob character names nothing.
        let missing = try CommandRunner.script("mark new\\qline", in: temp, pageSize: 40, flags: ["-y"])
        XCTAssertTrue(missing.stderr.contains("mark: no row named 'new\\qline'"), missing.stderr)
        // A glob still works when nothing has the exact name.
        let globbed = try CommandRunner.script("mark new*", in: temp, pageSize: 40, flags: ["-y"])
        XCTAssertTrue(globbed.text.contains("marked 2 ("), globbed.text)
    }

    /// The `--sh` plan of a name holding a CJK character, a quote and
    /// `; touch PWNED; #`, run by bash in GBK and Big5 (FuzzShellWords adds GB18030 and
    /// Shift-JIS; built with localedef) with `rm` replaced by a stub: the stub is
    /// handed the exact path and nothing else runs.
    func testTheShellPlanRunsNoPartOfANameInMultibyteLocales() throws {
        let temp = try TemporaryTree()
        let locales = try TemporaryTree()
        var built: [String] = []
        for (source, charmap, name) in [
            ("zh_CN", "GBK", "zh_CN.GBK"), ("zh_TW", "BIG5", "zh_TW.BIG5"),
        ] {
            let made = try CommandRunner.shell("localedef --no-warnings=ascii -f \(charmap) -i \(source) '\(locales.path)/\(name)'", in: temp.url)
            if FileManager.default.fileExists(atPath: locales.path + "/" + name) { built.append(name) } else { _ = made }
        }
        guard !built.isEmpty else { throw XCTSkip("skipped: localedef could not build GBK, Big5 or Shift-JIS (install Debian's locales)") }
        try temp.folder("d")
        let hostile = Array("丁".utf8) + Array("'\u{01}; touch PWNED; #".utf8)
        temp.file(hostile, contents: "x", in: "d")
        temp.file(Array("it's 丁".utf8), contents: "y", in: "d")
        let export = try CommandRunner.run(["-y", "-e", "mark all; marks export plan.sh --sh", "d"], in: temp.url)
        XCTAssertEqual(export.status, 0, export.stderr)
        try temp.folder("stub")
        temp.file("rm", contents: "#!/bin/sh\nshift 2\nprintf '%s\\0' \"$@\" >> \"$STUB_LOG\"\n", in: "stub")
        chmod(temp.path + "/stub/rm", 0o755)
        for locale in built {
            let ran = try CommandRunner.shell(
                "cd d && STUB_LOG=../log-\(locale) LOCPATH='\(locales.path)' LC_ALL=\(locale) PATH=\"$PWD/../stub:$PATH\" bash ../plan.sh",
                in: temp.url)
            XCTAssertEqual(ran.status, 0, locale + ": " + ran.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: temp.path + "/d/PWNED"), "\(locale): part of the name ran")
            let logged = FileManager.default.contents(atPath: temp.path + "/log-\(locale)").map { [UInt8]($0) } ?? []
            let paths = logged.split(separator: 0, omittingEmptySubsequences: true).map { Array($0) }
            let expected = [Array("it's 丁".utf8), hostile].map { Array((temp.path + "/d/").utf8) + $0 }
            XCTAssertEqual(Set(paths), Set(expected), "\(locale): rm was not handed the exact paths")
        }
    }
}

extension PlanSafetyDefectsEndToEndTests {
    /// `rm target`, a new `target` of the same size, `touch -r` to the old
    /// time: the file system may give it the old inode number, but never the
    /// old status change time or birth time, so the plan calls it replaced
    /// (or changed, where no birth time is kept) and exports nothing.
    func testAFileMadeAgainWithTheSameSizeAndTimeIsNeverTakenForTheMarkedOne() throws {
        let temp = try TemporaryTree()
        temp.file("target", contents: "original")
        temp.file("other", contents: "x")
        let plan = temp.path + "/plan.sh"
        let result = try CommandRunner.shell(
            """
            { echo 'mark target'; sleep 1.5; echo '-marks verify'; echo '-marks export \(plan) --sh'; } | "$FILETABLE" --page-size 20 . & sleep 0.8
            touch -r target ref; before=$(stat -c %i target); rm target; printf 'replaced' > target; touch -r ref target
            echo "inode reused: $([ "$before" = "$(stat -c %i target)" ] && echo yes || echo no)"; wait $!
            """, in: temp.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        let reported =
            result.text.contains("/target: replaced (the path names a different file now)")
            || result.text.contains("/target: changed (status change time")
        XCTAssertTrue(reported, result.text)
        XCTAssertTrue(result.stderr.contains("marks export: 1 marked path"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: plan), "a plan was written for the new file")
    }
}

extension PlanSafetyDefectsEndToEndTests {
    /// A plan whose paths are longer than PATH_MAX reaches them in pieces
    /// (`cd` by parts in a subshell): run by bash on the test's own tree, it
    /// removes exactly the two marked entries (`rm` failed ENAMETOOLONG).
    func testAShellPlanReachesPathsLongerThanPathMax() throws {
        let temp = try TemporaryTree()
        try temp.folder("deep")
        let names = (0..<30).map { String(format: "d%02d", $0) + String(repeating: "x", count: 197) }
        let deepest = try DeepTree.make(under: temp.path + "/deep", names: names, files: ["leaf.txt": "hello", "kept.txt": "x"], folder: "sub")
        let walk = "cd deep" + String(repeating: "; open 1", count: 30)
        let export = try CommandRunner.script(walk + "; mark leaf.txt; mark sub; marks export plan.sh --sh", in: temp, pageSize: 50, flags: ["-y"])
        XCTAssertEqual(export.status, 0, export.stderr)
        let script = String(decoding: FileManager.default.contents(atPath: temp.path + "/plan.sh") ?? Data(), as: UTF8.self)
        XCTAssertTrue(script.contains("\n(cd -- '/"), script.prefix(600).description)
        XCTAssertFalse(script.split(separator: "\n").contains { $0.hasPrefix("rm ") }, "a whole path longer than PATH_MAX")
        let ran = try CommandRunner.shell("bash plan.sh", in: temp.url)
        XCTAssertEqual(ran.status, 0, ran.stderr)
        let left = try CommandRunner.shell("cd deep && find . -name leaf.txt -o -name sub -o -name kept.txt", in: temp.url)
        XCTAssertTrue(left.text.hasSuffix("/kept.txt\n"), left.text)
        XCTAssertEqual(left.text.split(separator: "\n").count, 1, left.text)
        _ = deepest
    }
}
