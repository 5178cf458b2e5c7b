import FileBrowsing
import SystemSeam
import TableKit
import Terminal

/// What every part of a listing shares: the options, where output and
/// messages go, and how names are decorated.
struct ListingContext {
    let options: CommandLineOptions
    let output: OutputSink
    let diagnostics: Diagnostics
    let decoration: NameDecoration
    let useColor: Bool
    /// --tree's colours, as tree chooses them (`-C`, or colour at a terminal with a setting).
    let treeColors: TreeColorScheme?
    /// The colours' markup, ls's reset before the first (nil without colour).
    let styleMarkup: StyleMarkup?
    /// What ls writes at the end of a coloured listing, if anything.
    let colourEnding: (@Sendable () -> String?)?
    /// The links' markup (`--hyperlink`; nil without).
    let linkMarkup: LinkMarkup?
    /// Standard output is a terminal: `--print0`'s and `--zero`'s exact
    /// names are escaped there (a name's control bytes would act on it).
    let writesToTerminal: Bool
    /// `--dired` with `-l` (and no links): where the names went (nil otherwise).
    let dired: DiredLog?
    /// One table, and one formatter per format, serve every directory of a
    /// listing, so a recursive listing reuses its cells across directories.
    let table = TableView(pageHeight: ListingContext.pageHeight)
    let nameFormatter: NameCellFormatter
    let longFormatter: LongCellFormatter

    init(options: CommandLineOptions, output: OutputSink, diagnostics: Diagnostics) {
        self.options = options
        self.output = output
        self.diagnostics = diagnostics
        // --tree colours as tree does (`treeColours`); the names then carry no ls colours.
        treeColors = options.tree ? Self.treeColours(options, on: output) : nil
        useColor = !options.tree && Self.usesColor(options.colours.color, on: output) && Self.lsColoursThisTerminal
        let links = Self.usesHyperlinks(options.colours.hyperlink, on: output)
        linkMarkup = links ? TerminalStyle.linkMarkup : nil
        writesToTerminal = Descriptor(output.fd).isTerminal
        decoration = Self.decoration(for: options, useColor: useColor, links: links, escapesExactNames: writesToTerminal)
        dired = options.dired && options.format == .long && !links && !options.tree ? DiredLog(quoting: decoration.quoting) : nil
        // The markup from the same reading of LS_COLORS as the names' colours.
        let colours = (decoration.colors as? ColorScheme).map { TerminalStyle.lsMarkup($0.indicators, lineWidth: Self.lineWidth(for: options)) }
        styleMarkup = colours?.markup
        colourEnding = colours?.atExit
        let environmentUnit = (Environment.value("LS_BLOCK_SIZE") ?? Environment.value("BLOCK_SIZE")).flatMap(SizeUnit.parse)
        let blockUnit = options.blockUnit ?? environmentUnit ?? Environment.value("BLOCKSIZE").flatMap(SizeUnit.parse) ?? .kibibytes
        nameFormatter = NameCellFormatter(decoration: decoration)
        nameFormatter.showsInode = options.longColumns.showsInode
        nameFormatter.showsContext = options.longColumns.showsContext
        nameFormatter.contextFollowsLinks = options.listOptions.dereferencesSymlinks
        nameFormatter.showsAllocatedSize = options.longColumns.showsAllocatedSize
        nameFormatter.blockUnit = blockUnit
        longFormatter = LongCellFormatter(decoration: decoration, sizeUnit: options.sizeUnit ?? environmentUnit ?? .bytes)
        longFormatter.blockUnit = blockUnit
        longFormatter.timeField = options.listOptions.timeField
        longFormatter.timeLayout = options.times.layout
        longFormatter.showsInode = options.longColumns.showsInode
        longFormatter.showsContext = options.longColumns.showsContext
        longFormatter.contextFollowsLinks = options.listOptions.dereferencesSymlinks
        longFormatter.showsAllocatedSize = options.longColumns.showsAllocatedSize
        longFormatter.numericIDs = options.longColumns.numericIDs
        longFormatter.showsOwner = options.longColumns.showsOwner
        longFormatter.showsGroup = options.longColumns.showsGroup
        longFormatter.showsAuthor = options.longColumns.showsAuthor
        let diagnostics = diagnostics
        longFormatter.onError = { diagnostics.report($0, severity: .minorTrouble) }
        if options.longColumns.git { longFormatter.gitColumn = Self.gitColumn(diagnostics: diagnostics) }
    }

    /// `--color`: `auto` colours a terminal, unless `NO_COLOR` is set or TERM is dumb.
    static func usesColor(_ mode: CommandLineOptions.ColorMode, on output: OutputSink) -> Bool {
        switch mode {
        case .always: return true
        case .never: return false
        case .auto:
            let noColor = Environment.value("NO_COLOR").map { !$0.isEmpty } ?? false
            return !noColor && Descriptor(output.fd).isTerminal && Environment.value("TERM") != "dumb"
        }
    }

    /// `--hyperlink`: `auto` links on a terminal only (NO_COLOR does not stop links).
    static func usesHyperlinks(_ mode: CommandLineOptions.ColorMode, on output: OutputSink) -> Bool {
        switch mode {
        case .always: return true
        case .never: return false
        case .auto: return Descriptor(output.fd).isTerminal
        }
    }

