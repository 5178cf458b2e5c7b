import SystemSeam

/// The order rows are listed in.
public enum SortKey: String, Sendable, CaseIterable {
    /// Natural, case-insensitive order (`a1 A2 a10 b`), ties by bytes.
    case name
    /// Largest first, ties by name.
    case size
    /// Newest modification first, ties by name.
    case time
    /// By extension, then by name.
    case ext
    /// The order the directory returns (no sorting at all).
    case none
    /// Names compared byte by byte, as `LC_ALL=C ls` sorts them (for
    /// scripts that compare with ls; the default is natural order).
    case bytes
    /// GNU's version order (`ls -v`: `VersionOrder`).
    case version
    /// The narrowest name first, as shown (columns), ties by name (ls 9's `--sort=width`).
    case width
    /// Largest first by what the entry takes on disk, a directory with
    /// everything below it (`DirectoryListing.spaceFigures`, from a scan).
    case space = "du"
}

/// How rows are split into sections.
public enum Grouping: String, Sendable, CaseIterable {
    case none
    /// By first letter, A-Z then `#`, with an index to jump by.
    case letter
    /// Folders, files, links, other.
    case kind
}

/// Which entries whose name starts with a dot are listed.
public enum HiddenEntries: Sendable {
    /// None of them (the default, like `ls`).
    case hidden
    /// All but `.` and `..` (`ls -A`).
    case shown
    /// All, `.` and `..` included (`ls -a`).
    case shownWithDotEntries
}

/// The view settings of one table: sort, filter, sections. Changing them
/// rearranges the rows without reading the directory again.
public struct ListOptions: Sendable, Equatable {
    public var sortKey: SortKey = .name
    /// Names compared byte by byte wherever names decide (ties of the size,
    /// time, width and extension sorts, and extensions), as ls and tree
    /// compare them in the C locale; filetable's natural order otherwise.
    public var namesInByteOrder = false
    /// Names in the user's locale's collating order wherever names decide
    /// (`UserCollation`: ls and tree in `en_US.UTF-8` sort with `strcoll`);
    /// before `namesInByteOrder`, and only where that locale collates.
    public var namesByCollation = false
    public var reversed = false
    public var directoriesFirst = false
    /// Files before directories (tree's `--filesfirst`), each group sorted.
    public var filesFirst = false
    /// The time sort oldest first, by whole seconds, ties by name (tree's
    /// `-t` and `-c`: tree compares `time_t`s), instead of newest first.
    public var oldestFirstBySecond = false
    public var hidden: HiddenEntries = .hidden
    /// Only names this filter matches are listed.
    public var filter: NameFilter?
    /// The filter leaves directories alone (tree's `-P`, and `-R`, which
    /// must go down every directory to find the names below).
    public var filterSparesDirectories = false
    /// Names left out whatever else is shown (`ls -I`, `--ignore`).
    public var ignored: [GlobPattern] = []
    /// Names left out unless hidden entries are shown (`ls --hide`: `-a` and `-A` override it).
    public var hiddenPatterns: [GlobPattern] = []
    /// Names git ignores left out (`--git-ignore`); nil: git is not asked.
    public var gitIgnored: GitIgnoredNames?
    /// Only the entries git says are of a kind (`filter --git modified`).
    public var gitKind: GitKind?
    /// Entries git says changed before the rest, the order kept within
    /// each (`sort git`); nil: git is not asked.
    public var gitChangesFirst: GitIgnoredNames?
    public var grouping: Grouping = .none
    /// The time `sortKey == .time` orders by (`ls -u`: access; `-c`: change).
    public var timeField = TimeField.modification
    /// Rows show what their links point to (`ls -L`): status, kind and
    /// order come from the target; a dangling link keeps its own kind.
    public var dereferencesSymlinks = false
    /// Keep each entry's `d_ino` as read (`DirectoryListing.reportedInode`):
    /// the prompt's levels do, so a mark holds the file the row showed;
    /// listings do not need it (8 bytes an entry, 12% of `-1`'s time on a
    /// million names in page faults and appends).
    public var recordsInodes = false

    public init() {}

    /// The same order without filtering or sections: for sorting operands,
    /// which are listed whatever their names.
    public static func sortingOnly(from options: ListOptions) -> ListOptions {
        var result = ListOptions()
        result.sortKey = options.sortKey
        result.namesInByteOrder = options.namesInByteOrder
        result.namesByCollation = options.namesByCollation
        result.reversed = options.reversed
        result.directoriesFirst = options.directoriesFirst
        result.filesFirst = options.filesFirst
        result.oldestFirstBySecond = options.oldestFirstBySecond
        result.timeField = options.timeField
        result.dereferencesSymlinks = options.dereferencesSymlinks
        result.hidden = .shownWithDotEntries
        return result
    }
}
