/// `git status --porcelain=v2 -z` read into paths and their flags: the
/// format git documents for programs, records ended by NUL (a rename's
/// record followed by its original path), paths as bytes relative to the
/// repository's root (a directory ignored whole ends with `/`).
public enum GitPorcelain {
    /// Each path git names, with what it says of it; unknown records are skipped.
    public static func entries(_ output: [UInt8]) -> [(path: [UInt8], flags: GitFlags)] {
        var entries: [(path: [UInt8], flags: GitFlags)] = []
        let records = output.split(separator: 0, omittingEmptySubsequences: false)
        var index = 0
        while index < records.count {
            let record = Array(records[index])
            index += 1
            guard record.count >= 3, record[1] == 0x20 else { continue }
            switch record[0] {
            case UInt8(ascii: "?"): entries.append((Array(record[2...]), .workTreeNew))
            case UInt8(ascii: "!"): entries.append((Array(record[2...]), .ignored))
            case UInt8(ascii: "1"):
                guard let path = field(after: 8, in: record), record.count > 3 else { continue }
                entries.append((path, flags(x: record[2], y: record[3])))
            case UInt8(ascii: "2"):
                // Its original path is the next record.
                index += 1
                guard let path = field(after: 9, in: record), record.count > 3 else { continue }
                entries.append((path, flags(x: record[2], y: record[3])))
            case UInt8(ascii: "u"):
                guard let path = field(after: 10, in: record) else { continue }
                entries.append((path, .conflicted))
            default: continue
            }
        }
        return entries
    }

    /// The bytes after the `count`th space (a path may hold spaces).
    private static func field(after count: Int, in record: [UInt8]) -> [UInt8]? {
        var spaces = 0
        for (offset, byte) in record.enumerated() where byte == 0x20 {
            spaces += 1
            if spaces == count { return Array(record[(offset + 1)...]) }
        }
        return nil
    }

    /// The flags of an `XY` pair: the index's letter, then the work tree's.
    private static func flags(x: UInt8, y: UInt8) -> GitFlags {
        var flags: GitFlags = []
        switch x {
        case UInt8(ascii: "A"), UInt8(ascii: "C"): flags.insert(.indexNew)
        case UInt8(ascii: "M"): flags.insert(.indexModified)
        case UInt8(ascii: "D"): flags.insert(.indexDeleted)
        case UInt8(ascii: "R"): flags.insert(.indexRenamed)
        case UInt8(ascii: "T"): flags.insert(.indexTypeChange)
        default: break
        }
        switch y {
        case UInt8(ascii: "A"): flags.insert(.workTreeNew)
        case UInt8(ascii: "M"): flags.insert(.workTreeModified)
        case UInt8(ascii: "D"): flags.insert(.workTreeDeleted)
        case UInt8(ascii: "R"): flags.insert(.workTreeRenamed)
        case UInt8(ascii: "T"): flags.insert(.workTreeTypeChange)
        default: break
        }
        return flags
    }
}
