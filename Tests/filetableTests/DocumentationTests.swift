import Foundation
import TestSupport
import XCTest

@testable import FiletableCLI

/// `--help`, the man page and the completion scripts are made from one
/// option table and the REPL's command catalogue: every option and command
/// appears in each, the man page renders without warnings, and the REPL's
/// `help` says what the man page says.
final class DocumentationTests: XCTestCase {
    private func run(_ arguments: [String]) throws -> String {
        let result = try CommandRunner.run(arguments)
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.text
    }

    func testEveryOptionHasHelpAndAppearsEverywhere() throws {
        let help = try run(["--help"])
        let manual = try run(["--generate-manual"])
        let scripts = try OptionTable.shells.map { try run(["--generate-completion-script", $0]) }
        for spec in OptionTable.all {
            let name = spec.long.map { "--" + $0 } ?? "-" + String(spec.short!)
            XCTAssertFalse(spec.summary.isEmpty, "\(name) has no help text")
            XCTAssertTrue(spec.value.takesValue == !spec.valueName.isEmpty, "\(name): a value needs a name in help, a flag none")
            XCTAssertTrue(help.contains(spec.synopsis.trimmingSpaces), "--help misses \(name)")
            XCTAssertTrue(manual.contains(ManualPage.escape(spec.synopsis.trimmingSpaces)), "the man page misses \(name)")
            for (shell, script) in zip(OptionTable.shells, scripts) {
                let spelled = shell == "fish" ? (spec.long.map { "-l " + $0 } ?? "-s " + String(spec.short!)) : name
                XCTAssertTrue(script.contains(spelled), "the \(shell) script misses \(name)")
            }
        }
        // Lines of --help fit 80 columns.
        for line in help.split(separator: "\n") { XCTAssertLessThanOrEqual(line.count, 80, String(line)) }
    }

