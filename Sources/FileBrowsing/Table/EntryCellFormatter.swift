import TableKit

/// Configures a table cell for one row of a directory listing: the
/// "rubber stamp" a data source re-dials for each row.
public protocol EntryCellFormatter: AnyObject {
    var reuseIdentifier: String { get }
    var style: CellStyle { get }
    /// How the leading columns this formatter adds line up (none by default).
    var columnAlignments: [ColumnAlignment] { get }
    func configure(_ cell: Cell, row: Int, in source: DirectoryTableSource)
}

extension EntryCellFormatter {
    public var columnAlignments: [ColumnAlignment] { [] }
}

/// How a name is decorated, shared by every cell formatter: `ls -F`
/// indicators, colours, and the disclosure accessory on directories.
public struct NameDecoration: Sendable {
    /// Append `/`, `@`, `|`, `=` or `*` to names (`ls -F`).
    public var typeIndicators = false
    /// Colour names with this scheme; nil for no colour.
    public var colors: ColorScheme?
    /// Directories carry the disclosure indicator (interactive tables).
    public var disclosesDirectories = false
    /// Links carry `@` after the name even without `typeIndicators` (interactive tables).
    public var marksSymlinks = false

    public init() {}

    /// Whether decorating needs the entry's `stat` (executables, special bits).
    var needsStatus: Bool { typeIndicators || colors != nil }

    /// Sets the cell's text, suffix, colour and accessory for a row.
    public func decorate(_ cell: Cell, row: Int, in model: DirectoryListing) {
        guard needsStatus || disclosesDirectories else {
            model.withName(ofRow: row) { NameEscaping.appendEscaped($0, to: &cell.textBytes) }
            return
        }
        let kind = model.kind(ofRow: row)
        model.withName(ofRow: row) { name in
            NameEscaping.appendEscaped(name, to: &cell.textBytes)
            guard needsStatus else { return }
            var status: FileStatus?
            if kind == .file || kind == .directory || kind == .unknown, case .success(let s) = model.status(ofRow: row) {
                status = s
            }
            if typeIndicators {
                cell.textSuffix = kind == .file && status?.permissions.isExecutableByAnyone == true ? "*" : kind.indicator
            }
            if let colors {
                var dangling = false
                if kind == .symlink, case .failure = model.targetStatus(ofRow: row) { dangling = true }
                cell.textColor = colors.sgr(for: kind, status: status, name: name, targetMissing: dangling)
            }
        }
        if disclosesDirectories && model.isDirectory(row: row, followSymlinks: true) && !model.isDotEntry(row: row) {
            cell.accessory = .disclosureIndicator
        }
        if marksSymlinks && !typeIndicators && kind == .symlink { cell.textSuffix = "@" }
    }
}

extension NameDecoration {
    /// ` -> target` for a symlink row (escaped), nil for anything else.
    public static func linkTargetSuffix(row: Int, in model: DirectoryListing) -> String? {
        guard model.kind(ofRow: row) == .symlink, case .success(let target) = model.linkTarget(ofRow: row) else { return nil }
        return " -> " + NameEscaping.escape(target)
    }

    /// ` -> target` with the target's own `-F` indicator when `typeIndicators`
    /// is on (`lx -> x*`, `ld -> d/`), as `ls -lF` writes it.
    public func linkTargetSuffix(row: Int, in model: DirectoryListing) -> String? {
        guard let suffix = Self.linkTargetSuffix(row: row, in: model) else { return nil }
        guard typeIndicators, case .success(let target) = model.targetStatus(ofRow: row) else { return suffix }
        let executable = target.kind == .file && target.permissions.isExecutableByAnyone
        return suffix + (executable ? "*" : target.kind.indicator)
    }
}

/// Cells holding just the (escaped, decorated) name: `-1`, `-R`, `--tree`.
public final class NameCellFormatter: EntryCellFormatter {
    public let reuseIdentifier = "name"
    public let style = CellStyle.default
    public var decoration: NameDecoration
    /// The inode number as a column before the name (`-i`; `?` when it cannot be read).
    public var showsInode = false
    /// The inode column, when shown, is right-aligned as ls aligns it.
    public var columnAlignments: [ColumnAlignment] { showsInode ? [.trailing] : [] }

    public init(decoration: NameDecoration = NameDecoration()) {
        self.decoration = decoration
    }

    public func configure(_ cell: Cell, row: Int, in source: DirectoryTableSource) {
        let model = source.listing
        decoration.decorate(cell, row: row, in: model)
        if showsInode { cell.columns.append(Self.inodeText(row: row, in: model)) }
    }

    static func inodeText(row: Int, in model: DirectoryListing) -> String {
        guard case .success(let status) = model.status(ofRow: row) else { return "?" }
        return String(status.inode)
    }

    /// The width of the inode column over every row, as ls aligns it across a listing.
    public func inodeWidth(_ model: DirectoryListing) -> Int {
        (0..<model.rowCount).reduce(0) { max($0, Self.inodeText(row: $1, in: model).count) }
    }
}
