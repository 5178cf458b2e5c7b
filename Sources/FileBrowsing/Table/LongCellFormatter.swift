import TableKit

/// Cells in `ls -l` form: permissions, links, owner, group, size, time as
/// columns, then the name and ` -> target` for links. A row whose `stat` fails
/// shows question marks (as `ls` does) and reports the error.
public final class LongCellFormatter: EntryCellFormatter {
    public let reuseIdentifier = "long"
    public let style = CellStyle.default
    public var decoration: NameDecoration
    public var humanSizes: Bool
    /// The time shown (`-u`, `-c`) and how (`--time-style`).
    public var timeField = TimeField.modification
    public var timeStyle = TimeFormat.Style.locale
    /// An inode column first (`-i`).
    public var showsInode = false
    /// Told about every row whose status could not be read.
    public var onError: ((FileError) -> Void)?
    /// The columns are: permissions, links, owner, group, size, time.
    public static let alignments: [ColumnAlignment] = [.leading, .trailing, .leading, .leading, .trailing, .leading]

    /// The alignment of each column this formatter makes (the inode, right-aligned, first with `-i`).
    public var columnAlignments: [ColumnAlignment] { (showsInode ? [.trailing] : []) + Self.alignments }

    private let accounts = AccountNames()
    private let times = TimeFormat()

    public init(decoration: NameDecoration = NameDecoration(), humanSizes: Bool = false) {
        self.decoration = decoration
        self.humanSizes = humanSizes
    }

    public func configure(_ cell: Cell, row: Int, in source: DirectoryTableSource) {
        let model = source.listing
        decoration.decorate(cell, row: row, in: model)
        if let failure = appendColumns(to: cell, row: row, in: model) {
            onError?(FileError(path: model.path(ofRow: row), errno: failure))
        }
    }

    /// Adds the six columns to a cell, and ` -> target` after a link's name;
    /// question marks (as `ls` shows) where the status cannot be read, and
    /// then the error number.
    public func appendColumns(to cell: Cell, row: Int, in model: DirectoryListing) -> Errno? {
        switch model.status(ofRow: row) {
        case .success(let status):
            cell.columns.append(contentsOf: columns(for: status))
            if status.kind == .symlink, let suffix = decoration.linkTargetSuffix(row: row, in: model) {
                cell.textSuffix = suffix
            }
            return nil
        case .failure(let errno):
            if showsInode { cell.columns.append("?") }
            cell.columns.append(contentsOf: [String(model.kind(ofRow: row).modeCharacter) + "?????????", "?", "?", "?", "?", "?"])
            return errno
        }
    }

    public func columns(for status: FileStatus) -> [String] {
        (showsInode ? [String(status.inode)] : []) + [status.permissions.lsString(kind: status.kind),
         String(status.linkCount),
         accounts.userName(status.userID),
         accounts.groupName(status.groupID),
         sizeText(status),
         times.format(status.time(timeField), style: timeStyle)]
    }

    private func sizeText(_ status: FileStatus) -> String {
        if status.kind == .characterDevice || status.kind == .blockDevice {
            let (major, minor) = status.deviceNumbers
            return "\(major), \(minor)"
        }
        return humanSizes ? HumanSize.format(status.size) : String(status.size)
    }

    /// The widths of the columns over every row of the listing, and the `total`
    /// line's figure (1 KiB blocks, or a human size): one pass of `stat`s whose
    /// results the bounded cache may forget again.
    public func measure(_ model: DirectoryListing) -> (widths: [Int], total: String) {
        let count = columnAlignments.count
        var widths = [Int](repeating: 0, count: count)
        var blocks: Int64 = 0
        for row in 0..<model.rowCount {
            guard case .success(let status) = model.status(ofRow: row) else {
                for i in 0..<count { widths[i] = max(widths[i], i == (showsInode ? 1 : 0) ? 10 : 1) }
                continue
            }
            blocks += status.blocks
            for (i, column) in columns(for: status).enumerated() {
                widths[i] = max(widths[i], TextWidth.of(column))
            }
        }
        let total = humanSizes ? HumanSize.format(blocks * 512) : String((blocks + 1) / 2)
        return (widths, total)
    }
}
