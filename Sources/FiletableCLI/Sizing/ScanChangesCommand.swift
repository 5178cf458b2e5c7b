import FileBrowsing
import SystemSeam
import Terminal

/// `filetable --du --since FILE [PATH]`: what changed in PATH since the scan
/// saved in FILE (`--du --save FILE PATH`), from one scan now: a line an
/// entry that changed (PATH's own entries; deeper with `-d N` or `-a`),
/// largest growth first, as `CHANGE<TAB>FILES<TAB>STATE<TAB>PATH` (the change
/// in du's unit and sign, the files gained or gone, new, removed, grown,
/// shrunk or changed), then PATH's own line; the totals on standard error.
/// `--json`: an object a change. With `--save FILE` too, the new scan is
/// kept there afterwards (a week's scan replaces the last).
struct ScanChangesCommand {
    let options: CommandLineOptions
    let output: OutputSink
    let diagnostics: Diagnostics
    let unit: SizeUnit

    func run() {
        guard let file = options.du.sinceFile else { return }
        guard options.paths.count == 1, options.du.operandsFile == nil else {
            diagnostics.report("--since compares one PATH with its saved scan; give one", severity: .seriousTrouble)
            return
        }
        let du = SpaceUsageCommand(options: options, output: output, diagnostics: diagnostics)
        let then: ScanIndex
        do {
            if let keep = options.du.saveFile { try SavedScan.checkWritable(keep) }
            // Only what the lines list is compared: the kept scan's entries down to that depth.
            then = try ScanIndex.read(from: file, depth: du.listedDepth)
        } catch {
            diagnostics.report(error, severity: .seriousTrouble)
            return
        }
        let path = options.paths[0]
        let handle: DirectoryHandle
        do {
            handle = try DirectoryHandle.open(path)
        } catch {
            diagnostics.report(error, severity: .seriousTrouble)
            return
        }
        let root = DisplayPath.absolute(path)
        guard root == then.root else {
            diagnostics.report(
                "\(NameEscaping.escape(file)) is a scan of \(NameEscaping.escape(then.root)), not of \(NameEscaping.escape(root)); "
                    + "--since compares a tree with its own earlier scan (--compare A B compares two trees)",
                severity: .seriousTrouble)
            return
        }
        // Compared as the scan goes: nothing of it is kept unless --save keeps it.
        let result = du.scan(handle, counted: SpaceScan.Counted(), severalOperands: false, earlier: then)
        for error in result.errors { diagnostics.report(error, severity: .minorTrouble) }
        if result.cancelled {
            diagnostics.report("\(NameEscaping.escape(path)): interrupted; nothing compared", severity: .seriousTrouble)
            return
        }
        let changes = ScanChange.ordered(result.changes, depth: du.listedDepth)
        for change in changes { write(change, below: path) }
        write(ScanChange(path: [], kind: .directory, then: then.rootTotals, now: result.root), below: path)
        // The totals for the person reading: standard error, out of a script's way.
        StandardStream.writeError(summary(changes, then: then, now: result.root) + "\n")
        if let keep = options.du.saveFile {
            do {
                try SavedScan.write(result, scanned: handle.path, root: root, savedAt: WallClock.seconds, to: keep, as: options.du.saveFormat)
            } catch {
                diagnostics.report(error, severity: .seriousTrouble)
            }
        }
    }

    /// `since 2026-11-18 09:00: grew by 1.2 GiB, shrank by 300 MiB; 12 new, 3 removed`.
    private func summary(_ changes: [ScanChange], then: ScanIndex, now: SpaceTotals) -> String {
        var grew: Int64 = 0
        var shrank: Int64 = 0
        var new = 0
        var removed = 0
        for change in changes {
            // Sums over PATH's own entries: a deeper one is inside them already.
            if !change.path.contains(0x2F) {
                if change.diskChange > 0 {
                    grew = grew.addingReportingOverflow(change.diskChange).overflow ? .max : grew + change.diskChange
                } else {
                    shrank = shrank.subtractingReportingOverflow(change.diskChange).overflow ? .max : shrank - change.diskChange
                }
            }
            if change.state == .new { new += 1 }
            if change.state == .removed { removed += 1 }
        }
        let when = TimeFormat().format(Timestamp(seconds: then.savedAt), style: .longISO)
        let all = now.diskBytes - then.rootTotals.diskBytes
        return "since \(when): grew by \(amount(grew)), shrank by \(amount(shrank)); "
            + "\(new) new, \(removed) removed; \(all < 0 ? "-" : "")\(amount(all.magnitude > Int64.max ? .max : Int64(all.magnitude))) in all"
    }

    /// A size in the summary: in the unit the lines use when one was asked
    /// (`-h`, `-k`, `--si`, `-B`), else in words (`2.9 MiB`).
    private func amount(_ bytes: Int64) -> String {
        options.sizeUnit != nil ? unit.format(bytes) : HumanSize.withUnit(bytes)
    }

    private func write(_ change: ScanChange, below root: [UInt8]) {
        let path = change.path.isEmpty ? root : PathBytes.join(root, change.path)
        let bytes = options.apparentSize ? change.apparentChange : change.diskChange
        if options.format == .json {
            var fields = ["\"path\":" + JSONLines.string(path)]
            if let exact = JSONLines.hexField("path_hex", path) { fields.append(exact) }
            fields += [
                "\"state\":\"\(change.path.isEmpty ? "total" : change.state.rawValue)\"", "\"type\":\"\(change.kind.jsonName)\"",
                "\"disk_bytes_then\":\(change.then?.diskBytes ?? 0)", "\"disk_bytes_now\":\(change.now?.diskBytes ?? 0)",
                "\"apparent_bytes_then\":\(change.then?.apparentBytes ?? 0)", "\"apparent_bytes_now\":\(change.now?.apparentBytes ?? 0)",
                "\"files_then\":\(change.then?.files ?? 0)", "\"files_now\":\(change.now?.files ?? 0)",
            ]
            output.write("{" + fields.joined(separator: ",") + "}\n")
            return
        }
        let size = (bytes < 0 ? "-" : "+") + unit.format(bytes.magnitude > Int64.max ? Int64.max : Int64(bytes.magnitude))
        let files = (change.filesChange < 0 ? "" : "+") + String(change.filesChange)
        let state = change.path.isEmpty ? "total" : change.state.rawValue
        output.write("\(size)\t\(files)\t\(state)\t" + NameEscaping.escape(path) + "\n")
        output.flushIfFull()
    }
}
