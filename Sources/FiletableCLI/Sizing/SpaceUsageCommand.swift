import FileBrowsing
import SystemSeam
import Terminal

/// `filetable --du [PATH]...`: each entry of PATH with what it takes, largest
/// first, then PATH's own total (what `du -sh PATH/* | sort -rh; du -sh PATH`
/// tell), from one parallel scan (`SpaceScan`). Sizes are allocated space
/// unless `--apparent-size`, in 1024-byte blocks unless `-h`, `--si` or
/// `--block-size` say otherwise; `--json` gives one object a line.
struct SpaceUsageCommand {
    let options: CommandLineOptions
    let output: OutputSink
    let diagnostics: Diagnostics

    /// The unit figures are written in: as for `-s` (blocks), since du counts blocks.
    private let unit: SizeUnit

    init(options: CommandLineOptions, output: OutputSink, diagnostics: Diagnostics) {
        self.options = options
        self.output = output
        self.diagnostics = diagnostics
        unit =
            options.blockUnit ?? (Environment.value("DU_BLOCK_SIZE") ?? Environment.value("BLOCK_SIZE")).flatMap(SizeUnit.parse)
            ?? .kibibytes
    }

    /// A PATH as du's walk (fts) names it: two or more trailing slashes
    /// are one (`du -d1 dir//` prints `dir/` and `dir/sub`).
    static func trimmingTrailingSlashes(_ path: [UInt8]) -> [UInt8] {
        var end = path.count
        if end > 2 && path[end - 1] == 0x2F {
            while end > 1 && path[end - 2] == 0x2F { end -= 1 }
        }
        return Array(path[..<end])
    }

    /// The PATHs, one at a time: the operands, or with `--files0-from` the
    /// names in that file, NUL-separated, read as they are used (du streams
    /// them: `/dev/zero` is never held whole); nil when they cannot be read.
    private func operands() -> (() -> [UInt8]?)? {
        guard let file = options.du.operandsFile else {
            var remaining = options.paths[...]
            return { remaining.popFirst() }
        }
        if options.operandsGiven {
            // du's three lines, and its status.
            let name = QuotingStyle.shellEscapeAlways.string(options.paths[0])
            diagnostics.report(
                UsageError(
                    message: "extra operand \(name)",
                    hint: "file operands cannot be combined with --files0-from\n" + UsageError.seeHelp))
            return nil
        }
        let names: OperandNamesFile
        do {
            names = try OperandNamesFile(file)
        } catch {
            diagnostics.report(
                "cannot open \(QuotingStyle.shellEscapeAlways.string(file)) for reading: \(error.reasonText)", severity: .seriousTrouble)
            return nil
        }
        let diagnostics = self.diagnostics
        return {
            if let name = names.nextOperand(reportingTo: diagnostics) { return name }
            if let failure = names.failure {
                diagnostics.report("\(QuotingStyle.shellEscapeAlways.string(file)): read error: \(failure)", severity: .seriousTrouble)
            }
            return nil
        }
    }

    /// How deep entries are listed: `-d N`, every one with `-a`, else PATH's own.
    var listedDepth: Int { options.du.depth ?? options.maxDepth ?? (options.du.listsEverything ? Int.max : 1) }

