import SystemSeam
import TableKit

/// Configures a table cell for one row of a directory listing: the
/// "rubber stamp" a data source re-dials for each row.
public protocol EntryCellFormatter: AnyObject {
    var reuseIdentifier: String { get }
    var style: CellStyle { get }
    /// How the leading columns this formatter adds line up (none by default).
    var columnAlignments: [ColumnAlignment] { get }
    func configure(_ cell: Cell, row: Int, in source: FileTableSource)
    /// Configures `cells` for the flat rows `rows`, one cell a row, in order:
    /// a page at a time. The default configures them one by one.
    func configure(_ cells: ArraySlice<Cell>, rows: Range<Int>, in source: FileTableSource)
}

extension EntryCellFormatter {
    public var columnAlignments: [ColumnAlignment] { [] }

    public func configure(_ cells: ArraySlice<Cell>, rows: Range<Int>, in source: FileTableSource) {
        configureEach(cells, rows: rows, in: source)
    }

    /// `configure(_:row:in:)` for each cell and its row: the default page
    /// configuration, and the fallback of formatters with a faster one.
    public func configureEach(_ cells: ArraySlice<Cell>, rows: Range<Int>, in source: FileTableSource) {
        for (cell, row) in zip(cells, rows) { configure(cell, row: row, in: source) }
    }
}

/// How a name is decorated, shared by every cell formatter: `ls -F`
/// indicators, colours, and the disclosure accessory on directories.
public struct NameDecoration: Sendable {
    /// Append an indicator to names, as `indicatorStyle` says (`ls -F`, `-p`, `--file-type`).
    public var typeIndicators = false
    /// Which indicators (`--indicator-style`): all of `-F`'s, `--file-type`'s
    /// (no `*`), or `-p`'s (`/` on directories only).
    public var indicatorStyle = IndicatorStyle.classify

    /// ls's `--indicator-style` words other than `none`.
    public enum IndicatorStyle: String, Sendable, CaseIterable {
        case slash
        case fileType = "file-type"
        case classify

        /// The indicator of an entry of `kind` (`executable`: a regular file anyone may run).
        func indicator(for kind: FileKind, executable: Bool) -> String {
            switch self {
            case .classify: return kind == .file && executable ? "*" : kind.indicator
            case .fileType: return kind.indicator
            case .slash: return kind == .directory ? "/" : ""
            }
        }
    }
    /// Colour names with this scheme; nil for no colour.
    public var colors: (any NameColouring)?
    /// Directories carry the disclosure indicator (interactive tables).
    public var disclosesDirectories = false
    /// Links carry `@` after the name even without `typeIndicators` (interactive tables).
    public var marksSymlinks = false
    /// Names carry their files' URIs (`ls --hyperlink`), shown as links
    /// where the renderer has link markup.
    public var hyperlinks: FileHyperlinks?
    /// ls's quoting instead of filetable's escapes (`--quoting-style`).
    public var quoting: QuotingStyle?
    /// A space before names the quoting left bare, so they line up with
    /// quoted ones (set per directory, as ls does in `-l` and columns).
    public var padsUnquotedNames = false
    /// ls's `-q` where bytes above 0x7F are not characters (a locale that
    /// is not UTF-8): the literal and plain shell styles show each as `?`,
    /// after the name is quoted, as ls does (`r??sum??`).
    public var hidesNonASCIIBytes = false

    public init() {}

    /// Whether decorating needs the entry's `stat` (executables, special bits).
    var needsStatus: Bool { typeIndicators || colors != nil }
    /// A row shows its escaped name and nothing else.
    var showsNamesOnly: Bool { !needsStatus && !disclosesDirectories && quoting == nil && hyperlinks == nil }

    /// Sets the cell's text, suffix, colour and accessory for a row.
    public func decorate(_ cell: Cell, row: Int, in model: any FileRows) {
        if let listing = model as? DirectoryListing { return decorate(cell, row: row, rows: listing) }
        decorate(cell, row: row, rows: model)
    }

