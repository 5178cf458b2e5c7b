import XCTest

@testable import SystemSeam

/// Names for ids: the C library's own lookups in this (dynamic) test
/// process, and `getent`, which the static release binary asks for an id
/// its `files` lookups do not hold.
final class AccountDatabaseTests: XCTestCase {
    func testTheTestProcessIsDynamicAndAsksTheCLibrary() {
        XCTAssertFalse(AccountDatabase.isStaticExecutable)
        XCTAssertEqual(AccountDatabase.userName(0), Array("root".utf8))
        XCTAssertEqual(AccountDatabase.groupName(0), Array("root".utf8))
    }

    func testGetentGivesTheNameOrNothing() throws {
        guard case .success = ProgramOutput.run("getent", arguments: [Array("passwd".utf8), Array("0".utf8)]) else {
            throw XCTSkip("skipped: getent is not installed")
        }
        XCTAssertEqual(AccountDatabase.nameFromGetent(database: "passwd", id: 0), Array("root".utf8))
        XCTAssertEqual(AccountDatabase.nameFromGetent(database: "group", id: 0), Array("root".utf8))
        // An id no database holds: getent exits 2, and the caller shows the number.
        XCTAssertNil(AccountDatabase.nameFromGetent(database: "passwd", id: 3_999_999_999))
    }
}
