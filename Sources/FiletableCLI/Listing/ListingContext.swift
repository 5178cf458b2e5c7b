import FileBrowsing
import TableKit

/// What every part of a listing shares: the options, where output and
/// messages go, and how names are decorated.
struct ListingContext {
    let options: CommandLineOptions
    let output: OutputSink
    let diagnostics: Diagnostics
    let decoration: NameDecoration
    let useColor: Bool
    /// One table, and one formatter per format, serve every directory of a
    /// listing, so a recursive listing reuses its cells across directories.
    let table = TableView(pageHeight: ListingContext.pageHeight)
    let nameFormatter: NameCellFormatter
    let longFormatter: LongCellFormatter

    init(options: CommandLineOptions, output: OutputSink, diagnostics: Diagnostics) {
        self.options = options
        self.output = output
        self.diagnostics = diagnostics
        useColor = Self.usesColor(options.color, on: output)
        decoration = Self.decoration(for: options, useColor: useColor)
        nameFormatter = NameCellFormatter(decoration: decoration)
        nameFormatter.showsInode = options.showsInode
        longFormatter = LongCellFormatter(decoration: decoration, humanSizes: options.humanSizes)
        longFormatter.timeField = options.listOptions.timeField
        longFormatter.timeStyle = options.timeStyle
        longFormatter.showsInode = options.showsInode
        let diagnostics = diagnostics
        longFormatter.onError = { diagnostics.report($0, severity: .minorTrouble) }
    }

    /// `--color`: `auto` colours a terminal, unless `NO_COLOR` is set or TERM is dumb.
    static func usesColor(_ mode: CommandLineOptions.ColorMode, on output: OutputSink) -> Bool {
        switch mode {
        case .always: return true
        case .never: return false
        case .auto:
            let noColor = Platform.environment("NO_COLOR").map { !$0.isEmpty } ?? false
            return !noColor && Platform.isTerminal(output.fd) && Platform.environment("TERM") != "dumb"
        }
    }

    /// How names look: `-F` indicators, and `LS_COLORS` when colour is on.
    static func decoration(for options: CommandLineOptions, useColor: Bool) -> NameDecoration {
        var decoration = NameDecoration()
        decoration.typeIndicators = options.typeIndicators
        decoration.colors = useColor ? ColorScheme(lsColors: Platform.environment("LS_COLORS")) : nil
        return decoration
    }

    /// A model over the files named on the command line, in the listing's
    /// order but unfiltered: an operand is listed whatever its name.
    func operandModel(_ names: NameArena) -> DirectoryListing {
        DirectoryListing(entries: names, in: DirectoryHandle.workingDirectory(),
                           options: ListOptions.sortingOnly(from: options.listOptions))
    }

    /// Rows a non-interactive table draws per page: bounds the cells in use.
    static let pageHeight = 1024
}