    /// `decorate` for a directory's listing: the same code, compiled for
    /// the listing's own type (a million rows of `-l` or `--color` go
    /// through here, and a call through the protocol costs them 9%).
    public func decorate(_ cell: Cell, row: Int, in model: DirectoryListing) {
        decorate(cell, row: row, rows: model)
    }

    @inline(__always)
    func decorate<Rows: FileRows>(_ cell: Cell, row: Int, rows model: Rows) {
        guard needsStatus || disclosesDirectories || hyperlinks != nil else {
            model.withName(ofRow: row) { _ = appendName($0, to: &cell.textBytes) }
            return
        }
        let kind = model.kind(ofRow: row)
        // No kind passed: with -L a row's kind is its target's, and a link is linked to what it resolves to.
        if let hyperlinks { cell.textLink = hyperlinks.uri(forPath: model.path(ofRow: row)) }
        model.withName(ofRow: row) { name in
            if appendName(name, to: &cell.textBytes) { cell.leadsWithPadding = true }
            guard needsStatus else { return }
            var status: FileStatus?
            if kind == .file || kind == .directory || kind == .unknown, case .success(let s) = model.status(ofRow: row) {
                status = s
            }
            if typeIndicators {
                cell.textSuffix = indicatorStyle.indicator(for: kind, executable: status?.permissions.isExecutableByAnyone == true)
            }
            if let colors {
                var dangling = false
                var colouredKind = kind
                if kind == .symlink {
                    switch model.targetStatus(ofRow: row) {
                    case .failure: dangling = true
                    case .success(var target) where colors.coloursLinksAsTargets:
                        // ln=target: the link's name in its target's colour (mh looks at the link's own count).
                        colouredKind = target.kind
                        target.linkCount = 1
                        status = target
                    case .success: break
                    }
                }
                cell.textStyle = colors.parameters(for: colouredKind, status: status, name: name, targetMissing: dangling).map(TextStyle.named)
            }
        }
        if disclosesDirectories && model.isDirectory(row: row, followSymlinks: true) && !model.isDotEntry(row: row) {
            cell.accessory = .disclosureIndicator
        }
        if marksSymlinks && !typeIndicators && kind == .symlink { cell.textSuffix = "@" }
    }

    /// The name as shown: escaped, or quoted in the chosen style; true when
    /// a padding space went first (`padsUnquotedNames`).
    @inline(__always)
    @discardableResult
    func appendName(_ name: UnsafeBufferPointer<UInt8>, to out: inout ByteBuffer) -> Bool {
        guard let quoting else {
            NameEscaping.appendEscaped(name, to: &out)
            return false
        }
        // tree's styles leave most names as they are: those go out without a copy.
        if quoting.leavesAsItIs(name) {
            out.append(name)
            return false
        }
        let (text, quoted) = quoting.quote(name)
        let pads = padsUnquotedNames && !quoted
        if pads { out.append(0x20) }
        out.append(hidden(text))
        return pads
    }

    /// The name or path as shown, as text (headers, link targets).
    public func displayText(_ bytes: [UInt8]) -> String {
        guard let quoting else { return NameEscaping.escape(bytes) }
        guard hidesNonASCIIBytes else { return quoting.string(bytes) }
        return String(decoding: hidden(quoting.quote(bytes).text), as: UTF8.self)
    }

    /// The name or path as shown, as bytes: `displayText`, except that the
    /// exact style (`--zero`, `--dired` into a pipe) keeps a name that is
    /// not UTF-8 as its bytes, where text would hold U+FFFD.
    public func displayBytes(_ bytes: [UInt8]) -> [UInt8] {
        guard let quoting else { return Array(NameEscaping.escape(bytes).utf8) }
        return hidden(quoting.quote(bytes).text)
    }

    /// A directory's path above its listing (`PATH:`), as ls writes it: a
    /// colon in it counts as special (`QuotingStyle.quoteHeader`).
    public func headerBytes(_ path: [UInt8]) -> [UInt8] {
        guard let quoting else { return Array(NameEscaping.escape(path).utf8) }
        return hidden(quoting.quoteHeader(path))
    }

