import Foundation
import TestSupport
import XCTest

@testable import FiletableCLI
@testable import Terminal

/// The config file: `set` lines become the session's settings before its
/// first page, `map` lines keys of the screen, a mistake names the file and
/// the line and the rest still applies; the command line wins, and neither
/// the listing modes nor scripts read it.
final class ConfigFileTests: XCTestCase {
    private func tree() throws -> TemporaryTree {
        let temp = try TemporaryTree()
        temp.file("big", size: 5000)
        temp.file("small", size: 10)
        temp.file(".dot")
        try temp.folder("zdir")
        return temp
    }

    /// The config `text`, loaded as a session at a terminal loads it, with `arguments` on its command line.
    private func load(_ text: String, in temp: TemporaryTree, arguments: [String] = []) throws -> (SessionConfig, Diagnostics) {
        let path = temp.path + "/../config-\(UUID().uuidString)"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let options = try ArgumentParser.parse(["--config", path] + arguments)
        let diagnostics = Diagnostics(flushing: OutputSink(fd: -1), errors: OutputSink(fd: -1))
        return (SessionConfig.load(for: options, diagnostics: diagnostics), diagnostics)
    }

    func testSettingsApplyBeforeTheFirstPageAndMapsAreKeys() throws {
        let temp = try tree()
        let (config, _) = try load("# mine\nset sort size\nset hidden on\nset dirsfirst on\nset pagesize 5\nmap D du\n", in: temp)
        XCTAssertEqual(config.pageSize, 5)
        let prompt = try ScriptedPrompt.run(in: temp.path, keys: [], config: config)
        XCTAssertTrue(prompt.text.contains("| sort size, dirs first | hidden shown |"), prompt.text)
        let rows = prompt.lines.filter { $0.range(of: #"^ ?[0-9]+ "#, options: .regularExpression) != nil }
        XCTAssertEqual(rows.first?.contains("zdir"), true, "directories first:\n\(prompt.text)")
        XCTAssertEqual(rows.dropFirst().first?.contains("big"), true, "then by size:\n\(prompt.text)")
        XCTAssertTrue(prompt.text.contains(".dot"), "hidden files shown:\n\(prompt.text)")
        XCTAssertEqual(config.keyMaps[.text("D")], "du")
    }

    func testAMistakeNamesTheFileAndLineAndTheRestApplies() throws {
        let temp = try tree()
        var config = ConfigFile()
        config.parse("set sort size\nset colour blue\nbind x y\nmap  du\nset pagesize 5\n", name: "cfg")
        XCTAssertEqual(config.settings.map(\.setting.name), ["sort", "pagesize"])
        XCTAssertEqual(config.mistakes.count, 3)
        XCTAssertTrue(config.mistakes[0].hasPrefix("cfg:2: 'set NAME VALUE', NAME one of sort, style"), config.mistakes[0])
        XCTAssertEqual(config.mistakes[1], "cfg:3: 'bind' is not 'set' or 'map'")
        XCTAssertTrue(config.mistakes[2].hasPrefix("cfg:4: 'map KEY COMMAND'"), config.mistakes[2])
        // A value the command refuses: said with the file and line when the session starts.
        let (loaded, _) = try load("set sort sise\nset style long\n", in: temp)
        let prompt = try ScriptedPrompt.run(in: temp.path, keys: [], config: loaded)
        XCTAssertTrue(prompt.text.contains(":1: sort: "), prompt.text)
        XCTAssertTrue(prompt.text.contains("rw-"), "the long style applied all the same:\n\(prompt.text)")
    }

    func testTheCommandLineWins() throws {
        let temp = try tree()
        let (config, _) = try load("set sort size\nset pagesize 5\n", in: temp, arguments: ["-t", "--page-size", "9"])
        XCTAssertEqual(config.startCommands.map(\.line), [])
        XCTAssertNil(config.pageSize)
    }

    /// A key the config maps runs its command in the screen.
    func testAMappedKeyRunsItsCommandInTheScreen() throws {
        let temp = try tree()
        var config = SessionConfig()
        config.keyMaps[.text("D")] = "sort size"
        config.keyMaps[.control("t")] = "nonsense"
        // The screen reads the session's settings: through the prompt's `screen`.
        var prompt = try ScriptedPrompt.run(in: temp.path, keys: [ScriptedPrompt.line("screen"), "D", "q"], config: config)
        XCTAssertTrue(prompt.model.lastFullScreen?.first?.contains("sort size") == true, prompt.model.lastFullScreen?.first ?? "")
        prompt = try ScriptedPrompt.run(in: temp.path, keys: [ScriptedPrompt.line("screen"), "\u{14}", "q"], config: config)
        XCTAssertTrue(prompt.model.lastFullScreen?.last?.contains("unknown command 'nonsense'") == true, prompt.model.lastFullScreen?.last ?? "")
    }

    /// Listings stay their peers' whatever the config says, and scripts run the same everywhere.
    func testListingsAndScriptsReadNoConfig() throws {
        let temp = try tree()
        let home = try TemporaryTree()
        try home.folder(".config/filetable")
        home.file("config", contents: "set sort size\nset hidden on\n", in: ".config/filetable")
        let environment = ["HOME": home.path, "XDG_CONFIG_HOME": ""]
        let listed = try CommandRunner.run(["-1", temp.path], environment: environment)
        XCTAssertEqual(listed.text, "big\nsmall\nzdir\n")
        let scripted = try CommandRunner.run(["-e", "list", temp.path], environment: environment)
        XCTAssertTrue(scripted.text.contains("sort name"), scripted.text)
        XCTAssertFalse(scripted.text.contains(".dot"), scripted.text)
        XCTAssertEqual(scripted.stderr, "")
        // --config names a file that must be there.
        let missing = try CommandRunner.run(["--config", temp.path + "/none", "-e", "pwd", temp.path])
        XCTAssertEqual(missing.status, 0, "a script reads no config, named or not")
    }

    func testHelpConfigListsEverySetting() throws {
        let temp = try tree()
        let help = try CommandRunner.script("help config", in: temp)
        for setting in ConfigSetting.all { XCTAssertTrue(help.text.contains("set \(setting.name) "), setting.name) }
        XCTAssertTrue(help.text.contains("map KEY COMMAND"), help.text)
    }
}
