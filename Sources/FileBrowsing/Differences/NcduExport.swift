import SystemSeam

/// ncdu's export format (`ncdu -o FILE`, read back with `ncdu -f FILE`),
/// so scans move between the two tools: a JSON array `[1, 2, {metadata},
/// TREE]` where a directory is an array whose first element describes it
/// (`name`, `asize`, `dsize`, `dev`, `ino`) followed by its entries, and a
/// file is an object. Sizes there are each entry's own; a `SavedScan`'s
/// are totals with everything below, worked out here both ways.
public enum NcduExport {
    /// The scan as ncdu writes an export (names as their bytes, with `"`,
    /// `\` and control bytes escaped, as ncdu does).
    public static func encode(_ scan: SavedScan, version: String = "filetable") -> [UInt8] {
        var out = Array("[1,2,{\"progname\":\"filetable\",\"progver\":\"\(version)\",\"timestamp\":\(scan.savedAt)},\n".utf8)
        let entries = scan.entries
        let (childTotals, rootChildren) = directChildTotals(entries)
        // The directories written and not yet closed (the root first).
        var open: [[UInt8]] = [[]]
        out += Array("[".utf8)
        // A directory's own size is what its entries do not account for.
        appendObject(name: scan.root, totals: own(scan.rootTotals, minus: rootChildren), to: &out)
        for (index, entry) in entries.enumerated() {
            while open.count > 1, !isInside(entry.path, open[open.count - 1]) {
                open.removeLast()
                out += Array("]".utf8)
            }
            out += Array(",\n".utf8)
            let name = Array(entry.path.split(separator: 0x2F, omittingEmptySubsequences: false).last ?? [])
            if entry.kind == .directory {
                out += Array("[".utf8)
                appendObject(name: name, totals: own(entry.totals, minus: childTotals[index]), to: &out)
                open.append(entry.path)
            } else {
                appendObject(name: name, totals: entry.totals, notRegular: entry.kind != .file, to: &out)
            }
        }
        out += Array(String(repeating: "]", count: open.count - 1).utf8)
        out += Array("]]\n".utf8)
        return out
    }

    /// Each entry's direct entries' totals added up (by entry index), and
    /// the root's: one pass, a directory's entries coming right after it.
    private static func directChildTotals(_ entries: [SavedScan.Entry]) -> (byEntry: [SpaceTotals], root: SpaceTotals) {
        var sums = [SpaceTotals](repeating: SpaceTotals(), count: entries.count)
        var root = SpaceTotals()
        // The directories the current entry may be inside, innermost last.
        var ancestors: [Int] = []
        for (index, entry) in entries.enumerated() {
            while let last = ancestors.last, !isInside(entry.path, entries[last].path) { ancestors.removeLast() }
            if let parent = ancestors.last { sums[parent] += entry.totals } else { root += entry.totals }
            if entry.kind == .directory { ancestors.append(index) }
        }
        return (sums, root)
    }

    /// Whether `path` is below `directory` (both below the root).
    private static func isInside(_ path: [UInt8], _ directory: [UInt8]) -> Bool {
        path.count > directory.count && path[directory.count] == 0x2F && path.starts(with: directory)
    }

    private static func own(_ totals: SpaceTotals, minus below: SpaceTotals) -> SpaceTotals {
        SpaceTotals(apparentBytes: max(0, totals.apparentBytes - below.apparentBytes), diskBytes: max(0, totals.diskBytes - below.diskBytes))
    }

    private static func appendObject(name: [UInt8], totals: SpaceTotals, notRegular: Bool = false, to out: inout [UInt8]) {
        out += Array("{\"name\":".utf8)
        appendString(name, to: &out)
        out += Array(",\"asize\":\(max(0, totals.apparentBytes)),\"dsize\":\(max(0, totals.diskBytes))".utf8)
        if notRegular { out += Array(",\"notreg\":true".utf8) }
        out += Array("}".utf8)
    }

    private static func appendString(_ bytes: [UInt8], to out: inout [UInt8]) {
        out.append(0x22)
        for byte in bytes {
            switch byte {
            case 0x22: out += [0x5C, 0x22]
            case 0x5C: out += [0x5C, 0x5C]
            case 0..<0x20, 0x7F:
                let hex = Array("0123456789abcdef".utf8)
                out += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            default: out.append(byte)
            }
        }
        out.append(0x22)
    }