    /// `text` with each byte above 0x7F as `?` when `hidesNonASCIIBytes`.
    @inline(__always)
    private func hidden(_ text: [UInt8]) -> [UInt8] {
        guard hidesNonASCIIBytes, text.contains(where: { $0 >= 0x80 }) else { return text }
        return text.map { $0 >= 0x80 ? 0x3F : $0 }
    }

    /// Whether any name of the listing comes out quoted, which makes ls pad
    /// the others (see `padsUnquotedNames`).
    /// A directory's listing through code compiled for its own type (a million names).
    public func quotesSomeName(in model: any FileRows) -> Bool {
        if let listing = model as? DirectoryListing { return quotesSomeName(rows: listing) }
        return quotesSomeName(rows: model)
    }

    @inline(__always)
    private func quotesSomeName<Rows: FileRows>(rows model: Rows) -> Bool {
        guard let quoting, quoting.alignsUnquotedNames else { return false }
        for row in 0..<model.rowCount where model.withName(ofRow: row, { quoting.quote($0).quoted }) { return true }
        return false
    }
}

extension NameDecoration {
    /// ` -> target` for a symlink row (escaped), nil for anything else.
    public static func linkTargetSuffix<Rows: FileRows>(row: Int, in model: Rows, quoting: QuotingStyle? = nil) -> String? {
        guard model.kind(ofRow: row) == .symlink, case .success(let target) = model.linkTarget(ofRow: row) else { return nil }
        return " -> " + (quoting.map { $0.string(target) } ?? NameEscaping.escape(target))
    }

    /// The colour `ls -l` gives a link's target after ` -> `, as ls decides
    /// it: by the target's kind when ls reads the target's mode (an `or`,
    /// `mi` colour or `-F` makes it, or `ex` with `ln=target`), `mi` for a
    /// missing target when set, else as an orphan (`or`, often nothing).
    func linkTargetColour<Rows: FileRows>(row: Int, in model: Rows, target: [UInt8]) -> String? {
        guard let colors else { return nil }
        // A target whose mode ls did not read counts as missing, like a dangling one.
        guard readsLinkTargetMode, case .success(var status) = model.targetStatus(ofRow: row) else {
            return colors.missingTargetColour
        }
        // ls's hard-link check (mh) looks at the link's own count, always 1.
        status.linkCount = 1
        return target.withUnsafeBufferPointer { name in colors.parameters(for: status.kind, status: status, name: name, targetMissing: false) }
    }

    /// Whether `ls -l` reads a link target's mode: for an indicator after
    /// it (`-F`, `--file-type`), or for colours that need it (`or`, `mi`,
    /// `ex` with `ln=target`). It then draws the target by its kind, and
    /// with `-p` too gives it a `/`.
    var readsLinkTargetMode: Bool {
        if typeIndicators && indicatorStyle != .slash { return true }
        guard let colors else { return false }
        return colors.needsLinkTargetModes
    }

    /// ` -> target` with the target's own `-F` indicator when `typeIndicators`
    /// is on (`lx -> x*`, `ld -> d/`), as `ls -lF` writes it.
    public func linkTargetSuffix<Rows: FileRows>(row: Int, in model: Rows) -> String? {
        guard let suffix = Self.linkTargetSuffix(row: row, in: model, quoting: quoting) else { return nil }
        // ls gives the target an indicator when it read the target's mode: with -F and --file-type, with -p only for colours.
        guard typeIndicators, readsLinkTargetMode, case .success(let target) = model.targetStatus(ofRow: row) else { return suffix }
        return suffix + indicatorStyle.indicator(for: target.kind, executable: target.permissions.isExecutableByAnyone)
    }
}

