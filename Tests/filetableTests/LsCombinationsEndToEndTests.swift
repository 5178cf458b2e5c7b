import Foundation
import Glibc
import TestSupport
import XCTest

/// The ls letters compared with GNU ls byte for byte, in combination: every
/// format with every leading column, size unit, quoting style, time and
/// line width, on a tree with an access control list, ids without names,
/// devices, links (one dangling), a sparse file and names that need quotes.
/// Directory order (`-U`) keeps the comparison fair: the two sort names
/// differently (natural order here, bytes in ls's C locale).
final class LsCombinationsEndToEndTests: XCTestCase {
    private static let formats: [[String]] = [["-1"], ["-l"], ["-C"], ["-x"], ["-n"]]
    private static let columns: [[String]] = [[], ["-i"], ["-s"], ["-is"], ["-F"], ["-L"], ["-Li"]]
    private static let units: [[String]] = [[], ["-h"], ["--si"], ["--block-size=K"], ["--block-size=1M"], ["--block-size=KB"], ["-k"]]
    private static let quoting: [[String]] = [
        [], ["-Q"], ["--quoting-style=shell-escape"], ["--quoting-style=shell"],
        ["--quoting-style=escape"], ["--quoting-style=literal"], ["--quoting-style=c"],
    ]
    private static let times: [[String]] = [
        [], ["-t"], ["-ut"], ["-ct"], ["--full-time"], ["--time-style=long-iso"],
        ["--time-style=iso"], ["--time-style=+%F %T.%N"], ["-u"], ["-c"],
    ]
    private static let widths: [[String]] = [["-w", "30"], ["-w", "80"], ["-w", "200"], ["-w", "0"], ["-T", "0", "-w", "60"]]

    private var temp: TemporaryTree!
    private var hasDevices = false

    override func setUpWithError() throws {
        temp = try TemporaryTree()
        temp.file("alpha", contents: "12345")
        temp.file("bravo", contents: String(repeating: "b", count: 5000))
        temp.file("delta", contents: "#!/bin/sh\n")
        temp.file("a b")
        temp.file("it's")
        temp.file("x$y")
        temp.file("india")
        temp.file("juliet")
        try temp.folder("echo")
        try temp.link("foxtrot", to: "alpha")
        try temp.link("golf", to: "echo")
        try temp.link("hotel", to: "nowhere")
        hasDevices = (try CommandRunner.shell("mknod kilo c 1 3 && mknod lima b 7 200", in: temp.url)).status == 0
        // Distinct modification, access and change times, so -t orders the same in both.
        var script = "truncate -s 1G sparse; chmod 755 delta; chown 12345:54321 india; "
        let names =
            ["alpha", "bravo", "delta", "a b", "it's", "x$y", "india", "juliet", "echo", "sparse"]
            + (hasDevices ? ["kilo", "lima"] : [])
        for (i, name) in names.enumerated() {
            let word = "'" + name.replacingOccurrences(of: "'", with: "'\\''") + "'"
            script += "touch -m -d '2020-01-\(String(format: "%02d", i + 1)) 10:00:00' \(word); "
            script += "touch -a -d '2019-02-\(String(format: "%02d", 20 - i)) 10:00:00' \(word); "
            script += "chmod u+r \(word); sleep 0.02; "
        }
        script += "touch -h -d '2021-05-05 05:05:05' foxtrot golf hotel"
        XCTAssertEqual(try CommandRunner.shell(script, in: temp.url).status, 0)
        try Self.setAccessControlList(on: temp.path + "/juliet")
    }

    override func tearDown() {
        temp = nil
    }

