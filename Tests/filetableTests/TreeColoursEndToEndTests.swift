import Foundation
import TestSupport
import XCTest

/// `--tree -C` and `-n` colour names as tree does, not as ls does: from
/// TREE_COLORS, else LS_COLORS, with no built-in colour for a key left out,
/// the root coloured, a link's target coloured by what it is (`mi` when it
/// is missing), `ln=target`, extensions matched exactly, `-C` winning over
/// `-n` in either order; without either variable `-C` uses tree's own table.
/// Checked against tree where installed,
/// and against the lines tree 2.1 wrote otherwise.
final class TreeColoursEndToEndTests: XCTestCase {
    private static let basic = "di=01;34:ln=01;36:ex=01;32:*.tar=01;31:fi=:no=0"
    private static let targets =
        "di=01;34:ln=target:or=40;31;01:mi=01;05;37;41:ex=01;32:*.tar=01;31:*.c=33:fi=00:no=00:pi=40;33:st=37;44:tw=30;42:ow=34;42:su=37;41"

    /// Every kind tree colours: directories sticky and writable by others,
    /// an executable, a set-user-ID file, extensions in two cases, links to
    /// a directory, a file, a tar and nowhere, a fifo.
    private func sample() throws -> TemporaryTree {
        let temp = try TemporaryTree.inMemory()
        let made = try CommandRunner.shell(
            """
            mkdir -p t/d1/sub t/d2 t/sticky t/ow
            chmod 1777 t/sticky; chmod 777 t/ow
            printf x > t/file; printf y > t/exe; chmod 755 t/exe; printf z > t/suid; chmod 4755 t/suid
            printf '' > t/d1/a.tar; printf '' > t/d1/b.c; printf '' > t/d1/c.TAR
            ln -s d1 t/ldir; ln -s nowhere t/dangling; ln -s file t/lfile; ln -s d1/a.tar t/ltar
            mkfifo t/fifo
            chmod 755 t t/d1 t/d1/sub t/d2
            """, in: temp.url)
        XCTAssertEqual(made.status, 0, made.stderr)
        return temp
    }

    private func golden(_ name: String) throws -> String {
        try String(
            decoding: Data(contentsOf: CommandRunner.packageRoot.appendingPathComponent("Tests/filetableTests/Golden/tree-colours/\(name)")),
            as: UTF8.self)
    }

    func testColoursAreTreesAgainstTreeAndItsLines() throws {
        let temp = try sample()
        let cases: [(golden: String, environment: [String: String], flags: [String])] = [
            ("basic-C", ["LS_COLORS": Self.basic], ["-C"]),
            ("basic-C-F", ["LS_COLORS": Self.basic], ["-C", "-F"]),
            ("targets-C", ["LS_COLORS": Self.targets], ["-C"]),
            ("targets-C", ["LS_COLORS": Self.targets], ["-n", "-C"]),
            ("targets-C", ["LS_COLORS": Self.targets], ["-C", "-n"]),
            ("targets-n", ["LS_COLORS": Self.targets], ["-n"]),
            ("tree-colors-C", ["LS_COLORS": Self.basic, "TREE_COLORS": "di=35:ln=33"], ["-C"]),
        ]
        let treeInstalled = CommandRunner.isInstalled("tree")
        for (name, environment, flags) in cases {
            let ours = try CommandRunner.run(["--tree"] + flags + ["t"], in: temp.url, environment: environment)
            XCTAssertEqual(ours.status, 0, ours.stderr)
            XCTAssertEqual(ours.text, try golden(name), "\(flags) \(environment)")
            if treeInstalled {
                let exports = environment.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
                // The same locale as ours: tree's lines are UTF-8 only there.
                let theirs = try CommandRunner.shell("env LC_ALL=C.UTF-8 \(exports) tree \(flags.joined(separator: " ")) t", in: temp.url)
                XCTAssertEqual(ours.text, theirs.text, "tree \(flags) \(environment)")
            }
        }
        XCTAssertFalse(try golden("targets-n").contains("\u{1B}"), "-n: no colour at all")
    }

    /// Without either variable `-C` uses tree's own table; `lc`, `rc`,
    /// `ec` and `rs` shape every colour as tree writes them; tree's rules
    /// for CLICOLOR, CLICOLOR_FORCE, NO_COLOR and TERM. Goldens from tree 2.1.
    func testBuiltInTableCodesAndTheEnvironmentAsTree() throws {
        let temp = try sample()
        let cases: [(golden: String, environment: [String: String], flags: [String])] = [
            ("builtin-C", [:], ["-C"]),
            ("builtin-C", ["CLICOLOR_FORCE": "1"], []),
            ("builtin-C", ["NO_COLOR": "1"], ["-C"]),
            ("codes-C", ["TREE_COLORS": "lc=<:rc=>:ec=[END]:di=01;34:*.tar=31:ln=36"], ["-C"]),
            ("reset-C", ["TREE_COLORS": "rs=7:di=01;34:*.tar=31"], ["-C"]),
        ]
        for (name, environment, flags) in cases {
            let ours = try CommandRunner.run(["--tree"] + flags + ["t"], in: temp.url, environment: environment)
            XCTAssertEqual(ours.status, 0, ours.stderr)
            XCTAssertEqual(ours.text, try golden(name), "\(flags) \(environment)")
        }
        XCTAssertTrue(try golden("codes-C").contains("<01;34>d1[END]"))
        // No colour: into a pipe without -C (CLICOLOR only picks the table), with -n, or without TERM.
        for (environment, flags) in [(["CLICOLOR": "1"], []), (["CLICOLOR_FORCE": "1"], ["-n"]), (["CLICOLOR_FORCE": "1", "NO_COLOR": "1"], [])] {
            let plain = try CommandRunner.run(["--tree"] + flags + ["t"], in: temp.url, environment: environment)
            XCTAssertFalse(plain.text.contains("\u{1B}"), "\(flags) \(environment)")
        }
        let noTerminalType = try CommandRunner.shell("env -u TERM \"$FILETABLE\" --tree -C t", in: temp.url)
        XCTAssertFalse(noTerminalType.text.contains("\u{1B}"))
        guard CommandRunner.isInstalled("tree") else { return }
        for (environment, flags) in [("", "-C"), ("CLICOLOR_FORCE=1", ""), ("TREE_COLORS='lc=<:rc=>:ec=[END]:di=01;34'", "-C"), ("-u TERM", "-C")] {
            let command = "env -u LS_COLORS -u TREE_COLORS -u NO_COLOR LC_ALL=C.UTF-8 \(environment) TOOL \(flags) t"
            let ours = try CommandRunner.shell(command.replacingOccurrences(of: "TOOL", with: "\"$FILETABLE\" --tree"), in: temp.url)
            XCTAssertEqual(ours.text, try CommandRunner.shell(command.replacingOccurrences(of: "TOOL", with: "tree"), in: temp.url).text, command)
        }
    }
}
