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
        switch options.color {
        case .always: useColor = true
        case .never: useColor = false
        case .auto:
            let noColor = Platform.environment("NO_COLOR").map { !$0.isEmpty } ?? false
            useColor = !noColor && Platform.isTerminal(output.fd) && Platform.environment("TERM") != "dumb"
        }
        var decoration = NameDecoration()
        decoration.typeIndicators = options.typeIndicators
        decoration.colors = useColor ? ColorScheme(lsColors: Platform.environment("LS_COLORS")) : nil
        self.decoration = decoration
        nameFormatter = NameCellFormatter(decoration: decoration)
        longFormatter = LongCellFormatter(decoration: decoration, humanSizes: options.humanSizes)
        let diagnostics = diagnostics
        longFormatter.onError = { diagnostics.report($0, severity: .minorTrouble) }
    }

    /// Rows a non-interactive table draws per page: bounds the cells in use.
    static let pageHeight = 4096
}
