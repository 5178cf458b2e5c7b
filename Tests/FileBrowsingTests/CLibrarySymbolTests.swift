import Foundation
import SystemSeam
import XCTest

/// The C functions the seam reaches by name are linked, not looked up with
/// `dlsym`: the static executable the README installs has no symbol table
/// to look in, and a function missing from CLibraryExtras' list would leave
/// `statx`, `getdents64` and the rest nil there (du failed with "Function
/// not implemented" and tree escaped every byte when they were `dlsym`'s).
final class CLibrarySymbolTests: XCTestCase {
    private typealias AnyFunction = @convention(c) () -> Int32

    func testEveryFunctionTheSeamNamesIsLinked() {
        let names = [
            "statx", "getdents64", "fstatfs", "getxattr", "lgetxattr", "llistxattr", "iswprint_l", "mallopt", "prctl",
            "posix_spawn_file_actions_addfchdir_np", "posix_spawn_file_actions_addclosefrom_np", "getauxval", "__nss_configure_lookup",
        ]
        for name in names {
            XCTAssertNotNil(CLibrarySymbol.lookUp(name, as: AnyFunction.self), "\(name) is not linked")
        }
    }

    func testAFunctionNotListedIsNil() {
        XCTAssertNil(CLibrarySymbol.lookUp("open", as: AnyFunction.self))
    }

    /// Every name the sources look up is in the list the test above checks.
    func testTheSourcesLookUpOnlyListedNames() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let header = root.appendingPathComponent("Sources/CLibraryExtras/CLibraryExtras.h")
        let listed = try String(contentsOf: header, encoding: .utf8)
        let seam = root.appendingPathComponent("Sources/SystemSeam")
        for file in try FileManager.default.contentsOfDirectory(atPath: seam.path) where file.hasSuffix(".swift") {
            let text = try String(contentsOf: seam.appendingPathComponent(file), encoding: .utf8)
            for piece in text.components(separatedBy: "CLibrarySymbol.lookUp(\"").dropFirst() {
                let name = String(piece.prefix { $0 != "\"" })
                XCTAssertTrue(listed.contains("FILETABLE_LINK(\(name));"), "\(file) looks up \(name), which CLibraryExtras does not link")
            }
        }
    }
}