    func testTheManPageRendersWithoutWarningsAndAgreesWithHelp() throws {
        let manual = try run(["--generate-manual"])
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "REPL COMMANDS", "EXIT STATUS", "ENVIRONMENT", "FILES", "EXAMPLES", "SEE ALSO"]
        {
            XCTAssertTrue(manual.contains(".SH \(section)\n"), "no \(section) section")
        }
        try XCTSkipUnless(CommandRunner.isInstalled("groff"), "skipped: groff is not installed (apt-get install groff)")
        let page = FileManager.default.temporaryDirectory.appendingPathComponent("filetable-\(getpid()).1")
        try manual.write(to: page, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: page) }
        let lint = try CommandRunner.shell("groff -ww -z -man '\(page.path)'")
        XCTAssertEqual(lint.stderr, "", "groff warns")
        // The page as a reader sees it, one paragraph a line, against the REPL's own help.
        let rendered = try CommandRunner.shell("groff -man -Tutf8 -rLL=2000n -P-cbou '\(page.path)'")
        let text = Self.flattened(rendered.text)
        for spec in CommandCatalog.all {
            let help = try CommandRunner.run(["-e", "help \(spec.name)", "/"])
            let lines = help.text.split(separator: "\n").map(String.init)
            XCTAssertEqual(lines.first, spec.usage)
            // help: the summary, then the details; the man page ends the summary with a full stop.
            let summary = Self.flattened(spec.summary)
            let details = Self.flattened(lines.dropFirst().filter { !$0.hasPrefix("Aliases:") }.joined(separator: " "))
            XCTAssertTrue(details.hasPrefix(summary + " "), details)
            let expected = summary + ". " + details.dropFirst(summary.count + 1)
            XCTAssertTrue(text.contains(expected), "help \(spec.name) and the man page disagree:\n\(expected)")
        }
    }

    /// Whitespace collapsed, and the typographic characters groff prints for ASCII ones put back.
    private static func flattened(_ text: String) -> String {
        var plain = text
        for (fancy, ascii) in [("\u{2212}", "-"), ("\u{2010}", "-"), ("\u{2019}", "'"), ("\u{2018}", "'"), ("\u{201C}", "\""), ("\u{201D}", "\"")] {
            plain = plain.replacingOccurrences(of: fancy, with: ascii)
        }
        return plain.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ")
    }

    func testBashCompletesOptionsWordsAndFiles() throws {
        let temp = try TemporaryTree()
        temp.file("notes.txt")
        let script = try run(["--generate-completion-script", "bash"])
        let file = temp.path + "/filetable.bash"
        try script.write(toFile: file, atomically: true, encoding: .utf8)
        func offered(_ words: [String]) throws -> String {
            let array = words.map { "'\($0)'" }.joined(separator: " ")
            let result = try CommandRunner.shell(
                "bash -c \"source '\(file)'; COMP_WORDS=(filetable \(array)); COMP_CWORD=\(words.count); _filetable; echo \\\"\\${COMPREPLY[*]}\\\"\"",
                in: temp.url)
            XCTAssertEqual(result.stderr, "")
            return result.text.trimmingCharacters(in: .newlines)
        }
        XCTAssertEqual(try offered(["--so"]), "--sort")
        // After a peer's flag, `-` offers that peer's options, not every one.
        let every = try offered(["-"]).split(separator: " ")
        let du = try offered(["--du", "-"]).split(separator: " ")
        XCTAssertTrue(du.contains("-s") && du.contains("--max-depth") && du.contains("--threshold"), "\(du)")
        XCTAssertFalse(du.contains("--dired") || du.contains("--cols") || du.contains("--sort"), "\(du)")
        XCTAssertLessThan(du.count, every.count / 2)
        XCTAssertEqual(try offered(["--du", "--sum"]), "--summarize")
        XCTAssertEqual(try offered(["/tmp", "--xxd", "--co"]), "--cols")
        XCTAssertFalse(try offered(["--hex", "-"]).split(separator: " ").contains("--max-depth"))
        XCTAssertEqual(try offered(["--sort", "s"]), "size")
        XCTAssertEqual(try offered(["--generate-completion-script", "f"]), "fish")
        XCTAssertEqual(try offered(["--color=ne"]), "--color=never")
        XCTAssertEqual(try offered(["-b", "no"]), "notes.txt")
        XCTAssertEqual(try offered(["--depth", ""]), "", "a number is not completed")
        XCTAssertEqual(try offered(["--group-s"]), "--group-size")
        // As bash splits "--sort=" (at '=', COMP_WORDBREAKS): the words after it.
        XCTAssertEqual(try offered(["--sort", "="]), "name size time ext none bytes version width extension")
        XCTAssertEqual(try offered(["--sort", "=", "si"]), "size")
        XCTAssertEqual(try offered(["--color", "=", "al"]), "always")
        XCTAssertEqual(try offered(["--sort=ti"]), "--sort=time")
        // A name with spaces is one word, not three.
        temp.file("my notes.txt")
        let count = try CommandRunner.shell(
            "bash -c \"source '\(file)'; COMP_WORDS=(filetable 'my'); COMP_CWORD=1; _filetable; echo \\\"\\${#COMPREPLY[@]}:\\${COMPREPLY[0]}\\\"\"",
            in: temp.url)
        XCTAssertEqual(count.text, "1:my notes.txt\n", count.stderr)
        for shell in ["zsh", "fish"] {
            guard CommandRunner.isInstalled(shell) else {
                print("skipped: \(shell) -n (\(shell) is not installed)")
                continue
            }
            let path = temp.path + "/filetable.\(shell)"
            try run(["--generate-completion-script", shell]).write(toFile: path, atomically: true, encoding: .utf8)
            let check = try CommandRunner.shell("\(shell) -n '\(path)'")
            XCTAssertEqual(check.status, 0, check.stderr)
        }
    }

    func testOneMeaningPerFlagAndNumbersAsHexdumpReadsThem() throws {
        let sections = try CommandRunner.run(["--group", "4", "-1", "."])
        XCTAssertEqual(sections.status, 2)
        XCTAssertEqual(
            sections.stderr,
            "filetable: invalid argument '4' for '--group'\n--group takes none, letter or kind; the hex dump's byte groups are --group-size N\n")
        XCTAssertEqual(try ArgumentParser.parse(["--hex", "--group-size", "4"]).dump.group, 4)
        XCTAssertEqual(try ArgumentParser.parse(["--hex", "-s", "010"]).dump.skip, 8, "a leading 0 is octal, as in hexdump -s")
        XCTAssertEqual(try ArgumentParser.parse(["--hex", "-s", "0x10"]).dump.skip, 16)
        XCTAssertEqual(try ArgumentParser.parse(["--hex", "-s", "0"]).dump.skip, 0)
        XCTAssertThrowsError(try ArgumentParser.parse(["--hex", "-s", "09"]))
        // A letter names one option in each mode, a long name one option in all.
        for mode in OptionSpec.Mode.allCases {
            let letters = OptionTable.all.filter { $0.readsLetter(in: mode) }.compactMap(\.short)
            XCTAssertEqual(letters.count, Set(letters).count, "a letter used twice (\(mode)): \(letters)")
        }
        let longs = OptionTable.all.compactMap(\.long)
        XCTAssertEqual(longs.count, Set(longs).count)
        XCTAssertEqual(try ArgumentParser.parse(["-s", "-n", "-c", "-x"]).longColumns.numericIDs, true, "ls's letters without --hex")
        XCTAssertEqual(try ArgumentParser.parse(["--hex", "-n", "0x20"]).dump.length, 32, "hexdump's letters after --hex")
        let version = try run(["--version"])
        XCTAssertTrue(version.hasPrefix("filetable \(HelpText.versionNumber) (built with Swift "), version)
    }
}
