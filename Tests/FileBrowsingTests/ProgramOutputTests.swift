import Foundation
import SystemSeam
import TestSupport
import XCTest

/// The one way filetable runs another program (git): a program that
/// hangs costs the deadline and no more, a stop ends it at once, one that
/// prints without end is cut at the limit, and none is left running.
final class ProgramOutputTests: XCTestCase {
    /// A shell script at a path of its own, run as a program.
    private func script(_ body: String, in temp: TemporaryTree) -> String {
        let path = temp.path + "/program"
        FileManager.default.createFile(atPath: path, contents: Data(("#!/bin/sh\n" + body + "\n").utf8), attributes: [.posixPermissions: 0o755])
        return path
    }

    /// `sleep` under a name of its own (`marker`), to be found running or not.
    private func sleeper(_ marker: String, in temp: TemporaryTree) throws -> String {
        let path = temp.path + "/" + marker
        try FileManager.default.copyItem(atPath: "/bin/sleep", toPath: path)
        return path
    }

    /// Whether a process whose command line holds `marker` still runs.
    private func isRunning(_ marker: String) -> Bool {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.contains { entry in
            guard Int(entry) != nil, let line = try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(entry)/cmdline")) else { return false }
            return String(decoding: line, as: UTF8.self).contains(marker)
        }
    }

    func testWhatItPrintsAndHowItEnded() throws {
        let temp = try TemporaryTree()
        let printing = script("printf 'a\\0b'; exit 0", in: temp)
        XCTAssertEqual(try ProgramOutput.run(printing, arguments: []).get(), [0x61, 0, 0x62])
        let failing = script("echo half; exit 3", in: temp)
        XCTAssertEqual(ProgramOutput.run(failing, arguments: []), .failure(.failed(status: 3, output: Array("half\n".utf8))))
        guard case .failure(.notStarted) = ProgramOutput.run("no-such-program-\(UUID().uuidString)", arguments: []) else {
            return XCTFail("a program not installed is not started")
        }
    }

    func testAHangingProgramCostsTheDeadlineAndIsKilled() throws {
        let temp = try TemporaryTree()
        let marker = "hang-\(UUID().uuidString)"
        let hanging = try sleeper(marker, in: temp)
        let started = Date()
        XCTAssertEqual(ProgramOutput.run(hanging, arguments: [Array("60".utf8)], deadline: 0.3), .failure(.notResponding))
        let took = Date().timeIntervalSince(started)
        XCTAssertLessThan(took, 3, "a hanging program held the caller \(took) s past a 0.3 s deadline")
        XCTAssertGreaterThanOrEqual(took, 0.3)
        XCTAssertFalse(isRunning(marker), "the hanging program was left running")
    }

    func testAStopEndsItAtOnce() throws {
        let temp = try TemporaryTree()
        let marker = "stopped-\(UUID().uuidString)"
        let hanging = try sleeper(marker, in: temp)
        let started = Date()
        var asked = 0
        let ran = ProgramOutput.run(hanging, arguments: [Array("60".utf8)], deadline: 60) {
            asked += 1
            return asked > 3
        }
        XCTAssertEqual(ran, .failure(.stopped))
        XCTAssertLessThan(Date().timeIntervalSince(started), 3)
        XCTAssertFalse(isRunning(marker), "the stopped program was left running")
    }

    /// A hostile repository can make git print without end: what is kept is
    /// bounded, and the program is ended when the deadline comes.
    func testEndlessOutputIsBounded() throws {
        let temp = try TemporaryTree()
        let endless = script("exec yes filetable", in: temp)
        switch ProgramOutput.run(endless, arguments: [], deadline: 0.5, limit: 1 << 16) {
        case .failure(.notResponding): break
        case let other: XCTFail("endless output: \(other)")
        }
    }
}
