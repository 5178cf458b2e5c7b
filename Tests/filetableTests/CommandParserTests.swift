import XCTest

@testable import FiletableCLI

final class CommandParserTests: XCTestCase {
    private func parse(_ line: String) throws -> Command { try CommandParser.parse(line) }

    private func error(_ line: String) -> String? {
        do {
            _ = try CommandParser.parse(line)
            return nil
        } catch {
            return error.message
        }
    }

    func testNamesAliasesAndCase() throws {
        XCTAssertEqual(try parse("list"), .list())
        XCTAssertEqual(try parse("LS"), .list())
        XCTAssertEqual(try parse("ls -l"), .list(long: true))
        XCTAssertEqual(try parse("ls -la"), .list(long: true, all: true))
        XCTAssertEqual(try parse("ls -a -l"), .list(long: true, all: true))
        // ls's letters: one the table has no meaning for is refused by name.
        XCTAssertEqual(
            error("ls -x"), "list: -x is not a letter the table takes (it takes -l -a -A -h -S -t -X -r -1 -C) (usage: list [-lahSt...] [GLOB|TEXT])")
        XCTAssertEqual(error("ls -"), "list: '-' is neither ls's letters nor a pattern (usage: list [-lahSt...] [GLOB|TEXT])")
        XCTAssertEqual(try parse("ls -lh"), Command(ListCommand(long: true, humanSizes: true)))
        XCTAssertEqual(try parse("n"), .next)
        XCTAssertEqual(try parse("P"), .previous)
        XCTAssertEqual(try parse("  goto 42 "), .goto(row: 42))
        XCTAssertEqual(try parse("7"), .open(row: 7))
        XCTAssertEqual(try parse(""), .continueOn)
        XCTAssertEqual(try parse("hex 3"), .hex(row: 3, offset: 0, length: nil))
        XCTAssertEqual(try parse("hex 3 0x10 1k"), .hex(row: 3, offset: 16, length: 1024))
        XCTAssertEqual(try parse("hex 3 @4k"), .hex(row: 3, offset: 4096, length: nil))
        XCTAssertEqual(try parse("view 2"), .view(row: 2))
        XCTAssertEqual(try parse("view 2 --wrap"), .view(row: 2, wraps: true))
        XCTAssertEqual(try parse("view --wrap 2 +7"), .view(row: 2, from: .line(7), wraps: true))
        XCTAssertEqual(try parse("!ls -l 'a b'"), .shell("ls -l 'a b'"))
        XCTAssertEqual(try parse("!"), .shell(nil))
        XCTAssertEqual(try parse("pager notes.txt"), .pager(row: .name("notes.txt")))
        XCTAssertEqual(try parse("style long"), .style(.long))
        XCTAssertEqual(try parse("more"), .more)
        XCTAssertEqual(try parse("back all"), .back(all: true))
        XCTAssertEqual(try parse("b"), .back(all: false))
        XCTAssertEqual(try parse("Q"), .quit)
        XCTAssertEqual(try parse("exit"), .quit)
    }

    func testArguments() throws {
        XCTAssertEqual(try parse("sort size"), .sort(.size, descending: nil))
        XCTAssertEqual(try parse("sort NAME desc"), .sort(.name, descending: true))
        XCTAssertEqual(try parse("hidden on"), .hidden(true))
        XCTAssertEqual(try parse("dirsfirst off"), .directoriesFirst(false))
        XCTAssertEqual(try parse("filter *.log"), .filter("*.log"))
        XCTAssertEqual(try parse("filter"), .filter(nil))
        XCTAssertEqual(try parse("cd 'my dir'"), .cd("my dir"))
        XCTAssertEqual(try parse("cd a b"), .cd("a b"))
        XCTAssertEqual(try parse("find read me"), .find("read me"))
        XCTAssertEqual(try parse("find"), .find(nil))
        XCTAssertEqual(try parse("find log --depth 2"), .find("log", depth: 2))
        XCTAssertEqual(error("find log --depth"), "find: --depth needs a number (usage: find [TEXT] [--depth N])")
        XCTAssertEqual(error("find log --depth 0"), "find: --depth: '0' is not a number of 1 or more")
        XCTAssertEqual(error("find log --depth 99999999999999999999"), "find: --depth: '99999999999999999999' is not a number of 1 or more")
        XCTAssertEqual(try parse("group letter"), .group(.letter))
        XCTAssertEqual(try parse("style value1"), .style(.value1))
        XCTAssertEqual(try parse("help open"), .help("open"))
    }

