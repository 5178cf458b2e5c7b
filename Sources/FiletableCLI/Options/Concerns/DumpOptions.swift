import HexDump

/// What a hex dump was asked (`--hex`, hexdump's letters, and `--xxd`'s alike).
struct DumpOptions {
    var skip: UInt64 = 0
    /// `-s -N`: `hexSkip` counts back from the end of the file.
    var skipFromEnd = false
    var length: UInt64?
    var squeeze = true
    var formatName = "canonical"
    var columns: Int?
    var group: Int?
    var uppercase = false
    /// A layout was asked for by name or letter (`--format`, `-p`, `-C`):
    /// `--xxd` then does not pick xxd's.
    var formatChosen = false
    /// hexdump's format strings (`-e`, `-f`) and its views (`-b -c -d -o
    /// -x`, and `-C` among them), in the order given: with a format string
    /// among them, all are drawn as strings.
    var formatSources: [HexdumpFormatSource] = []
    /// hexdump's `-L[WHEN]`: colour units of format strings only (nil: `--color` decides).
    var colorUnits: CommandLineOptions.ColorMode?
    /// `--rev REV`: the files as that git revision holds them (`--cat`, `--hex`, `--xxd`).
    var revision: [UInt8]?
    /// hexdump's views alone, in the order given.
    var views: [HexdumpView] { formatSources.compactMap(\.view) }
}
