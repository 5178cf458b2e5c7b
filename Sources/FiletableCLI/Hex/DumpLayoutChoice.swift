import FileBrowsing
import HexDump
import SystemSeam
import Terminal

/// Which layout the hex-dump letters ask for, and the combinations no peer
/// draws (refused with the letters' names, never drawn some other way).
/// The fast formatter draws `hexdump -C`, `xxd` and `xxd -p`; `LineDump`
/// draws the rest: hexdump's other views and xxd's variants.
struct DumpLayoutChoice {
    let options: CommandLineOptions
    /// The command line, for options whose order or presence matters here.
    var arguments: [[UInt8]] = []

    /// The fast formatter's layout.
    var fastFormat: HexFormat {
        switch options.dump.formatName {
        case "xxd":
            let columns = options.dump.columns.flatMap { $0 == 0 ? nil : $0 } ?? 16
            let group = options.dump.group ?? 2
            return .xxd(columns: columns, group: group >= columns ? 0 : group, uppercase: options.dump.uppercase)
        case "plain":
            return .plain(columns: options.dump.columns ?? 30, uppercase: options.dump.uppercase)
        default:
            return .canonical
        }
    }

    /// hexdump's format strings are drawn: `-e` or `-f` is among the
    /// letters (the views among them are then drawn as their strings).
    var usesFormatStrings: Bool { options.dump.formatSources.contains(where: \.isWritten) }

    /// The line-at-a-time layout, when the letters ask for one; `name` is
    /// the operand as typed (xxd -i names its array after it), nil for
    /// standard input. `xxdColored`: xxd's colours were chosen (`xxdColors`).
    func lineLayout(name: [UInt8]?, xxdColored: Bool = false) -> LineDump.Layout? {
        if options.xxd.include {
            var include = CIncludeLayout()
            include.columns = options.dump.columns.flatMap { $0 == 0 ? nil : $0 } ?? (options.xxd.bits ? 6 : 12)
            include.uppercase = options.dump.uppercase
            include.capitalized = options.xxd.capitalized
            include.bits = options.xxd.bits
            include.terminated = options.xxd.terminated
            include.length = options.dump.length
            include.name = options.xxd.name ?? name
            return .cInclude(include)
        }
        if options.dump.views.contains(where: { $0 != .canonical }) {
            return .hexdump(options.dump.views, squeezes: options.dump.squeeze)
        }
        if let line = xxdLine(colored: xxdColored) { return .xxd(line, autoskip: options.xxd.autoskip) }
        return nil
    }

    /// xxd's colours (`-R`, or `--color` after `--xxd`): `always`; `never`;
    /// `auto` on a terminal whose TERM is set and not `dumb`; and by default
    /// auto unless NO_COLOR is set. Never into OUTFILE unless `always`.
    static func xxdColors(_ options: CommandLineOptions, on output: OutputSink, intoNamedFile: Bool) -> Bool {
        let asked = options.xxd.color ?? (options.colours.color == .auto ? nil : options.colours.color)
        if asked == .always { return true }
        if asked == .never || intoNamedFile { return false }
        if asked == nil, let noColor = Environment.value("NO_COLOR"), !noColor.isEmpty { return false }
        let term = Environment.value("TERM") ?? ""
        return Descriptor(output.fd).isTerminal && !term.isEmpty && term != "dumb"
    }

    /// xxd's line when a variant is asked for (-e, -b, -d, -o, -a, -E, or colours).
    private func xxdLine(colored: Bool) -> XxdLineLayout? {
        guard options.dump.formatName == "xxd",
            options.xxd.littleEndian || options.xxd.bits || options.xxd.decimalOffsets || options.xxd.displacement != 0 || options.xxd.autoskip
                || options.xxd.ebcdic || colored
        else { return nil }
        let columns = options.dump.columns.flatMap { $0 == 0 ? nil : $0 } ?? (options.xxd.bits ? 6 : 16)
        var line = XxdLineLayout(columns: columns, group: options.dump.group ?? (options.xxd.bits ? 1 : options.xxd.littleEndian ? 4 : 2))
        line.uppercase = options.dump.uppercase
        line.littleEndian = options.xxd.littleEndian
        line.bits = options.xxd.bits
        line.decimalOffsets = options.xxd.decimalOffsets
        line.displacement = options.xxd.displacement
        line.ebcdic = options.xxd.ebcdic
        line.colored = colored
        return line
    }

    /// Why the letters cannot be drawn together, or nil.
    var conflict: UsageError? {
        let given = arguments.prefix { $0 != Array("--".utf8) }
        if given.contains(Array("--hex".utf8)) && given.contains(Array("--xxd".utf8)) {
            return UsageError(
                message: "--hex and --xxd cannot be combined",
                hint: "--hex reads hexdump's letters (-b -c -d -o -x views), --xxd reads xxd's (-b bits, -c columns, -d decimal offsets, -o offset).")
        }
        if usesFormatStrings, options.dump.formatName != "canonical" {
            return UsageError(
                message: "hexdump's format strings (-e, -f) cannot be drawn in the \(options.dump.formatName) layout",
                hint: "A format string is a layout of its own; leave out --format, -p and --xxd.")
        }
        if options.dump.views.contains(where: { $0 != .canonical }), options.dump.formatName != "canonical" {
            return UsageError(
                message: "hexdump's views (-b -X -c -d -o -x) cannot be drawn in the \(options.dump.formatName) layout",
                hint: "They are hexdump's; for xxd's letters of the same names use --xxd.")
        }
        let variants = [
            (options.xxd.bits, "-b"), (options.xxd.littleEndian, "-e"), (options.xxd.include, "-i"),
            (options.mode == .xxd && options.dump.formatName == "plain", "-p"),
        ].filter(\.0).map(\.1)
        // -i -b is xxd's one pair: the array's bytes as binary literals.
        if variants.count > 1 && variants != ["-b", "-i"] {
            return UsageError(
                message: "xxd's \(variants.joined(separator: " and ")) cannot be combined", hint: "Each is a layout of its own; give one.")
        }
        if options.dump.formatName == "xxd", !options.xxd.include, let columns = options.dump.columns, !UserNumber.xxdColumns.contains(columns) {
            return UsageError(
                message: "invalid number of columns '\(columns)' for the xxd layout: expected 0 to 256, as xxd -c",
                hint: "The plain layout (--format plain) takes longer lines.")
        }
        if let line = xxdLine(colored: false), let problem = line.problem { return UsageError(message: problem) }
        return nil
    }
}
