import FileBrowsing
import SystemSeam
import Terminal

/// `filetable --compare A B`: how two trees differ, as `diff -rq A B`
/// prints it, byte for byte (its lines, its order, its statuses: 0 the
/// same, 1 differences, 2 trouble), faster; `--json` gives a difference an
/// object a line. Contents are compared byte for byte; a file that changed
/// while it was compared is reported as differing and named on standard
/// error, never called the same. Nothing is written but the report.
struct TreeDiffCommand {
    let options: CommandLineOptions
    let output: OutputSink
    let diagnostics: Diagnostics

    func run() -> ExitStatus {
        guard options.operandsGiven, options.paths.count == 2 else {
            diagnostics.report("--compare takes two paths, A and B (as diff -rq A B)", severity: .seriousTrouble)
            return diagnostics.finish()
        }
        let (a, b) = (options.paths[0], options.paths[1])
        let first: DirectoryHandle
        let second: DirectoryHandle
        do {
            first = try DirectoryHandle.open(a)
            second = try DirectoryHandle.open(b)
        } catch {
            diagnostics.report(
                error.reason == .system(.notADirectory)
                    ? "--compare compares two directories; \(NameEscaping.escape(error.path)) is not one (cmp compares two files)"
                    : error.description, severity: .seriousTrouble)
            return diagnostics.finish()
        }
        let escapes = StandardStream.output.isTerminal
        var differences = 0
        var progress = ProgressLine.onStandardError()
        Interruption.install()
        let comparison = TreeComparison(isCancelled: { totals in
            progress.update(OperationProgress(totals))
            return Interruption.isRequested
        })
        comparison.run(
            first: first, second: second,
            report: { difference, _, _ in
                differences += 1
                if options.format == .json {
                    output.write(Self.json(difference, a, b) + "\n")
                } else {
                    output.write(bytes: Self.line(difference, a, b, escaped: escapes))
                }
                if difference.kind == .changedWhileCompared {
                    diagnostics.report(
                        "\(NameEscaping.escape(PathBytes.join(a, difference.path))): changed while it was compared (reported as differing)",
                        severity: .success)
                }
            },
            trouble: { error in diagnostics.report(error, severity: .seriousTrouble) })
        progress.finish()
        if comparison.totals.interrupted { return max(diagnostics.finish(), .interrupted) }
        let status = diagnostics.finish()
        return status == .success && differences > 0 ? .minorTrouble : status
    }

    /// The line diff -rq prints for a difference (paths raw, or escaped at a terminal).
    static func line(_ difference: TreeDifference, _ a: [UInt8], _ b: [UInt8], escaped: Bool) -> [UInt8] {
        func shown(_ path: [UInt8]) -> [UInt8] { escaped ? Array(NameEscaping.escape(path).utf8) : path }
        func directory(_ root: [UInt8]) -> [UInt8] { shown(difference.directory.isEmpty ? root : PathBytes.join(root, difference.directory)) }
        let firstPath = shown(PathBytes.join(a, difference.path))
        let secondPath = shown(PathBytes.join(b, difference.path))
        let name = shown(difference.name)
        switch difference.kind {
        case .onlyInFirst: return Array("Only in ".utf8) + directory(a) + Array(": ".utf8) + name + [0x0A]
        case .onlyInSecond: return Array("Only in ".utf8) + directory(b) + Array(": ".utf8) + name + [0x0A]
        case .contentsDiffer, .changedWhileCompared:
            return Array("Files ".utf8) + firstPath + Array(" and ".utf8) + secondPath + Array(" differ\n".utf8)
        case .same: return []
        case .typesDiffer(let one, let other):
            return Array("File ".utf8) + firstPath + Array(" is a \(one) while file ".utf8) + secondPath + Array(" is a \(other)\n".utf8)
        }
    }

    /// `{"change":"contents","path":"sub/f","first":"a/sub/f","second":"b/sub/f"}`: exact paths (`path_hex` where not UTF-8).
    static func json(_ difference: TreeDifference, _ a: [UInt8], _ b: [UInt8]) -> String {
        var fields: [(String, String)]
        switch difference.kind {
        case .onlyInFirst: fields = [("change", "\"only_first\"")]
        case .onlyInSecond: fields = [("change", "\"only_second\"")]
        case .contentsDiffer: fields = [("change", "\"contents\"")]
        case .changedWhileCompared: fields = [("change", "\"changed_while_compared\"")]
        case .same: fields = [("change", "\"same\"")]
        case .typesDiffer(let one, let other):
            fields = [("change", "\"type\""), ("first_type", "\"\(one)\""), ("second_type", "\"\(other)\"")]
        }
        fields.append(("path", JSONLines.string(difference.path)))
        if difference.kind != .onlyInSecond { fields.append(("first", JSONLines.string(PathBytes.join(a, difference.path)))) }
        if difference.kind != .onlyInFirst { fields.append(("second", JSONLines.string(PathBytes.join(b, difference.path)))) }
        var object = "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",")
        if let exact = JSONLines.hexField("path_hex", difference.path) { object += "," + exact }
        return object + "}"
    }
}
