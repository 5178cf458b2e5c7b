import FileBrowsing
import SystemSeam

/// What `--du` was asked (du's letters), and the REPL's `du` reads the same.
struct DuOptions {
    /// du's `-s` (0) and `-d N`: how deep `--du` lists entries (`--depth`, 1 or more, otherwise).
    var depth: Int?
    /// `--du -a`: every entry below, at any depth.
    var listsEverything = false
    /// `-s` was given (du refuses it with `-a`).
    var summarizes = false
    /// `--du -c`: a grand total line after the PATHs.
    var grandTotal = false
    /// du's `-t SIZE`: only lines of at least SIZE bytes (at most -SIZE when negative).
    var threshold: Int64?
    /// `--du --save FILE`: where the scan is kept.
    var saveFile: [UInt8]?
    /// `--save-format`: how `--save` keeps the scan.
    var saveFormat = SavedScan.FileFormat.filetable
    /// `--du --since FILE`: the saved scan the tree is compared with.
    var sinceFile: [UInt8]?
    /// `--du --load FILE`: the saved scan listed instead of a scan.
    var loadFile: [UInt8]?
    /// du's `-l`, `-S`, `--inodes`, `--exclude`, `-D`/`-H`, `--files0-from`.
    var countsEveryLink = false
    var separatesDirectories = false
    var countsInodes = false
    var excluded: [GlobPattern] = []
    /// `--du --exclude-from FILE` (`-X`): files of patterns, read when the scan starts.
    var excludeFiles: [[UInt8]] = []
    var followsOperandLinks = false
    /// `--du -L`: every link followed, each file and directory counted once.
    var followsLinks = false
    var operandsFile: [UInt8]?
    /// `--du --time[=WORD]`: which time each line shows (the latest in its tree), and how.
    var time: TimeField?
    var timeStyle: String?
}
