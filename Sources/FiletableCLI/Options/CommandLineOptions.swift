import FileBrowsing

/// What the command line asked for, after parsing.
struct CommandLineOptions {
    /// How each entry is printed.
    enum Format: Equatable {
        /// One escaped name a line (`-1`).
        case oneLine
        /// `ls -l` columns (`-l`).
        case long
        /// One JSON object per entry per line (`--json`).
        case json
        /// Exact names separated by NUL (`-0`).
        case print0
    }

    /// When to colour names.
    enum ColorMode: String {
        case auto, always, never
    }

    var format = Format.oneLine
    /// Whether any listing-format flag was given (a later REPL starts otherwise).
    var formatRequested = false
    var recursive = false
    var tree = false
    var maxDepth: Int?
    var listOptions = ListOptions()
    var humanSizes = false
    var typeIndicators = false
    var color = ColorMode.auto
    var followSymlinks = false
    /// REPL batch input: a file of commands, or "-" for standard input (`-b`).
    var batchFile: [UInt8]?
    /// REPL commands from the argument, separated by `;` (`-c`).
    var commands: String?
    /// Rows per REPL page (`--page-size`); nil to follow the terminal.
    var pageSize: Int?
    /// Mark without asking (`-y`).
    var assumeYes = false
    /// Dump the operands in hex instead of listing (`-x`, `--hex`).
    var hexDump = false
    var hexSkip: UInt64 = 0
    var hexLength: UInt64?
    var hexSqueeze = true
    var hexFormatName = "canonical"
    var hexColumns: Int?
    var hexGroup: Int?
    var hexUppercase = false
    var showHelp = false
    var showVersion = false
    /// Whether any operand was given (the hex dump reads standard input without).
    var operandsGiven = false
    /// The operands as bytes; `.` when none were given.
    var paths: [[UInt8]] = []
}

/// Byte counts as users type them: decimal, `0x` hex, and the suffixes k, m, g
/// (powers of 1024).
enum ByteCount {
    static func parse(_ text: String) -> UInt64? {
        var digits = Substring(text.lowercased())
        var multiplier: UInt64 = 1
        if let last = digits.last, let power = ["k": 1, "m": 2, "g": 3][String(last)] {
            multiplier = UInt64(1) << (10 * UInt64(power))
            digits = digits.dropLast()
        }
        let value: UInt64?
        if digits.hasPrefix("0x") {
            value = UInt64(digits.dropFirst(2), radix: 16)
        } else {
            value = UInt64(digits)
        }
        guard let value else { return nil }
        let (product, overflow) = value.multipliedReportingOverflow(by: multiplier)
        return overflow ? nil : product
    }
}

/// A command line that cannot be run, with the message to print (exit status 2).
struct UsageError: Error, Equatable, CustomStringConvertible {
    let message: String
    var description: String { message }
}