    /// Reads an ncdu export as a saved scan of its root (totals summed up
    /// from the entries' own sizes; every file counts one). A malformed
    /// file is an error naming the byte; nesting deeper than 2,000 levels
    /// is refused rather than followed.
    public static func decode(_ bytes: [UInt8]) throws(SavedScanError) -> SavedScan {
        var reader = JSONReader(bytes)
        guard case .array(let top) = try reader.document() else { throw SavedScanError(offset: 0, "not an ncdu export (not a JSON array)") }
        guard top.count >= 4, case .number(let major) = top[0], major == 1 else {
            throw SavedScanError(offset: 0, "not an ncdu export of major version 1 ([1, 2, {...}, [...]])")
        }
        var savedAt: Int64 = 0
        // Any number may stand there: one that is no time of day is left at 0.
        if case .object(let meta) = top[2], case .number(let time)? = meta["timestamp"], time >= 0, time < 9.2e18 { savedAt = Int64(time) }
        guard case .array(let root) = top[3], case .object(let rootInfo)? = root.first, case .string(let rootName)? = rootInfo["name"] else {
            throw SavedScanError(offset: 0, "the export's tree does not start with its root directory")
        }
        var entries: [SavedScan.Entry] = []
        var links = HardLinks()
        var rootTotals = walk(root, below: [], device: 0, links: &links, into: &entries)
        // The root counts itself, as every directory below it does (and as a scan counts it).
        rootTotals.directories += 1
        return SavedScan(root: rootName, savedAt: savedAt, rootTotals: rootTotals, entries: entries)
    }

    /// Whether an export's name can be a file's: not empty, no `/`, no NUL
    /// (JSON can spell `\u0000`; a name holding one would sort beside a
    /// `/`, and the same path could come twice apart), not `.` or `..` (no
    /// file is named so: `--since` would say `removed T/.`). Others are left out.
    private static func isName(_ name: [UInt8]) -> Bool {
        !name.isEmpty && !name.contains(0x2F) && !name.contains(0) && name != [0x2E] && name != [0x2E, 0x2E]
    }

    /// The hard-linked files already counted, by device and inode: a file
    /// with several links counts once, as `du` and `ncdu -f` count it (an
    /// export marks one with `hlnkc`, or from ncdu 2, `nlink` above 1).
    private struct HardLinks {
        var seen = Set<FileIdentity>()

        /// Whether this link's file was counted already (and counts it now if not).
        mutating func countedBefore(_ info: [String: JSONReader.Value], device: UInt64) -> Bool {
            let linked = info["hlnkc"] == .bool(true) || (number(info["nlink"]).map { $0 > 1 } ?? false)
            guard linked, let inode = number(info["ino"]) else { return false }
            return !seen.insert(FileIdentity(device: number(info["dev"]) ?? device, inode: inode)).inserted
        }

        /// A JSON number that is a whole non-negative number within `UInt64`.
        static func number(_ value: JSONReader.Value?) -> UInt64? {
            guard case .number(let number)? = value, number >= 0, number < 1.8e19, number.rounded() == number else { return nil }
            return UInt64(number)
        }

        private func number(_ value: JSONReader.Value?) -> UInt64? { Self.number(value) }
    }

    /// Adds a directory's entries (paths below the root) and returns its
    /// totals; `device` is the directory's own (an entry without `dev` is on it).
    private static func walk(
        _ directory: [JSONReader.Value], below path: [UInt8], device: UInt64, links: inout HardLinks, into entries: inout [SavedScan.Entry]
    ) -> SpaceTotals {
        var totals = SpaceTotals()
        var device = device
        if case .object(let info)? = directory.first {
            totals = sizes(info)
            device = HardLinks.number(info["dev"]) ?? device
        }
        for item in directory.dropFirst() {
            switch item {
            case .object(let info):
                guard case .string(let name)? = info["name"], isName(name) else { continue }
                var own = links.countedBefore(info, device: device) ? SpaceTotals() : sizes(info)
                own.files = 1
                let notRegular = info["notreg"] == .bool(true)
                entries.append(SavedScan.Entry(path: path.isEmpty ? name : path + [0x2F] + name, kind: notRegular ? .unknown : .file, totals: own))
                totals += own
            case .array(let inner):
                guard case .object(let info)? = inner.first, case .string(let name)? = info["name"], isName(name) else { continue }
                let childPath = path.isEmpty ? name : path + [0x2F] + name
                let at = entries.count
                entries.append(SavedScan.Entry(path: childPath, kind: .directory, totals: SpaceTotals()))
                var below = walk(inner, below: childPath, device: device, links: &links, into: &entries)
                below += SpaceTotals(apparentBytes: 0, diskBytes: 0, directories: 1)
                entries[at].totals = below
                totals += below
            default:
                continue
            }
        }
        return totals
    }

    private static func sizes(_ info: [String: JSONReader.Value]) -> SpaceTotals {
        func number(_ key: String) -> Int64 {
            if case .number(let value)? = info[key], value >= 0, value < 9.2e18 { return Int64(value) }
            return 0
        }
        return SpaceTotals(apparentBytes: number("asize"), diskBytes: number("dsize"))
    }
}