/// Cells holding the (escaped, decorated) name, after the inode and the
/// allocated size when asked: `-1`, `-C`, `-x`, `-R`, `--tree`.
public final class NameCellFormatter: EntryCellFormatter {
    public let reuseIdentifier = "name"
    public let style = CellStyle.default
    public var decoration: NameDecoration {
        didSet { namesOnly = decoration.showsNamesOnly }
    }
    /// Whether a cell is just the escaped name: set with `decoration`, so
    /// the row loop need not copy the decoration to find out.
    private var namesOnly: Bool
    /// The inode number as a column before the name (`-i`; `?` when it cannot be read).
    public var showsInode = false
    /// The allocated size as a column before the name (`-s`), written as `blockUnit` says.
    public var showsAllocatedSize = false
    public var blockUnit = SizeUnit.kibibytes
    /// The security context as a column before the name (`-Z`; `?` without one),
    /// of what a link leads to with `contextFollowsLinks` (`-L`).
    public var showsContext = false
    public var contextFollowsLinks = false
    private let contexts = SecurityContext.Lookup()
    /// The leading columns, when shown, are right-aligned as ls aligns them.
    public var columnAlignments: [ColumnAlignment] {
        [ColumnAlignment](repeating: .trailing, count: (showsInode ? 1 : 0) + (showsAllocatedSize ? 1 : 0) + (showsContext ? 1 : 0))
    }

    /// Whether any column comes before the name.
    private var hasLeadingColumns: Bool { showsInode || showsAllocatedSize || showsContext }

    public init(decoration: NameDecoration = NameDecoration()) {
        self.decoration = decoration
        namesOnly = decoration.showsNamesOnly
    }

    /// A cell is the escaped name and nothing else.
    private var showsBareNames: Bool { namesOnly && !hasLeadingColumns }

    public func configure(_ cell: Cell, row: Int, in source: FileTableSource) {
        if let listing = source.listing {
            decoration.decorate(cell, row: row, rows: listing)
        } else {
            decoration.decorate(cell, row: row, rows: source.rows)
        }
        if hasLeadingColumns { cell.columns.append(contentsOf: leadingColumns(row: row, in: source.rows)) }
    }

    /// A page of cells: bare names in one loop, anything more row by row.
    public func configure(_ cells: ArraySlice<Cell>, rows: Range<Int>, in source: FileTableSource) {
        guard showsBareNames else {
            configureEach(cells, rows: rows, in: source)
            return
        }
        source.setEscapedNames(of: cells, rows: rows)
    }

    /// The inode, allocated-size and context texts of a row, as asked.
    private func leadingColumns(row: Int, in model: any FileRows) -> [String] {
        guard hasLeadingColumns else { return [] }
        var columns: [String] = []
        if showsInode || showsAllocatedSize {
            let status = try? model.status(ofRow: row).get()
            if showsInode { columns.append(status.map { String($0.inode) } ?? "?") }
            if showsAllocatedSize { columns.append(status.map { blockUnit.format($0.blocks * 512) } ?? "?") }
        }
        if showsContext { columns.append(contexts.of(model.path(ofRow: row), followingLinks: contextFollowsLinks)) }
        return columns
    }

    /// The widths of the leading columns over every row, as ls aligns them
    /// across a listing (nil when there are none), and the `total` line's
    /// figure for `-s`: one pass over the rows' statuses.
    /// A directory's listing through code compiled for its own type.
    public func measure(_ model: any FileRows) -> (widths: [Int]?, total: String) {
        if let listing = model as? DirectoryListing { return measure(rows: listing) }
        return measure(rows: model)
    }

    @inline(__always)
    private func measure<Rows: FileRows>(rows model: Rows) -> (widths: [Int]?, total: String) {
        guard hasLeadingColumns else { return (nil, "") }
        contexts.forget()
        var widths = [Int](repeating: 0, count: columnAlignments.count)
        var blocks: Int64 = 0
        for row in 0..<model.rowCount {
            if showsAllocatedSize, case .success(let status) = model.status(ofRow: row) { blocks += status.blocks }
            for (i, column) in leadingColumns(row: row, in: model).enumerated() { widths[i] = max(widths[i], column.count) }
        }
        return (widths, blockUnit.format(blocks * 512))
    }
}
