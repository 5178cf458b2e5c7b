import Foundation
import TestSupport
import XCTest

/// du's shapes (`-a`, `-d N`, `-s`) in du's order: each directory's entries
/// as its reading met them, a directory after what it holds, a file where it
/// was met; filetable's own shape (a PATH's entries) stays largest first.
/// Against du where it is installed (the reading's order is the file
/// system's, so no golden text holds it); the walk's shape otherwise.
final class DuWalkOrderEndToEndTests: XCTestCase {
    private func makeTree() throws -> TemporaryTree {
        let temp = try TemporaryTree()
        let made = try CommandRunner.shell(
            """
            mkdir -p t/a/b/c t/d t/e && head -c 5000 /dev/zero > t/a/f && head -c 70000 /dev/zero > t/a/b/g \\
            && head -c 9000 /dev/zero > t/a/b/c/h && echo x > t/d/i && head -c 300 /dev/zero > t/j && : > t/e/k
            """, in: temp.url)
        XCTAssertEqual(made.status, 0, made.stderr)
        return temp
    }

    func testDuShapesListInTheWalksOrder() throws {
        let temp = try makeTree()
        let lines = try CommandRunner.run(["--du", "-a", "t"], in: temp.url).text.split(separator: "\n").map {
            String($0.split(separator: "\t").last!)
        }
        XCTAssertEqual(Set(lines), ["t/a/f", "t/a/b/g", "t/a/b/c/h", "t/a/b/c", "t/a/b", "t/a", "t/d/i", "t/d", "t/j", "t/e/k", "t/e", "t"])
        for (index, path) in lines.enumerated() {
            XCTAssertFalse(lines[(index + 1)...].contains { $0.hasPrefix(path + "/") }, "\(path) after what it holds: \(lines)")
        }
        XCTAssertEqual(lines.last, "t")
        // Filetable's own shape: t's entries, largest first.
        let entries = try CommandRunner.run(["--du", "-b", "t"], in: temp.url).text.split(separator: "\n")
        XCTAssertEqual(entries.first?.hasSuffix("\tt/a"), true, "\(entries)")
    }

    /// A file with several links is counted where du's walk meets it first
    /// (not where a worker did): the same lines every run, and du's.
    func testHardLinksAreCountedWhereDuCountsThem() throws {
        let temp = try TemporaryTree()
        var script = "mkdir -p s1/x s2/y s3 && "
        for i in 1...40 { script += "head -c \(i * 1000) /dev/zero > s1/x/f\(i) && ln s1/x/f\(i) s2/y/g\(i) && ln s1/x/f\(i) s3/h\(i) && " }
        XCTAssertEqual(try CommandRunner.shell(script + "true", in: temp.url).status, 0)
        for letters in [["--du", "."], ["--du", "-a", "."], ["--du", "-d", "1", "."]] {
            let first = try CommandRunner.run(letters, in: temp.url).text
            for _ in 0..<4 { XCTAssertEqual(try CommandRunner.run(letters, in: temp.url).text, first, "\(letters): the same every run") }
            // Each file counted once, in one of the three places.
            let lines = first.split(separator: "\n")
            if letters.contains("-a") { XCTAssertEqual(lines.filter { $0.contains("/f") || $0.contains("/g") || $0.contains("/h") }.count, 40) }
        }
        guard CommandRunner.isInstalled("du") else { throw XCTSkip("du is not installed; the lines held steady above") }
        let letters = ["-a .", "-d 1 .", "-d 2 .", "-a -d 2 .", "-S -a .", "-ab .", "--inodes -a .", "-a s2 s1", "-s -c s3 s1"]
        try CommandRunner.assertSameAsPeer(letters.map { "TOOL \($0)" }, peer: "du", mode: "--du", in: temp.url) { letters[$0] }
        // filetable's own shape carries each file where du does too.
        XCTAssertEqual(
            Set(try CommandRunner.run(["--du", "."], in: temp.url).text.split(separator: "\n")),
            Set(try CommandRunner.shell("du -d 1 .", in: temp.url).text.split(separator: "\n")))
    }

    func testDuShapesAreDuWhereDuIsInstalled() throws {
        guard CommandRunner.isInstalled("du") else { throw XCTSkip("du is not installed; the walk's shape is checked above") }
        let temp = try makeTree()
        let letters = [
            "-a t", "-d 1 t", "--max-depth=2 t", "-a -d 1 t", "-ab t", "-a --inodes t", "-S -a t", "-a -t 1000 t", "-a --exclude=b t",
            "-a t/a t/d", "-c -a t/a t/d", "-ah t", "-a0 t", "-s t t/a", "-d 0 t", "-ab --apparent-size -d 2 t", "-a -B 1K t",
            "-d 1 t/a/", "-a ./t",
        ]
        let scripts = letters.map { "TOOL \($0) 2>&1 | od -c; echo \"status $?\"" }
        try CommandRunner.assertSameAsPeer(scripts, peer: "du", mode: "--du", in: temp.url) { letters[$0] }
    }
}
