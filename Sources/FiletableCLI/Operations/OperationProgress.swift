import FileBrowsing

/// What a long operation has done so far, as typed values: the operation
/// reports them, and each front end decides where they are drawn (the
/// prompt and the command line on standard error, the screen on its status
/// line). The words are written once, here.
enum OperationProgress: Equatable {
    /// `du`: files and bytes (on disk) counted below `place`.
    case scanning(place: [UInt8], files: Int, bytes: Int64)
    /// `dupes` walking: files met so far.
    case copiesMet(files: Int)
    /// `dupes` comparing: files and bytes read, groups confirmed.
    case copiesRead(files: Int, bytes: Int64, groups: Int)
    /// `compare`: directories walked, files found the same, bytes read.
    case comparing(directories: Int, sameFiles: Int, bytes: Int64)
    /// Adding up what marks cover.
    case counting(entries: Int)
    /// `find --all`: directories searched.
    case finding(directories: Int)

    /// The line as a person reads it (names escaped, no control bytes).
    var text: String {
        switch self {
        case .scanning(let place, let files, let bytes):
            return "scanning \(NameEscaping.escape(place)): \(Plural.count(files, "file")), \(HumanSize.withUnit(bytes)) (Ctrl-C stops)"
        case .copiesMet(let files):
            return "dupes: \(Plural.count(files, "file")) met (Ctrl-C stops)"
        case .copiesRead(let files, let bytes, let groups):
            return "dupes: \(Plural.count(files, "file")) read, \(HumanSize.withUnit(bytes)), \(Plural.count(groups, "group")) found (Ctrl-C stops)"
        case .comparing(let directories, let sameFiles, let bytes):
            return "compare: \(Plural.count(directories, "directory", "directories")), \(Plural.count(sameFiles, "file")) the same, "
                + "\(HumanSize.withUnit(bytes)) read (Ctrl-C stops)"
        case .counting(let entries):
            return "counting: \(Plural.count(entries, "entry", "entries")) (Ctrl-C stops)"
        case .finding(let directories):
            return "find: \(Plural.count(directories, "directory", "directories")) searched (Ctrl-C stops)"
        }
    }
}

extension OperationProgress {
    /// A space scan's files and bytes so far, below `place`.
    init(_ scan: SpaceScan, scanning place: [UInt8]) {
        let (files, bytes) = scan.progress
        self = .scanning(place: place, files: files, bytes: bytes)
    }

    /// A search for copies' progress, walking or comparing.
    init(_ finder: CopyFinder) {
        let progress = finder.progress
        if let walking = progress.walking {
            self = .copiesMet(files: walking)
        } else {
            self = .copiesRead(files: progress.files, bytes: progress.bytes, groups: progress.groups)
        }
    }

    /// A comparison's totals so far.
    init(_ totals: TreeComparison.Totals) {
        self = .comparing(directories: totals.directories, sameFiles: totals.sameFiles, bytes: totals.bytesCompared)
    }
}
