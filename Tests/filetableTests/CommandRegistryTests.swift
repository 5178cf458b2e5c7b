import XCTest

@testable import FiletableCLI
@testable import Terminal

/// Every registered command is whole: help, a grammar, and completion that
/// agrees with its usage line. A command added without one of them fails here.
final class CommandRegistryTests: XCTestCase {
    func testEveryCommandHasHelpAndAUniqueName() {
        var seen = Set<String>()
        for command in CommandRegistry.all {
            let spec = command.spec
            XCTAssertFalse(spec.summary.isEmpty, spec.name)
            XCTAssertFalse(spec.details.isEmpty, spec.name)
            XCTAssertTrue(spec.usage.hasPrefix(spec.name), "\(spec.name): usage starts with the name")
            for name in [spec.name] + spec.aliases {
                XCTAssertTrue(seen.insert(name).inserted, "'\(name)' names two commands")
            }
        }
    }

    /// Typed alone, or with a word it does not take, a command is parsed as
    /// itself or refused with a line naming it: never another command, and
    /// only quit quits.
    func testEveryCommandParsesAsItselfAndNothingElseQuits() {
        for command in CommandRegistry.all where command.spec.name != "!" {
            let spec = command.spec
            for line in [spec.name, spec.name.uppercased(), "\(spec.name) --no-such-word", "\(spec.name) 1 2 3 4"] + spec.aliases {
                do {
                    let parsed = try CommandParser.parse(line)
                    XCTAssertEqual(parsed.name, spec.name, "'\(line)' parsed as \(parsed)")
                    XCTAssertEqual(parsed == .quit, spec.name == "quit", "'\(line)' quits")
                } catch {
                    XCTAssertTrue(
                        error.message.hasPrefix(spec.name) || error.message.hasPrefix("row:"),
                        "'\(line)': the error names the command: \(error.message)")
                }
            }
        }
        XCTAssertThrowsError(try CommandParser.parse("no-such-command"))
    }

    /// The lowercase alternatives a usage line lists (`on|off`, `asc|desc`)
    /// are what Tab offers at that position; a row argument completes rows.
    func testCompletionAgreesWithTheUsageLine() {
        for command in CommandRegistry.all {
            let spec = command.spec
            // The argument tokens, up to a remark in parentheses ("(or just N)").
            let tokens = spec.usage.split(separator: " ").dropFirst().prefix { !$0.hasPrefix("(") }
                .map { String($0).trimmingCharacters(in: CharacterSet(charactersIn: "[]")) }
            for (index, token) in tokens.enumerated() where !token.isEmpty {
                let position = index + 1
                let completion = command.completion(at: position, after: [])
                let alternatives = token.split(separator: "|").map(String.init)
                if token.hasPrefix("N|NAME") || token == "ARGS" {
                    XCTAssertEqual(completion, .rows, "\(spec.name) \(position)")
                } else if alternatives.allSatisfy({ $0 == $0.lowercased() && $0.first?.isLetter == true }) {
                    guard case .words(let words) = completion else {
                        XCTFail("\(spec.name) \(position): \(completion), usage \(token)")
                        continue
                    }
                    XCTAssertEqual(Set(alternatives).subtracting(words), [], "\(spec.name) \(position) offers every word of its usage")
                }
            }
        }
        XCTAssertEqual(ChangeDirectoryCommand.completion(at: 1, after: []), .paths(directoriesOnly: true))
        XCTAssertEqual(HelpCommand.completion(at: 1, after: []), .commandNames)
        XCTAssertEqual(JumpCommand.completion(at: 1, after: []), .indexTitles)
    }
}

/// The screen's key table is its dispatch: every action has a key there
/// (so `?` and the man page show it), and no key does two things.
final class ScreenKeyTableTests: XCTestCase {
    func testEveryScreenActionIsBoundInTheTableThatDocumentsIt() {
        let bound = ScreenKey.table.flatMap(\.bindings)
        for action in ScreenAction.allCases {
            XCTAssertTrue(bound.contains { $0.action == action }, "\(action) has no key in ScreenKey.table")
        }
        var seen: [Key: ScreenAction] = [:]
        for binding in bound {
            if let earlier = seen[binding.key] { XCTFail("\(binding.key) is bound to \(earlier) and \(binding.action)") }
            seen[binding.key] = binding.action
            XCTAssertEqual(ScreenKey.action(for: binding.key), binding.action)
        }
        XCTAssertNil(ScreenKey.action(for: .text("z")), "a key not in the table does nothing")
        XCTAssertEqual(ScreenKey.action(for: .text("q")), .quit)
    }
}
