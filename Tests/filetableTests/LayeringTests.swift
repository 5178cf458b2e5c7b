import Foundation
import XCTest

@testable import Terminal

/// The layers keep to themselves, checked on the sources: the table engine
/// knows no terminal, and C calls go through the system seam.
final class LayeringTests: XCTestCase {
    private let sources = CommandRunner.packageRoot.appendingPathComponent("Sources")

    private func swiftFiles(under folder: String) -> [URL] {
        let root = sources.appendingPathComponent(folder)
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)!
        return enumerator.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
    }

    /// TableKit writes no escape sequence: styles are meanings, and the
    /// terminal's markup is the `Terminal` module's.
    func testTableKitKnowsNoTerminal() throws {
        for url in swiftFiles(under: "TableKit") {
            let text = try String(contentsOf: url, encoding: .utf8)
            for pattern in ["\\u{1B}", "\\u{001B}", "\\e[", "\\033", "ESC["] {
                XCTAssertFalse(text.contains(pattern), "\(url.lastPathComponent) writes \(pattern)")
            }
            XCTAssertFalse(text.contains("import Glibc"), "\(url.lastPathComponent) calls C directly")
        }
    }

    /// C is called from the seam only: the `SystemSeam` module is the one
    /// place `import Glibc` (or CLibraryExtras) appears, and it imports nothing of the project
    /// (the file model, the table engine and the front ends build on it).
    func testCCallsGoThroughTheSeam() throws {
        var importing = Set<String>()
        for folder in ["TableKit", "HexDump", "Terminal", "FileBrowsing", "FiletableCLI", "filetable"] {
            for url in swiftFiles(under: folder) {
                let relative = String(url.path.dropFirst(sources.path.count + 1))
                let text = try String(contentsOf: url, encoding: .utf8)
                if text.contains("import Glibc") || text.contains("import CLibraryExtras") { importing.insert(relative) }
            }
        }
        XCTAssertEqual(importing.sorted(), [], "files calling C outside the seam")
        for url in swiftFiles(under: "SystemSeam") {
            let text = try String(contentsOf: url, encoding: .utf8)
            for module in ["TableKit", "HexDump", "Terminal", "FileBrowsing", "FiletableCLI"] {
                XCTAssertFalse(text.contains("import \(module)"), "\(url.lastPathComponent) reaches up into \(module)")
            }
        }
    }

    /// hexdump's and xxd's formats know nothing of files: the `HexDump`
    /// module imports the system seam alone, and reading a file for a dump
    /// is the file model's (`FileBrowsing/Dumping`).
    func testHexDumpsKnowNothingOfTheFileModel() throws {
        for url in swiftFiles(under: "HexDump") {
            let text = try String(contentsOf: url, encoding: .utf8)
            for module in ["TableKit", "Terminal", "FileBrowsing", "FiletableCLI"] {
                XCTAssertFalse(text.contains("import \(module)"), "\(url.lastPathComponent) reaches into \(module)")
            }
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: sources.appendingPathComponent("FileBrowsing/Hex").path))
    }

    /// A kind of table is a small core (its words, how marks show, its
    /// summary) and opt-in capabilities (`LevelCapabilities.swift`): a new
    /// kind implements what it has, not a long list of defaults.
    func testALevelKindHasAtMostEightRequirements() throws {
        let url = sources.appendingPathComponent("FiletableCLI/REPL/Levels/LevelKind.swift")
        let text = try String(contentsOf: url, encoding: .utf8)
        let body = try XCTUnwrap(text.range(of: "protocol LevelKind: AnyObject {").map { text[$0.upperBound...] })
        let declaration = try XCTUnwrap(body.range(of: "\n}").map { body[..<$0.lowerBound] })
        let requirements = declaration.split(separator: "\n").filter { line in
            let code = line.trimmingCharacters(in: .whitespaces)
            return code.hasPrefix("var ") || code.hasPrefix("func ") || code.hasPrefix("static ") || code.hasPrefix("init")
        }
        XCTAssertLessThanOrEqual(requirements.count, 8, requirements.joined(separator: "\n"))
    }

    /// The command line's options are a struct a concern (du's, tree's, a
    /// dump's, xxd's, the session's, a long listing's columns, names,
    /// colours, times) inside `CommandLineOptions`: none holds more than
    /// 40 stored properties (it was one bag of 113).
    func testNoOptionsStructHoldsMoreThanFortyProperties() throws {
        for url in swiftFiles(under: "FiletableCLI/Options") {
            let text = try String(contentsOf: url, encoding: .utf8)
            var name: Substring?
            var stored = 0
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("struct ") {
                    name = line.dropFirst("struct ".count).prefix { $0 != " " && $0 != ":" }
                    stored = 0
                } else if line == "}" {
                    XCTAssertLessThanOrEqual(stored, 40, "\(name ?? "?") in \(url.lastPathComponent)")
                    name = nil
                } else if name != nil, line.hasPrefix("    var "), !line.contains("{") {
                    stored += 1
                }
            }
        }
    }

    /// The full-screen view drives the session with typed commands and
    /// hears it through its front end: it builds no command string, captures
    /// no output, and swaps no `confirm` or `drawsPages` around calls.
    func testTheScreenSpeaksToTheSessionInTypes() throws {
        for url in swiftFiles(under: "FiletableCLI/REPL/Screen") {
            let text = try String(contentsOf: url, encoding: .utf8)
            let name = url.lastPathComponent
            for pattern in ["run(\"", "command(for: \"", "startCapturing", "stopCapturing", "capturedSoFar", "drawsPages =", "confirm ="] {
                XCTAssertFalse(text.contains(pattern), "\(name) holds \(pattern)")
            }
            // The detail pane lays out `info`'s facts; it does not run `info` and read its lines.
            XCTAssertFalse(text.contains("session.info("), "\(name) runs info for its text")
        }
    }

    /// Escape sequences are spelled in the `Terminal` module only
    /// (`TerminalControl`, `TerminalStyle`, the colour schemes, the key
    /// decoder that reads them, the scripted terminal): the file model and
    /// the front ends name what they want. (hexdump's `%_c` and xxd's
    /// colours are those formats' own output, and stay with them.)
    func testEscapesAreWrittenInTheTerminalModuleOnly() throws {
        for folder in ["TableKit", "FileBrowsing", "FiletableCLI", "filetable"] {
            for url in swiftFiles(under: folder) {
                let relative = String(url.path.dropFirst(sources.path.count + 1))
                let text = try String(contentsOf: url, encoding: .utf8)
                for pattern in ["\\u{1B}", "\\u{1b}", "\\u{001B}", "\\e[", "\\033"] {
                    XCTAssertFalse(text.contains(pattern), "\(relative) writes \(pattern)")
                }
            }
        }
    }

    /// The terminal builds on the seam (raw mode's `termios`, the window's
    /// size) and the table engine's styles, and knows nothing of files,
    /// commands or sessions: the file model asks for colours through its
    /// own `NameColouring`, and the CLI joins the two.
    func testTheTerminalKnowsNothingOfFilesOrSessions() throws {
        for url in swiftFiles(under: "Terminal") {
            let text = try String(contentsOf: url, encoding: .utf8)
            for module in ["HexDump", "FileBrowsing", "FiletableCLI"] {
                XCTAssertFalse(text.contains("import \(module)"), "\(url.lastPathComponent) reaches into \(module)")
            }
        }
        for url in swiftFiles(under: "FileBrowsing") {
            let text = try String(contentsOf: url, encoding: .utf8)
            XCTAssertFalse(text.contains("import Terminal"), "\(url.lastPathComponent) reaches into the terminal")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: sources.appendingPathComponent("FiletableCLI/Terminal").path))
    }

    /// The suite waits for conditions, never for a fixed time: a sleep is
    /// the pause of a loop that polls with a deadline (on the same line), or
    /// inside `TmuxDriver`'s waits. Screen and prompt behaviour runs
    /// in-process on the scripted terminal; at most three test files drive
    /// tmux, for what only a real terminal shows (signals, stuck calls,
    /// other programs, raw mode given back).
    func testTestsWaitForConditionsAndFewDriveTmux() throws {
        let tests = CommandRunner.packageRoot.appendingPathComponent("Tests")
        let enumerator = FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil)!
        var drivingTmux: [String] = []
        for case let url as URL in enumerator where url.pathExtension == "swift" {
            let name = url.lastPathComponent
            guard name != "TmuxDriver.swift", name != "LayeringTests.swift" else { continue }
            let text = try String(contentsOf: url, encoding: .utf8)
            for line in text.split(separator: "\n") where line.contains("usleep(") || line.contains("Thread.sleep") {
                XCTAssertTrue(line.contains("while "), "\(name) sleeps a fixed time: \(line)")
            }
            if text.contains("TmuxTestCase {") || text.contains("tmux.start(") { drivingTmux.append(name) }
        }
        XCTAssertLessThanOrEqual(drivingTmux.count, 3, drivingTmux.sorted().joined(separator: ", "))
    }

    /// The front end names the services it uses (`Environment`,
    /// `StandardStream`, `MonotonicClock`, `ThisProcess`, `Descriptor`,
    /// `FileStatus`), never a raw system call or a `stat` field.
    func testTheFrontEndCallsNoRawSystemCall() throws {
        for url in swiftFiles(under: "FiletableCLI") {
            let relative = String(url.path.dropFirst(sources.path.count + 1))
            let code = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
                .map { $0.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? "" }.joined(separator: "\n")
            XCTAssertFalse(code.contains("Syscalls."), "\(relative) calls Syscalls directly")
            XCTAssertNil(code.range(of: #"\bst_[a-z]+\b"#, options: .regularExpression), "\(relative) reads a stat field")
        }
    }

    /// A level is asked, never downcast: no code tests which kind of level
    /// it has (`as? PlanLevel`, `is CopiesLevel`); a new kind is a new file.
    func testNoLevelKindIsDowncast() throws {
        let kinds = "DirectoryLevel|MatchesLevel|PlanLevel|CopiesLevel|ArchiveLevel|ComparisonLevel|SpaceChangeLevel"
        for url in swiftFiles(under: "FiletableCLI") {
            let text = try String(contentsOf: url, encoding: .utf8)
            XCTAssertNil(
                text.range(of: #"(as[?!]|\bis) +("# + kinds + #")\b"#, options: .regularExpression),
                "\(url.lastPathComponent) downcasts a level's kind")
        }
    }

    /// The session wires the owners of its state: every stored property it
    /// declares is a constant, or set only in its own file (`private(set)`,
    /// `private`); the owners (`Navigator`, `DeletionPlan`, `OpenView`,
    /// `LastSearch`, `SpaceIndex`) change their state through their methods.
    func testTheSessionHasNoPropertySetFromOutsideItsFile() throws {
        let url = sources.appendingPathComponent("FiletableCLI/REPL/Session/Session.swift")
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        var depth = 0
        for line in lines {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            // Members of the class itself (one brace deep), not locals or nested types' fields.
            if depth == 1, trimmed.hasPrefix("var ") || trimmed.hasPrefix("weak var ") || trimmed.hasPrefix("lazy var ") {
                // A computed property (`var x: T { … }`) sets nothing.
                XCTAssertTrue(trimmed.contains("{"), "Session: '\(trimmed)' may be set from outside Session.swift")
            }
            depth += line.filter { $0 == "{" }.count - line.filter { $0 == "}" }.count
        }
        for url in swiftFiles(under: "FiletableCLI") where url.lastPathComponent != "Session.swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            XCTAssertNil(text.range(of: #"\bsession\.\w+ = "#, options: .regularExpression), "\(url.lastPathComponent) sets a session property")
        }
    }

    /// The session is the place that wires its owners, not the application:
    /// no file extends it with work (`Session+Marks` and the rest became the
    /// commands' own files and `Commands/Shared/`), and commands are handed
    /// the owners (`CommandContext`), never the session.
    func testTheSessionIsOnlyWiring() throws {
        for url in swiftFiles(under: "FiletableCLI") {
            XCTAssertFalse(
                url.lastPathComponent.hasPrefix("Session+"), "\(url.lastPathComponent): the session's work belongs to a command or a shared file")
            let text = try String(contentsOf: url, encoding: .utf8)
            XCTAssertNil(text.range(of: #"(?m)^extension Session\b"#, options: .regularExpression), "\(url.lastPathComponent) extends Session")
        }
        let context = try String(contentsOf: sources.appendingPathComponent("FiletableCLI/REPL/Commands/CommandContext.swift"), encoding: .utf8)
        XCTAssertNil(context.range(of: #"\bSession\)"#, options: .regularExpression), "CommandContext is made from the session")
        XCTAssertNil(context.range(of: #"(?m)^    var \w+: [^{]*$"#, options: .regularExpression), "CommandContext keeps state of its own")
    }

    /// A newcomer reads a file whole and a function at a glance: no source
    /// file over 400 lines, no function or initialiser over 80 (counted
    /// from its first line to its closing brace, strings and comments
    /// aside).
    func testFilesAndFunctionsStayShort() throws {
        for module in ["SystemSeam", "HexDump", "FileBrowsing", "FiletableCLI", "TableKit", "filetable"] {
            for url in swiftFiles(under: module) {
                let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
                XCTAssertLessThanOrEqual(lines.count, 401, "\(url.lastPathComponent) has \(lines.count) lines")
                let code = lines.map(Self.codeOnly)
                let declaration = try Regex(
                    #"^\s*((public|private|fileprivate|internal|static|mutating|override|final|convenience|@\w+) )*(func|init)\b"#)
                for (start, line) in code.enumerated() where line.firstMatch(of: declaration) != nil {
                    var depth = 0
                    var opened = false
                    var end = start
                    while end < code.count {
                        depth += code[end].filter { $0 == "{" }.count - code[end].filter { $0 == "}" }.count
                        if code[end].contains("{") { opened = true }
                        if opened && depth <= 0 { break }
                        end += 1
                    }
                    XCTAssertLessThanOrEqual(end - start + 1, 80, "\(url.lastPathComponent):\(start + 1): a function of \(end - start + 1) lines")
                }
            }
        }
    }

    /// A line without its string literals and its comment.
    private static func codeOnly(_ line: Substring) -> String {
        var out = ""
        var inString = false
        var escaped = false
        var previous: Character = " "
        for character in line {
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
                continue
            }
            if character == "\"" {
                inString = true
                continue
            }
            if character == "/" && previous == "/" {
                out.removeLast()
                break
            }
            out.append(character)
            previous = character
        }
        return out
    }
}