    func run() {
        // du's own refusal, word for word, status 1.
        if options.du.summarizes && options.du.listsEverything {
            diagnostics.report(UsageError(message: "cannot both summarize and show all entries", hint: UsageError.seeHelp, status: .minorTrouble))
            return
        }
        guard !ranAnotherWay() else { return }
        if options.du.countsInodes && options.apparentSize {
            diagnostics.report("warning: options --apparent-size and -b are ineffective with --inodes", severity: .success)
        }
        if let file = options.du.saveFile {
            guard options.paths.count == 1, options.du.operandsFile == nil else {
                diagnostics.report("--save keeps the scan of one PATH; give one", severity: .seriousTrouble)
                return
            }
            // Refused before the scan: only a new file or an earlier saved scan is written.
            do {
                try SavedScan.checkWritable(file)
            } catch {
                diagnostics.report(error, severity: .seriousTrouble)
                return
            }
        }
        var grandTotal = SpaceTotals()
        // Each inode once across the operands, as du: an operand already
        // counted (inside an earlier one, or named twice) prints nothing.
        let counted = SpaceScan.Counted()
        guard let nextOperand = operands() else { return }
        // One name read ahead: a scan's progress names its operand when there are several.
        var upcoming = nextOperand().map(Self.trimmingTrailingSlashes)
        var index = 0
        while let path = upcoming {
            upcoming = nextOperand().map(Self.trimmingTrailingSlashes)
            index += 1
            let severalOperands = index > 1 || upcoming != nil
            if path.isEmpty {
                diagnostics.report("invalid zero-length file name", severity: .minorTrouble)
                continue
            }
            // An operand an --exclude pattern matches is left out whole, as du leaves it.
            if options.du.excluded.contains(where: { $0.matchesPathOrSuffix(path) }) { continue }
            switch PathResolution.status(of: path, followingLastLink: options.du.followsOperandLinks || options.du.followsLinks) {
            // With -l nothing is counted once: an operand inside another is counted again, as du -l.
            case .success(let status)
            where !options.du.countsEveryLink && counted.count(status.identity, isDirectory: status.kind == .directory):
                continue
            case .success(let status) where status.kind != .directory:
                // A FILE operand (or a symlink, which du does not follow) is its own line.
                var totals = SpaceTotals(apparentBytes: status.size, diskBytes: status.blocks * 512)
                totals.files = 1
                line(path, kind: status.kind, totals: totals)
                grandTotal += totals
                continue
            case .failure(let errno):
                diagnostics.report(FileError(path: path, errno: errno), severity: .seriousTrouble)
                continue
            default:
                break
            }
            let handle: DirectoryHandle
            do {
                handle = try DirectoryHandle.open(path)
            } catch {
                diagnostics.report(error, severity: .seriousTrouble)
                continue
            }
            let result = scan(handle, counted: counted, severalOperands: severalOperands)
            for error in result.errors { diagnostics.report(error, severity: .minorTrouble) }
            if result.cancelled {
                diagnostics.report("\(NameEscaping.escape(path)): interrupted; figures so far are not printed", severity: .seriousTrouble)
                return
            }
            write(result, for: path)
            if let file = options.du.saveFile { save(result, of: handle, in: file) }
            grandTotal += result.root
            if output.failed { return }
        }
        // `-c`: du's grand total line.
        if options.du.grandTotal { line(Array("total".utf8), kind: .directory, totals: grandTotal, isGrandTotal: true) }
    }

    /// The scan, with a progress line on a terminal's standard error at most
    /// ten times a second, gone when done (Ctrl-C ends the program, as du).
    /// The ways `--du` goes other than a scan of its PATHs: the patterns of
    /// `--exclude-from` read first (then run with them), a kept scan listed
    /// (`--load`), or a tree compared with one (`--since`). Whether it did.
    private func ranAnotherWay() -> Bool {
        if !options.du.excludeFiles.isEmpty {
            guard let patterns = ExcludePatterns.read(options.du.excludeFiles, diagnostics: diagnostics) else { return true }
            var options = self.options
            options.du.excludeFiles = []
            options.du.excluded += patterns
            SpaceUsageCommand(options: options, output: output, diagnostics: diagnostics).run()
            return true
        }
        if options.du.time != nil, options.du.loadFile != nil || options.du.sinceFile != nil {
            diagnostics.report(
                "--time shows each tree's latest time, which a kept scan does not hold (--load, --since); scan the tree itself",
                severity: .seriousTrouble
            )
            return true
        }
        if let file = options.du.loadFile {
            guard options.du.sinceFile == nil else {
                diagnostics.report("--load lists a kept scan and --since compares a tree with one; give one of them", severity: .seriousTrouble)
                return true
            }
            LoadedScanCommand(du: self, file: file, options: options, diagnostics: diagnostics).run()
            return true
        }
        if options.du.sinceFile != nil {
            ScanChangesCommand(options: options, output: output, diagnostics: diagnostics, unit: unit).run()
            return true
        }
        if options.longColumns.git {
            GitIgnoredSpaceCommand(du: self, options: options, diagnostics: diagnostics).run()
            return true
        }
        return false
    }

    func scan(_ handle: DirectoryHandle, counted: SpaceScan.Counted, severalOperands: Bool, earlier: ScanIndex? = nil) -> SpaceScan.Result {
        var scanOptions = SpaceScan.Options()
        scanOptions.countedBefore = options.du.countsEveryLink ? nil : counted
        // Following links, a file with one link can be met twice too (du's hash_all).
        scanOptions.remembersEveryFile = (severalOperands || options.du.followsLinks) && !options.du.countsEveryLink
        scanOptions.followsLinks = options.du.followsLinks
        scanOptions.oneFileSystem = options.oneFileSystem
        scanOptions.countsEveryLink = options.du.countsEveryLink
        scanOptions.separatesDirectories = options.du.separatesDirectories
        scanOptions.excluded = options.du.excluded
        scanOptions.latestTime = options.du.time
        // -a: every entry, down to -d N if given; otherwise N levels (1: PATH's entries; 0 with -s).
        // A scan kept records every entry; one compared with a kept scan
        // (`earlier`) compares as it goes and records none; the lines still stop at the depth asked for.
        scanOptions.earlier = earlier
        scanOptions.earlierDepth = listedDepth
        scanOptions.recordedDepth = options.du.saveFile != nil ? Int.max : earlier != nil ? 0 : listedDepth
        scanOptions.recordsPositions = listsInWalkOrder
        // Which directory carries a file with several links: du's, the same every run (not when kept or compared).
        scanOptions.attributesLinksInWalkOrder = options.du.saveFile == nil && earlier == nil
        let scan = SpaceScan(options: scanOptions)
        var progress = ProgressLine.onStandardError()
        let result = scan.run(handle) {
            progress.update(OperationProgress(scan, scanning: handle.path))
        }
        progress.finish()
        return result
    }