    /// ls's rule, even with `--color=always`: without `LS_COLORS` it colours
    /// only when `COLORTERM` is set or `TERM` is a type its colour database
    /// names (so `TERM=dumb`, or none, means no colour).
    /// tree's colours, chosen as tree chooses them: none without TERM;
    /// forced by `-C` (or `--color=always`, or CLICOLOR_FORCE without
    /// NO_COLOR), refused by `-n` (or `--color=never`); else at a terminal
    /// unless NO_COLOR is set. From TREE_COLORS, else LS_COLORS, else, when
    /// forced or CLICOLOR is set, tree's own table.
    static func treeColours(_ options: CommandLineOptions, on output: OutputSink) -> TreeColorScheme? {
        guard Environment.value("TERM") != nil else { return nil }
        let noColor = !(Environment.value("NO_COLOR") ?? "").isEmpty
        let forced =
            options.treeDrawing.colour == true || (options.treeDrawing.colour == nil && options.colours.color == .always)
            || (options.treeDrawing.colour == nil && Environment.value("CLICOLOR_FORCE") != nil && !noColor)
        let refused = options.treeDrawing.colour == false || (options.treeDrawing.colour == nil && options.colours.color == .never)
        var setting = Environment.value("TREE_COLORS") ?? Environment.value("LS_COLORS")
        if setting?.isEmpty ?? true, forced || Environment.value("CLICOLOR") != nil { setting = TreeColorScheme.builtIn }
        guard forced || (!refused && !noColor && Descriptor(output.fd).isTerminal) else { return nil }
        return TreeColorScheme(setting: setting)
    }

    static var lsColoursThisTerminal: Bool {
        if let colors = Environment.value("LS_COLORS"), !colors.isEmpty { return true }
        if let colorTerm = Environment.value("COLORTERM"), !colorTerm.isEmpty { return true }
        guard let term = Environment.value("TERM") else { return false }
        let patterns = [
            "Eterm", "ansi", "*color*", "con[0-9]*x[0-9]*", "cons25", "console", "cygwin", "*direct*", "dtterm", "gnome", "hurd", "jfbterm",
            "konsole", "kterm", "linux", "linux-c", "mlterm", "putty", "rxvt*", "screen*", "st", "terminator", "tmux*", "vt100", "xterm*",
        ]
        return patterns.contains { GlobPattern($0).matches(Array(term.utf8)) }
    }

    /// How names look: `-F` indicators, `LS_COLORS` when colour is on, links with `links`.
    static func decoration(
        for options: CommandLineOptions, useColor: Bool, links: Bool = false, escapesExactNames: Bool = false
    )
        -> NameDecoration
    {
        var decoration = NameDecoration()
        decoration.typeIndicators = options.names.typeIndicators
        decoration.indicatorStyle = options.names.indicatorStyle
        decoration.colors = useColor ? ColorScheme(lsColors: Environment.value("LS_COLORS")) : nil
        decoration.quoting = escapesExactNames && options.names.quoting == .exact ? nil : options.names.quoting
        decoration.hyperlinks = links ? FileHyperlinks() : nil
        // ls's -q (at a terminal by default) where bytes above 0x7F are not characters: each one `?`.
        if [.literal, .shell, .shellAlways].contains(options.names.quoting), !UserLocale.isUTF8 {
            decoration.hidesNonASCIIBytes = options.names.hidesControlCharacters ?? StandardStream.output.isTerminal
        }
        return decoration
    }

    /// The width `-C` and `-x` fill: `--width`, else `COLUMNS`, else the
    /// terminal's, else 80 (ls's order); 0 for no limit.
    var lineWidth: Int { Self.lineWidth(for: options) }

    static func lineWidth(for options: CommandLineOptions) -> Int {
        options.lineWidth ?? UserNumber.environment("COLUMNS", in: UserNumber.columns) ?? TerminalSize.size()?.columns ?? 80
    }

    /// An operand directory opened to be listed, or nil when it cannot be:
    /// then reported (in ls's words when run as ls), status 2.
    func openDirectory(_ path: [UInt8]) -> DirectoryHandle? {
        do {
            return try DirectoryHandle.open(path)
        } catch {
            diagnostics.report(error, severity: .seriousTrouble, while: .openDirectory)
            return nil
        }
    }

    /// A model over the files named on the command line, in the listing's
    /// order (or, `inGivenOrder`, as named: tree's roots) but unfiltered: an
    /// operand is listed whatever its name.
    func operandModel(_ names: NameArena, inGivenOrder: Bool = false) -> DirectoryListing {
        var operandOptions = ListOptions.sortingOnly(from: options.listOptions)
        if inGivenOrder {
            operandOptions.sortKey = .none
            operandOptions.reversed = false
            operandOptions.directoriesFirst = false
            operandOptions.filesFirst = false
        }
        // -H: what an operand link points to is shown, as -L shows every link.
        if options.dereferencesOperands { operandOptions.dereferencesSymlinks = true }
        return DirectoryListing(entries: names, in: DirectoryHandle.workingDirectory(), options: operandOptions)
    }

    /// Rows a non-interactive table draws per page: bounds the cells in use.
    static let pageHeight = 1024
}
