/// A search for copies as rows of a table (`PathRows`): a section a group,
/// titled with what it would free (`3 copies × 1.2 MiB = 2.4 MiB to gain`),
/// a row a path, shown below where the search started and reached through
/// its own directory (so `open`, `info`, `view` and `mark` work as on any
/// level). A second path of one file (a hard link) shows as already linked.
/// It remembers each entry's group and file, which the keep rules and the
/// last-copy guard read.
public struct CopyTable {
    public let contents: PathRows.Contents
    public let groups: [CopyGroup]
    /// Each entry's group (its section) and its file's position in the group.
    public let groupOfEntry: [Int]
    public let fileOfEntry: [Int]
    /// Each entry's path (as the search found it).
    public let pathOfEntry: [[UInt8]]

    /// Rows of `search`'s groups; `origin` is the path shown rows are made
    /// relative to; `open` opens a row's directory (nil: the group's file is
    /// left out, as one that vanished).
    public init(_ search: CopySearch, below origin: [UInt8], open: ([UInt8]) -> DirectoryHandle?) {
        var contents = PathRows.Contents()
        var shown = NameArena()
        var places: [[UInt8]: Int] = [:]
        var groupOfEntry: [Int] = []
        var fileOfEntry: [Int] = []
        var pathOfEntry: [[UInt8]] = []
        for (groupIndex, group) in search.groups.enumerated() {
            contents.sectionTitles.append(Self.title(of: group))
            for (fileIndex, file) in group.files.enumerated() {
                for (linkIndex, path) in group.paths(of: file).enumerated() {
                    let (parent, name) = Self.split(path)
                    let place: Int
                    if let known = places[parent] {
                        place = known
                    } else {
                        guard let directory = open(parent) else { continue }
                        place = contents.addPlace(directory, title: String(decoding: parent, as: UTF8.self))
                        places[parent] = place
                    }
                    name.withUnsafeBufferPointer { contents.append($0, kind: .file, inode: file.identity.inode, place: place) }
                    var label = Self.relative(path, to: origin)
                    if linkIndex > 0 { label += Array(" (already linked)".utf8) }
                    shown.append(label, kind: .file)
                    contents.sectionOfEntry.append(UInt32(groupIndex))
                    groupOfEntry.append(groupIndex)
                    fileOfEntry.append(fileIndex)
                    pathOfEntry.append(path)
                }
            }
        }
        contents.shownNames = shown
        contents.namesInOrder = true
        self.contents = contents
        groups = search.groups
        self.groupOfEntry = groupOfEntry
        self.fileOfEntry = fileOfEntry
        self.pathOfEntry = pathOfEntry
    }

    /// `3 copies × 1.2 MiB = 2.4 MiB to gain`.
    public static func title(of group: CopyGroup) -> String {
        "\(group.files.count) copies × \(HumanSize.withUnit(group.size)) = \(HumanSize.withUnit(group.gain)) to gain"
    }

    /// Which copy of each group to keep (`mark --keep RULE`).
    public enum KeepRule: Equatable {
        case newest, oldest, first, shortestPath
        /// The first copy whose path (below the search's start, or whole) matches.
        case inside(GlobPattern)

        /// `newest`, `oldest`, `first`, `shortest-path`, or `inside GLOB`.
        public init?(_ words: [String]) {
            switch words.first {
            case "newest" where words.count == 1: self = .newest
            case "oldest" where words.count == 1: self = .oldest
            case "first" where words.count == 1: self = .first
            case "shortest-path" where words.count == 1: self = .shortestPath
            case "inside" where words.count == 2: self = .inside(GlobPattern(words[1]))
            default: return nil
            }
        }
    }

    /// The entries `rule` marks: every path of every file but the kept one,
    /// in each group; and how many groups had no copy the rule keeps (none
    /// of theirs is marked).
    public func entriesToMark(keeping rule: KeepRule, below origin: [UInt8]) -> (entries: [Int], groupsSkipped: Int) {
        var keepers: [Int?] = []
        for group in groups {
            let files = group.files
            let paths = files.map { group.paths(of: $0) }
            switch rule {
            case .first: keepers.append(0)
            case .newest: keepers.append(files.indices.max { files[$0].modified < files[$1].modified })
            case .oldest: keepers.append(files.indices.min { files[$0].modified < files[$1].modified })
            case .shortestPath: keepers.append(files.indices.min { paths[$0][0].count < paths[$1][0].count })
            case .inside(let glob):
                keepers.append(
                    files.indices.first { index in
                        paths[index].contains { glob.matches(Self.relative($0, to: origin)) || glob.matches($0) }
                    })
            }
        }
        var entries: [Int] = []
        for entry in groupOfEntry.indices {
            guard let keeper = keepers[groupOfEntry[entry]], fileOfEntry[entry] != keeper else { continue }
            entries.append(entry)
        }
        return (entries, keepers.filter { $0 == nil }.count)
    }

    /// A path's directory and last name.
    static func split(_ path: [UInt8]) -> (parent: [UInt8], name: [UInt8]) {
        guard let slash = path.lastIndex(of: 0x2F) else { return ([0x2E], path) }
        return (slash == 0 ? [0x2F] : Array(path[..<slash]), Array(path[(slash + 1)...]))
    }

    /// `path` below `origin` (`a/b` for `/o/a/b` below `/o`), else whole.
    public static func relative(_ path: [UInt8], to origin: [UInt8]) -> [UInt8] {
        let base = origin.last == 0x2F ? origin : origin + [0x2F]
        guard path.count > base.count, path.starts(with: base) else { return path }
        return Array(path[base.count...])
    }
}
