import Foundation
import TestSupport
import XCTest

/// One path rule for archives: past an archive file, a path names members
/// (`..` included) and never climbs out to the files beside the archive,
/// at the prompt as on the command line; `up` and `cd ..` inside an
/// archive climb its tree. So a hostile `../victim/secret.txt` member can
/// never lead the plan to the real `victim` beside the archive.
final class ArchiveMemberPathRuleEndToEndTests: XCTestCase {
    private func sample() throws -> TemporaryTree {
        let temp = try ArchivesEndToEndTests.makeArchives(
            """
            with tarfile.open("x.tar", "w") as t:
                add(t, "../victim/secret.txt", b"member\\n")
                add(t, "etc/ssl/cert.pem", b"cert\\n")
            os.mkdir("victim"); open("victim/secret.txt", "w").write("real file\\n")
            """)
        return temp
    }

    func testAPathThroughAnArchiveNamesTheMemberEverywhere() throws {
        let temp = try sample()
        let cat = try CommandRunner.run(["--cat", "x.tar/../victim/secret.txt"], in: temp.url)
        XCTAssertEqual(cat.text, "member\n", cat.stderr)
        let session = try CommandRunner.script("cd x.tar/..; pwd; cd victim; view secret.txt", in: temp)
        XCTAssertEqual(session.status, 0, session.stderr)
        XCTAssertTrue(session.text.contains("x.tar:/.. | 1 member"), session.text)
        XCTAssertTrue(session.text.contains("\(temp.path)/x.tar:/..\n"), "pwd names the member: \(session.text)")
        XCTAssertTrue(session.text.contains("1  member\n"), session.text)
        XCTAssertFalse(session.text.contains("real file"), session.text)
    }

    /// The plan cannot be led to the real directory by the member's name.
    func testTheMemberNamedLikeTheDirectoryBesideItIsNeverMarked() throws {
        let temp = try sample()
        let plan = temp.url.appendingPathComponent("plan.sh").path
        let marked = try CommandRunner.script("cd x.tar/..; mark victim", in: temp)
        XCTAssertNotEqual(marked.status, 0)
        XCTAssertTrue(marked.stderr.contains("not a file on disk of its own"), marked.stderr)
        _ = try CommandRunner.script("cd x.tar/..; marks export \(plan) --sh", in: temp)
        let written = (try? String(contentsOfFile: plan, encoding: .utf8)) ?? ""
        XCTAssertFalse(written.contains("victim"), written)
    }

    /// `up` and `cd ..` climb the archive's tree: from the member `..`'s
    /// `victim` to `..`, then to the archive's top, then out to its directory.
    func testUpAndCdDotDotClimbTheArchivesTree() throws {
        let temp = try sample()
        let up = try CommandRunner.script("open x.tar; open ..; open victim; up; pwd; up; pwd; up; pwd", in: temp)
        XCTAssertEqual(up.status, 0, up.stderr)
        let places = up.text.split(separator: "\n").filter { $0.hasPrefix(temp.path) && !$0.contains(" | ") && !$0.contains(" > ") }
        XCTAssertEqual(places, ["\(temp.path)/x.tar:/..", "\(temp.path)/x.tar:/", "\(temp.path)"].map { Substring($0) }, up.text)
        let cd = try CommandRunner.script("cd x.tar/etc/ssl; cd ..; pwd; cd ../..; pwd", in: temp)
        XCTAssertEqual(cd.status, 0, cd.stderr)
        XCTAssertTrue(cd.text.contains("\(temp.path)/x.tar:/etc\n"), cd.text)
        XCTAssertTrue(cd.text.hasSuffix("\(temp.path)\n"), cd.text)
        // A path that goes on past the archive is looked up in it, `..` as a name.
        let missing = try CommandRunner.script("cd x.tar/etc/..", in: temp)
        XCTAssertNotEqual(missing.status, 0)
        XCTAssertTrue(missing.stderr.contains("not in"), missing.stderr)
    }
}