    private func write(_ result: SpaceScan.Result, for path: [UInt8]) {
        // Only the entries listed are ranked (a kept scan recorded every one).
        let depth = listedDepth
        let all = result.entries(toDepth: depth)
        // du's shapes in du's walk order; filetable's own, largest first, ties
        // by name (ranks found once: comparing paths made per comparison took
        // three times the scan's instructions).
        let order: [Int]
        if listsInWalkOrder {
            order = SpaceScan.Entry.walkOrder(all)
        } else {
            let ranks = SpaceScan.Entry.nameOrderRanks(all)
            order = largestFirst(Array(all.indices), totals: { all[$0].totals }, rank: { ranks[$0] })
        }
        for index in order where !listsDirectoriesOnly || all[index].kind == .directory {
            let entry = all[index]
            line(entry.path, kind: entry.kind, totals: entry.totals)
        }
        line(path, kind: .directory, totals: options.du.separatesDirectories ? result.rootOwn : result.root)
    }

    /// Keeps the scan in `file` (`--save`): a new file, or one that holds a
    /// scan saved before (replaced whole); anything else is refused.
    private func save(_ result: SpaceScan.Result, of handle: DirectoryHandle, in file: [UInt8]) {
        let root = DisplayPath.absolute(handle.path)
        do {
            try SavedScan.write(result, scanned: handle.path, root: root, savedAt: WallClock.seconds, to: file, as: options.du.saveFormat)
        } catch {
            diagnostics.report(error, severity: .seriousTrouble)
        }
    }

    /// du's -d N without -a lists directories only (du's shape); --depth N lists every entry.
    var listsDirectoriesOnly: Bool { options.du.depth != nil && !options.du.listsEverything }

    /// du's shapes (`-a`, `-d N`, `-s`) are listed in du's order: each
    /// directory's entries as its reading met them, a directory after what
    /// it holds. Filetable's own (a PATH's entries; `--depth N`) go largest first.
    var listsInWalkOrder: Bool { (options.du.depth != nil || options.du.listsEverything) && options.maxDepth == nil }

    /// `entries` in du's listing order here: largest figure first, ties by
    /// `rank` (their names' order).
    func largestFirst(_ entries: [Int], totals: (Int) -> SpaceTotals, rank: (Int) -> Int) -> [Int] {
        let figures = entries.map { figure(totals($0)) }
        let ranks = entries.map(rank)
        return entries.indices.sorted { a, b in figures[a] != figures[b] ? figures[a] > figures[b] : ranks[a] < ranks[b] }.map { entries[$0] }
    }

    /// What a line shows: bytes (allocated or apparent), or with
    /// `--inodes` the files and directories counted.
    private func figure(_ totals: SpaceTotals) -> Int64 {
        options.du.countsInodes ? Int64(totals.files + totals.directories) : totals.bytes(apparent: options.apparentSize)
    }

    /// One line, unless `-t` leaves it out (never the grand total).
    func line(_ path: [UInt8], kind: FileKind, totals: SpaceTotals, isGrandTotal: Bool = false) {
        guard isGrandTotal || DuThreshold.shows(figure(totals), threshold: options.du.threshold) else { return }
        var shown = unit.format(figure(totals))
        // --inodes: counts as they are, or human figures with -h and --si (du ignores -B for counts).
        if options.du.countsInodes, case .fixed = unit.scale { shown = String(figure(totals)) }
        // du --time: the latest time in the tree between the size and the name.
        if options.du.time != nil, let time = totals.latestTime { shown += "\t" + DuTimeStyle(options.du.timeStyle).format(time) }
        if options.format == .json {
            var fields = ["\"path\":" + JSONLines.string(path)]
            if let exact = JSONLines.hexField("path_hex", path) { fields.append(exact) }
            fields += [
                "\"type\":\"\(kind.jsonName)\"", "\"apparent_bytes\":\(totals.apparentBytes)", "\"disk_bytes\":\(totals.diskBytes)",
                "\"files\":\(totals.files)", "\"directories\":\(totals.directories)", "\"unreadable\":\(totals.unreadable)",
            ]
            if let time = totals.latestTime { fields.append("\"latest_time\":\"\(TimeFormat.rfc3339(time))\"") }
            output.write("{" + fields.joined(separator: ",") + "}\n")
        } else {
            // -0: each line ends with a NUL, the path as its bytes (du -0).
            if options.format == .print0 {
                output.write(shown + "\t")
                output.write(bytes: path + [0])
            } else {
                output.write(shown + "\t" + NameEscaping.escape(path) + "\n")
            }
        }
        output.flushIfFull()
    }
}
