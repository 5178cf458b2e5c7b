import FileBrowsing
import SystemSeam
import Terminal

/// `filetable --dupes [PATH]...`: files with identical contents below the
/// PATHs, in the forms scripts read: a group's paths a line each and a blank
/// line after each group (as jdupes -r and fdupes -r print), `-0` (a NUL
/// after each path, another after each group), or `--json` (a group an
/// object a line). A progress line and a summary on a terminal's standard
/// error; Ctrl-C stops the search and prints what was confirmed so far.
struct CopiesCommand {
    let options: CommandLineOptions
    let output: OutputSink
    let diagnostics: Diagnostics

    func run() -> ExitStatus {
        var roots: [DirectoryHandle] = []
        for path in options.paths {
            do {
                roots.append(try DirectoryHandle.open(path))
            } catch {
                diagnostics.report(error, severity: .seriousTrouble)
            }
        }
        guard !roots.isEmpty else { return diagnostics.finish() }
        ThisProcess.returnLargeBlocksWhenFreed()
        let finder = CopyFinder(options: finderOptions)
        let showsProgress = StandardStream.error.isTerminal
        var progress = ProgressLine.onStandardError()
        Interruption.install()
        let search = finder.run(roots) {
            if Interruption.isRequested { finder.cancel() }
            progress.update(OperationProgress(finder))
        }
        progress.finish()
        for error in search.errors { diagnostics.report(error, severity: .minorTrouble) }
        for path in search.changed {
            diagnostics.report("\(NameEscaping.escape(path)): changed while it was read; left out", severity: .minorTrouble)
        }
        write(search)
        if showsProgress || search.cancelled { StandardStream.writeError(Self.summary(of: search) + "\n") }
        let status = diagnostics.finish()
        return search.cancelled ? max(status, .interrupted) : status
    }

    private var finderOptions: CopyFinder.Options {
        var finder = CopyFinder.Options()
        finder.oneFileSystem = options.oneFileSystem
        finder.maximumDepth = options.maxDepth ?? Int.max
        finder.smallestSize = options.copies.smallestSize ?? (options.copies.includesEmptyFiles ? 0 : 1)
        finder.names = options.listOptions.filter
        return finder
    }

    /// `N groups, M files, X to gain (compared byte for byte)`, and whether Ctrl-C cut it short.
    static func summary(of search: CopySearch) -> String {
        var text =
            "filetable: \(Plural.count(search.groups.count, "group")) of copies, \(Plural.count(search.fileCount, "file")), "
            + "\(HumanSize.withUnit(search.totalGain)) to gain (compared byte for byte; \(Plural.count(search.filesSeen, "file")) seen)"
        if !search.errors.isEmpty { text += "; \(search.errors.count) could not be read" }
        if !search.changed.isEmpty { text += "; \(search.changed.count) changed while read" }
        if search.cancelled { text += "; interrupted: these groups are partial" }
        return text
    }

    private func write(_ search: CopySearch) {
        for group in search.groups {
            switch options.format {
            case .json:
                output.write(Self.json(group) + "\n")
            case .print0:
                for file in group.files {
                    for path in group.paths(of: file) { output.write(bytes: path + [0]) }
                }
                output.write(bytes: [0])
            default:
                for file in group.files {
                    for path in group.paths(of: file) { output.write(NameEscaping.escape(path) + "\n") }
                }
                output.write("\n")
            }
            output.flushIfFull()
            if output.failed { return }
        }
    }

    /// One group as a JSON object: size, gain, and each file's identity and paths.
    static func json(_ group: CopyGroup) -> String {
        let files = group.files.map { file in
            let paths = group.paths(of: file).map { path in
                var fields = ["\"path\":" + JSONLines.string(path)]
                if let exact = JSONLines.hexField("path_hex", path) { fields.append(exact) }
                return "{" + fields.joined(separator: ",") + "}"
            }
            // One name and one format for one fact across the JSON outputs: `mtime`, RFC 3339 in UTC.
            return "{\"device\":\(file.identity.device),\"inode\":\(file.identity.inode),\"mtime\":\"\(TimeFormat.rfc3339(file.modified))\","
                + "\"paths\":[" + paths.joined(separator: ",") + "]}"
        }
        return "{\"size\":\(group.size),\"copies\":\(group.files.count),\"gain\":\(group.gain),\"files\":[" + files.joined(separator: ",") + "]}"
    }
}
