import XCTest

@testable import FiletableCLI

/// The command line is in one mode, chosen once from the options that ask
/// for one, and each mode refuses what it cannot use by name.
final class ProgramModeTests: XCTestCase {
    private func mode(_ arguments: [String], calledAs: CalledAs? = nil) throws -> ProgramMode {
        let words = arguments.map { Array($0.utf8) }
        return try ArgumentParser.parse(calledAs?.arguments(words) ?? words, calledAs: calledAs).mode
    }

    private func refusal(_ arguments: [String]) -> String? {
        do {
            _ = try ArgumentParser.parse(arguments)
            return nil
        } catch {
            return error.message
        }
    }

    func testEachModeIsChosenByItsOption() throws {
        let cases: [([String], ProgramMode)] = [
            ([], .session), (["dir"], .session), (["-l"], .listing), (["-R", "dir"], .listing), (["--json"], .listing),
            (["--tree"], .tree), (["--du", "-s"], .du), (["--dupes"], .copies), (["--compare", "a", "b"], .compare),
            (["--cat", "f"], .cat), (["--hex", "f"], .hexdump), (["--xxd", "f"], .xxd),
        ]
        for (arguments, expected) in cases {
            XCTAssertEqual(try mode(arguments), expected, arguments.joined(separator: " "))
        }
        XCTAssertEqual(try mode([], calledAs: .ls), .listing, "ls with no letter lists")
        XCTAssertEqual(try mode(["-s"], calledAs: .du), .du)
        XCTAssertEqual(try mode([], calledAs: .tree), .tree)
        XCTAssertEqual(try mode(["-C"], calledAs: .hexdump), .hexdump)
        XCTAssertEqual(try mode(["-p"], calledAs: .xxd), .xxd)
    }

    func testTwoModesAreRefusedByName() {
        XCTAssertEqual(refusal(["--du", "--dupes"]), "--du and --dupes are two modes; give one")
        XCTAssertEqual(refusal(["--cat", "--du"]), "--du and --cat are two modes; give one", "--cat ran alone before")
        XCTAssertEqual(refusal(["--xxd", "--compare"]), "--compare and --xxd are two modes; give one")
    }

    func testAModeRefusesWhatItCannotUse() {
        XCTAssertEqual(refusal(["--cat", "-l", "f"]), "--cat writes files' bytes; it takes no listing format letter")
        XCTAssertEqual(
            refusal(["--du", "--choose-dir", "out"]),
            "--choose-dir writes where a session ends; this command line lists and ends (drop its letters to browse)")
        XCTAssertNil(refusal(["--choose-dir", "out", "dir"]), "the session takes it")
        XCTAssertEqual(refusal(["-l", "--dired", "--zero"]), "--dired and --zero are incompatible")
        XCTAssertEqual(refusal(["--tree", "-J", "--prune"]), "--tree -J cannot be combined with --prune yet")
    }
}