    func testMistakesGiveOneClearLine() {
        XCTAssertEqual(error("lsit"), "unknown command 'lsit'; did you mean 'list'?")
        XCTAssertEqual(error("opne 3"), "unknown command 'opne'; did you mean 'open'?")
        XCTAssertEqual(error("xyzzy"), "unknown command 'xyzzy'; type 'help' for the list")
        XCTAssertEqual(error("open"), "open: missing argument (usage: open N|NAME  (or just N))")
        XCTAssertEqual(error("open 1 2"), "open: too many arguments (usage: open N|NAME  (or just N))")
        XCTAssertEqual(try parse("open x"), .open(row: .name("x")), "a row may be named")
        XCTAssertEqual(try parse("cd"), .cd(nil))
        XCTAssertEqual(error("goto 0"), "row: '0' is not a number of 1 or more")
        XCTAssertEqual(try parse("list now"), Command(ListCommand(filter: "now")), "a word is a filter, as ls takes a pattern")
        XCTAssertEqual(error("list a b"), "list: one pattern at a time, as 'filter' takes one (ls '*.conf') (usage: list [-lahSt...] [GLOB|TEXT])")
        XCTAssertEqual(error("sort colour"), "sort: 'colour' is not one of name|size|time|ext|width|none|du|git [asc|desc]")
        XCTAssertEqual(error("hidden maybe"), "hidden: expected on or off (usage: hidden on|off)")
        XCTAssertEqual(error("cd 'unclosed"), "unbalanced quote in 'cd 'unclosed'")
    }

    func testCommandsArgumentSplitsOnSemicolonsOutsideQuotes() {
        XCTAssertEqual(LineSource.splitCommands("ls; open 2 ;cd 'a;b'"), ["ls", " open 2 ", "cd 'a;b'"])
    }

    func testEveryCommandHasHelp() {
        for spec in CommandCatalog.all {
            XCTAssertFalse(spec.details.isEmpty)
            XCTAssertNotNil(CommandCatalog.spec(named: spec.name.uppercased()))
        }
        let overview = CommandCatalog.overview(width: 80)
        XCTAssertTrue(overview.contains { $0.hasPrefix("  goto N|NAME") }, overview.joined(separator: "\n"))
        XCTAssertTrue(overview.allSatisfy { $0.count <= 80 }, "help fits 80 columns")
        // Every command is listed once, in a group.
        let grouped = CommandCatalog.groups.flatMap(\.names)
        XCTAssertEqual(grouped.sorted(), CommandCatalog.all.map(\.name).sorted())
        // Wrapping keeps words whole.
        let wrapped = TextWrapping.wrap("alpha beta gamma delta", width: 11, first: "", rest: "  ")
        XCTAssertEqual(wrapped, ["alpha beta", "  gamma", "  delta"])
        XCTAssertEqual(CommandCatalog.suggestion(for: "nope"), nil, "no far-fetched suggestion")
        XCTAssertEqual(CommandCatalog.suggestion(for: "hisotry"), "history")
    }

    /// Every command in the catalog has a parser case: typed alone it is
    /// parsed or refused with its usage, never "not available", and only
    /// quit's names quit (a catalog entry without a parser case used to).
    func testEveryCatalogCommandIsParsedAndOnlyQuitQuits() {
        for spec in CommandCatalog.all {
            for name in [spec.name] + spec.aliases where name != "!" {
                do {
                    let command = try CommandParser.parse(name)
                    XCTAssertEqual(command == .quit, spec.name == "quit", "'\(name)' parsed as \(command)")
                } catch {
                    XCTAssertFalse(error.message.contains("not available"), "'\(name)': \(error.message)")
                }
            }
        }
    }

    func testDisplayPaths() {
        XCTAssertEqual(String(decoding: DisplayPath.normalize(Array("/a/./b//c/../d".utf8)), as: UTF8.self), "/a/b/d")
        XCTAssertEqual(String(decoding: DisplayPath.normalize(Array("/..".utf8)), as: UTF8.self), "/")
        XCTAssertEqual(DisplayPath.prompt(Array("/home/me/src".utf8), home: Array("/home/me".utf8)), "~/src")
        XCTAssertEqual(DisplayPath.prompt(Array("/home/meat".utf8), home: Array("/home/me".utf8)), "/home/meat")
        XCTAssertEqual(DisplayPath.prompt([0x2F, 0x78, 0x1B], home: nil), "/x\\x1B")
    }
}

/// Every number a user gives has a range.
final class UserNumberTests: XCTestCase {
    func testRangesAndMessages() {
        guard case .success(10_000) = UserNumber.parse("10000", in: UserNumber.pageSize, what: "page size") else { return XCTFail() }
        for text in ["0", "10001", "9223372036854775808", "-3", "1e3", ""] {
            guard case .failure(let problem) = UserNumber.parse(text, in: UserNumber.pageSize, what: "page size") else { return XCTFail(text) }
            XCTAssertEqual(problem.message, "invalid page size '\(text)': expected a whole number from 1 to 10000")
        }
    }

    func testOffsetsSaturateInsteadOfWrapping() {
        XCTAssertEqual(ByteCount.end(from: 1, length: .max), .max)
        XCTAssertEqual(ByteCount.end(from: 1 << 63, length: 1 << 63), .max)
        XCTAssertEqual(ByteCount.end(from: 16, length: 32), 48)
        XCTAssertNil(ByteCount.parse("17179869184g"), "a count that overflows is refused")
    }
}