    /// A POSIX ACL granting user 1234 read, as `setfacl -m u:1234:r` would
    /// (setfacl is not in the base image; the kernel takes the same bytes).
    private static func setAccessControlList(on path: String) throws {
        typealias SetAttribute = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeRawPointer, Int, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "lsetxattr") else { throw XCTSkip("no lsetxattr") }
        let setAttribute = unsafeBitCast(symbol, to: SetAttribute.self)
        var blob: [UInt8] = [2, 0, 0, 0]
        for (tag, permissions, id) in [(1, 6, UInt32.max), (2, 4, 1234), (4, 4, UInt32.max), (0x10, 4, UInt32.max), (0x20, 4, UInt32.max)] {
            blob += [UInt8(tag & 0xFF), UInt8(tag >> 8), UInt8(permissions), 0]
            blob += withUnsafeBytes(of: UInt32(id).littleEndian, Array.init)
        }
        let status = blob.withUnsafeBytes { setAttribute(path, "system.posix_acl_access", $0.baseAddress!, $0.count, 0) }
        if status != 0 { throw XCTSkip("skipped: this file system does not take POSIX ACLs") }
    }

    /// Ours and ls's output and status for each argument list, in the tree;
    /// run four at a time (each pair is two short processes).
    private func assertMatchesLs(_ cases: [[String]], file: StaticString = #filePath, line: UInt = #line) {
        let url = temp.url
        let results = ConcurrentResults(count: cases.count)
        DispatchQueue.concurrentPerform(iterations: cases.count) { index in
            let arguments = cases[index]
            let quoted = arguments.map { "'\($0)'" }.joined(separator: " ")
            let ours = try? CommandRunner.run(["-U"] + arguments + ["."], in: url)
            let theirs = try? CommandRunner.shell("LC_ALL=C ls -U \(quoted) .", in: url)
            results.set(index, (ours?.text, ours?.status, theirs?.text, theirs?.status))
        }
        for (index, arguments) in cases.enumerated() {
            let (ourText, ourStatus, theirText, theirStatus) = results.get(index)
            XCTAssertNotNil(ourText, "\(arguments) did not run", file: file, line: line)
            XCTAssertEqual(ourText, theirText, "\(arguments)", file: file, line: line)
            XCTAssertEqual(ourStatus, theirStatus, "status of \(arguments)", file: file, line: line)
        }
    }

    func testEveryFormatWithEveryColumnAndUnit() throws {
        var cases: [[String]] = []
        for format in Self.formats {
            for column in Self.columns {
                for unit in Self.units {
                    let extra = format == ["-C"] || format == ["-x"] ? ["-w", "100"] : []
                    cases.append(format + column + unit + extra)
                }
            }
        }
        assertMatchesLs(cases)
    }

    func testEveryFormatWithEveryQuotingStyleAndTime() throws {
        var cases: [[String]] = []
        for format in Self.formats {
            for style in Self.quoting {
                for time in Self.times {
                    // --full-time and --time-style say nothing without -l; ls's -C with
                    // --full-time turns into -l, a combination not worth copying.
                    if (time.first?.hasPrefix("--") ?? false) && format != ["-l"] && format != ["-n"] { continue }
                    let extra = format == ["-C"] || format == ["-x"] ? ["-w", "90"] : []
                    cases.append(format + style + time + extra)
                }
            }
        }
        assertMatchesLs(cases)
    }

    func testColumnsAtEveryWidth() throws {
        var cases: [[String]] = []
        for format in [["-C"], ["-x"]] {
            for width in Self.widths {
                for column in [[], ["-s"], ["-i"], ["-F"], ["-Q"], ["--quoting-style=shell-escape"]] {
                    cases.append(format + width + column)
                }
            }
        }
        assertMatchesLs(cases)
        // Without -w: COLUMNS, as ls reads it.
        let ours = try CommandRunner.run(["-U", "-C", "."], in: temp.url, environment: ["COLUMNS": "50"])
        let theirs = try CommandRunner.shell("COLUMNS=50 ls -U -C .", in: temp.url)
        XCTAssertEqual(ours.text, theirs.text)
    }

    /// Colour never moves a column: with the escapes taken out (and tabs,
    /// which colour replaces with spaces as ls does, expanded) every format
    /// reads as it does without colour.
    func testColourChangesNothingButColour() throws {
        for format in Self.formats {
            for column in [[], ["-s"], ["-iF"]] {
                for width in [["-w", "40"], ["-w", "120"]] {
                    let arguments = ["-U"] + format + column + width + ["."]
                    let plain = try CommandRunner.run(arguments + ["--color=never"], in: temp.url)
                    let colored = try CommandRunner.run(arguments + ["--color=always"], in: temp.url)
                    XCTAssertTrue(colored.text.contains("\u{1B}["), "\(arguments) shows no colour")
                    XCTAssertEqual(Self.expandingTabs(Self.strippingEscapes(colored.text)), Self.expandingTabs(plain.text), "\(arguments)")
                }
            }
        }
    }

    func testDevicesAlignMajorAndMinorEachInItsOwnColumn() throws {
        guard hasDevices else { throw XCTSkip("skipped: mknod is not allowed here") }
        let ours = try CommandRunner.run(["-l", "kilo", "lima", "alpha"], in: temp.url)
        XCTAssertTrue(ours.text.contains(" 1,   3 "), ours.text)
        XCTAssertTrue(ours.text.contains(" 7, 200 "), ours.text)
        assertMatchesLs([["-l"]])
        // /dev changes under the test (a terminal opened elsewhere touches ptmx): the two
        // listings are taken again, up to three times, until they were of the same /dev.
        var (ourDev, theirDev) = ("", "")
        for _ in 0..<3 {
            ourDev = try CommandRunner.run(["-lU", "/dev"]).text
            theirDev = try CommandRunner.shell("LC_ALL=C ls -lU /dev").text
            if ourDev == theirDev { break }
        }
        XCTAssertEqual(ourDev, theirDev)
    }

    /// A directory larger than the status cache takes the parallel path
    /// (every status read at once on every core): still ls's output.
    func testAHugeDirectoryReadInParallelMatchesLs() throws {
        let script = "mkdir many && cd many && seq -f 'file%g' 1 4200 | xargs touch && chown 12345 file7 && head -c 5000 /dev/zero > file9"
        XCTAssertEqual(try CommandRunner.shell(script, in: temp.url).status, 0)
        try Self.setAccessControlList(on: temp.path + "/many/file3")
        let many = temp.url.appendingPathComponent("many")
        for arguments in [["-lU"], ["-lnU"], ["-lsU", "--block-size=K"], ["-lU", "--full-time"]] {
            let ours = try CommandRunner.run(arguments + ["."], in: many)
            let theirs = try CommandRunner.shell("LC_ALL=C ls \(arguments.joined(separator: " ")) .", in: many)
            XCTAssertEqual(ours.text, theirs.text, "\(arguments)")
        }
    }

    func testAccessControlListAndNumericIdsAsLsShowsThem() throws {
        let long = try CommandRunner.run(["-l", "juliet", "india", "alpha"], in: temp.url)
        let lines = long.text.split(separator: "\n")
        XCTAssertTrue(lines.contains { $0.hasPrefix("-rw-r--r--+ 1 ") && $0.hasSuffix("juliet") }, long.text)
        XCTAssertTrue(lines.contains { $0.hasPrefix("-rw-r--r--  1 12345 54321 ") }, long.text)
    }

    /// `--author`: the owner again after the group (Linux keeps no other
    /// author), an id without a name right-aligned as the owner's is.
    func testAuthorColumnAsLsShowsIt() throws {
        let long = try CommandRunner.run(["-l", "--author", "india", "alpha"], in: temp.url)
        XCTAssertTrue(long.text.split(separator: "\n").contains { $0.hasPrefix("-rw-r--r-- 1 12345 54321 12345 0 ") }, long.text)
        XCTAssertTrue(long.text.split(separator: "\n").contains { $0.hasPrefix("-rw-r--r-- 1 root  root  root  5 ") }, long.text)
        assertMatchesLs([
            ["-l", "--author"], ["-lg", "--author"], ["-lo", "--author"], ["-n", "--author"], ["-lG", "--author"], ["-lgG", "--author"],
            ["-li", "--author"], ["-ls", "--author", "-h"], ["--author", "-1"], ["--author", "-C", "-w", "80"],
        ])
    }

    /// Results filled in from several threads, read after they are done.
    private final class ConcurrentResults: @unchecked Sendable {
        typealias Pair = (String?, Int32?, String?, Int32?)
        private var values: [Pair]
        private let lock = NSLock()
        init(count: Int) { values = Array(repeating: (nil, nil, nil, nil), count: count) }
        func set(_ index: Int, _ value: Pair) {
            lock.lock()
            values[index] = value
            lock.unlock()
        }
        func get(_ index: Int) -> Pair {
            lock.lock()
            defer { lock.unlock() }
            return values[index]
        }
    }

    private static func strippingEscapes(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    }

    private static func expandingTabs(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var out = ""
            for character in line {
                if character == "\t" {
                    repeat { out.append(" ") } while out.count % 8 != 0
                } else {
                    out.append(character)
                }
            }
            return out.replacingOccurrences(of: " +$", with: "", options: .regularExpression)
        }.joined(separator: "\n")
    }
}
