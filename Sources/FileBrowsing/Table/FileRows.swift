import SystemSeam

/// Rows of files a table shows, wherever they come from: the entries of one
/// directory (`DirectoryListing`), every match of a search below a level
/// (`PathRows`), the files of a deletion plan. The table source, the cell
/// formatters, the REPL's levels, its viewers and its marks are written
/// against this protocol, so a new kind of table is a new conformer.
///
/// Rows are flat (0-based) and split into `sections`. A row's name is what
/// the table shows for it: an entry's name, or a path below where the rows
/// were gathered. `status` reads `lstat` on demand (and may cache it); the
/// file is always reached through `location`, the directory that holds it
/// and its name there.
///
/// Conformers are used from one thread (the REPL's or the listing's).
public protocol FileRows: AnyObject {
    var rowCount: Int { get }
    var sections: [ListSection] { get }
    /// Each section's first flat row.
    var sectionStarts: [Int] { get }
    /// How the rows are arranged (sort, filter, hidden files); setting it
    /// arranges them again.
    var options: ListOptions { get set }

    /// Calls `body` with the row's name as shown (valid only during the call).
    func withName<R>(ofRow row: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R
    /// Calls `body` with each row of `rows` in turn: its position in `rows` and its name.
    func withNames(ofRows rows: Range<Int>, _ body: (Int, UnsafeBufferPointer<UInt8>) throws -> Void) rethrows
    /// The kind as read with the names where known, else from `status`.
    func kind(ofRow row: Int) -> FileKind
    /// The row's `lstat`, read when first asked.
    func status(ofRow row: Int) -> Result<FileStatus, Errno>
    /// The status if it was read already: never a system call.
    func cachedStatus(ofRow row: Int) -> Result<FileStatus, Errno>?
    /// What a symlink row points to (`stat`).
    func targetStatus(ofRow row: Int) -> Result<FileStatus, Errno>
    func linkTarget(ofRow row: Int) -> Result<[UInt8], Errno>
    func birthTime(ofRow row: Int) -> Timestamp?
    /// Whether the row is a directory's `.` or `..`.
    func isDotEntry(row: Int) -> Bool
    /// Where the row's file lives on disk: its directory, open, and its name
    /// there; nil for a row that is not an entry of a directory on disk (a
    /// member inside an archive), whose source reads it its own way.
    func location(ofRow row: Int) -> RowLocation?
    /// The inode the directory reported for the row when it was read (what
    /// the row showed), where recorded.
    func reportedInode(ofRow row: Int) -> UInt64?
    /// Reads the rows again from where they came from (the directory, the
    /// search, the plan), keeping the options; returns how many joined and left.
    func reload() throws(FileError) -> (added: Int, removed: Int)
    /// The `stat` calls made so far (the `stats` command).
    var entriesMaterialised: Int { get }
    var cachedStatusCount: Int { get }
    /// How to open the row's bytes for the viewers and the detail pane
    /// (`path` names them in messages): reading a row is its source's job.
    /// Worked out now from what the rows know, so the opening itself
    /// touches no row state and may run on another thread (the detail pane
    /// reads on a worker with a deadline). Rows on disk open their file
    /// through its directory (the default); a directory, FIFO or socket is
    /// refused as `HexDumpReader` refuses it.
    func contentsOpener(ofRow row: Int, path: [UInt8]) -> () throws(FileError) -> any ByteSource
    /// Whether rows show something other than their entries' own names (a
    /// path below where a search started): a typed name may then be either.
    var showsPaths: Bool { get }
    /// Facts of the row's own kind for `info` and the detail pane, labelled
    /// (a member's compressed size and place in its archive); none for a
    /// file on disk, whose facts are its status.
    func sourceFacts(ofRow row: Int) -> [(label: String, value: String)]
    /// The row's path as a listing names it in messages and `--json`
    /// (the directory's path and the name; a member below the path its
    /// archive was reached by).
    func path(ofRow row: Int) -> [UInt8]
    /// Reads every row's status at once on `threads` threads, where the
    /// source can (a huge directory's `-l`), and returns the files with an
    /// access control list; nil where statuses cost nothing to ask for.
    func preloadStatuses(threads: Int, checkingACLs: Bool) -> Set<FileIdentity>?
    /// What each directory row holds with everything below it, where the
    /// source knows without a scan (an archive's index), by the identity
    /// its status gives; nil: `du` scans the disk.
    func knownSpace() -> [FileIdentity: Int64]?
}

/// Where a row's file lives on disk: the directory holding it, open, and
/// its name there. Calls through these (`fstatat`, `openat`) reach the file
/// the row showed even when a path above it has changed since.
public struct RowLocation {
    public let directory: DirectoryHandle
    public let name: [UInt8]

    public init(directory: DirectoryHandle, name: [UInt8]) {
        self.directory = directory
        self.name = name
    }

    /// The path shown for the file: its directory's path and its name.
    public var path: [UInt8] { PathBytes.join(directory.path, name) }

    /// The entry as marks know it: its directory's identity and its name.
    public var entry: EntryKey? { directory.identity.map { EntryKey(directory: $0, name: name) } }
}

extension FileRows {
    public var showsPaths: Bool { false }
    public func sourceFacts(ofRow row: Int) -> [(label: String, value: String)] { [] }
    public func preloadStatuses(threads: Int, checkingACLs: Bool) -> Set<FileIdentity>? { nil }
    public func knownSpace() -> [FileIdentity: Int64]? { nil }

    /// A file on disk, opened read-only through the row's directory.
    public func contentsOpener(ofRow row: Int, path: [UInt8]) -> () throws(FileError) -> any ByteSource {
        guard let location = location(ofRow: row) else {
            let failure = FileError(path: path, reason: .custom("not a file on disk"))
            return { () throws(FileError) -> any ByteSource in throw failure }
        }
        let name = location.name
        let directory = location.directory
        return { () throws(FileError) -> any ByteSource in try ViewedFile(path: path, name: name, in: directory) }
    }

    /// The row's bytes, opened now (`contentsOpener`).
    public func contents(ofRow row: Int, path: [UInt8]) throws(FileError) -> any ByteSource {
        try contentsOpener(ofRow: row, path: path)()
    }

    /// The row's name as shown, copied.
    public func name(ofRow row: Int) -> [UInt8] { withName(ofRow: row) { Array($0) } }

    /// Whether a row is a directory, or (with `followSymlinks`) a symlink to one.
    public func isDirectory(row: Int, followSymlinks: Bool) -> Bool {
        switch kind(ofRow: row) {
        case .directory: return true
        case .symlink where followSymlinks:
            if case .success(let target) = targetStatus(ofRow: row) { return target.kind == .directory }
            return false
        default: return false
        }
    }

}
