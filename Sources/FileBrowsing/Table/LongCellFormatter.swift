import TableKit

/// Cells in `ls -l` form: permissions, links, owner, group, size, time as
/// columns (after the inode and allocated size when asked), then the name
/// and ` -> target` for links. A row whose `stat` fails shows question marks
/// (as `ls` does) and reports the error.
///
/// `measure` reads a whole listing first, as ls does, for what lines the
/// columns up across it: the widths, device numbers' own columns, numeric
/// ids right-aligned, and the `+` of files with an access control list.
public final class LongCellFormatter: EntryCellFormatter {
    public let reuseIdentifier = "long"
    public let style = CellStyle.default
    public var decoration: NameDecoration
    /// How sizes are written (`-h`, `--si`, `--block-size`).
    public var sizeUnit = SizeUnit.bytes
    /// How allocated space is written (`-s`, and the `total` line).
    public var blockUnit = SizeUnit.kibibytes
    /// The time shown (`-u`, `-c`) and how (`--time-style`).
    public var timeField = TimeField.modification
    public var timeLayout = TimeFormat.Layout.style(.locale)
    /// An inode column first (`-i`).
    public var showsInode = false
    /// An allocated-size column, after the inode (`-s`).
    public var showsAllocatedSize = false
    /// User and group ids as numbers (`-n`).
    public var numericIDs = false
    /// Told about every row whose status could not be read.
    public var onError: ((FileError) -> Void)?
    /// The six columns always shown: permissions, links, owner, group, size, time.
    public static let alignments: [ColumnAlignment] = [.leading, .trailing, .leading, .leading, .trailing, .leading]

    /// The alignment of each column this formatter makes (the inode and
    /// allocated size, right-aligned, first when asked).
    public var columnAlignments: [ColumnAlignment] {
        (showsInode ? [.trailing] : []) + (showsAllocatedSize ? [.trailing] : []) + Self.alignments
    }

    /// What `measure` learnt about the listing being printed.
    private struct Layout {
        var ownerWidth = 0, groupWidth = 0
        var majorWidth = 0, minorWidth = 0
        var timeWidth = 0
        /// `measure` read the listing and reported what it could not read, as ls does before printing.
        var measured = false
        /// Some row has an access control list: the permissions get an 11th character.
        var anyACL = false
        var filesWithACL: Set<FileIdentity> = []
    }
    private var layout = Layout()

    private let accounts = AccountNames()
    private let times = TimeFormat()

    public init(decoration: NameDecoration = NameDecoration(), sizeUnit: SizeUnit = .bytes) {
        self.decoration = decoration
        self.sizeUnit = sizeUnit
    }

    public func configure(_ cell: Cell, row: Int, in source: DirectoryTableSource) {
        let model = source.listing
        decoration.decorate(cell, row: row, in: model)
        if let failure = appendColumns(to: cell, row: row, in: model), !layout.measured {
            onError?(FileError(path: model.path(ofRow: row), errno: failure))
        }
    }

    /// Adds the columns to a cell, and ` -> target` after a link's name;
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
            var unknown = Self.unknownColumns(kind: model.kind(ofRow: row), count: columnAlignments.count)
            // ls right-aligns the unknown time in the time column, and knows no ACL either.
            unknown[unknown.count - 1] = Self.padded("?", layout.timeWidth)
            if layout.anyACL { unknown[unknown.count - 6] += "?" }
            cell.columns.append(contentsOf: unknown)
            return errno
        }
    }

    /// `?` in every column, the permissions `l?????????` with the kind ls knows from the directory.
    private static func unknownColumns(kind: FileKind, count: Int) -> [String] {
        var columns = [String](repeating: "?", count: count)
        columns[count - 6] = String(kind.modeCharacter) + "?????????"
        return columns
    }

    public func columns(for status: FileStatus) -> [String] {
        var columns: [String] = []
        columns.reserveCapacity(8)
        if showsInode { columns.append(String(status.inode)) }
        if showsAllocatedSize { columns.append(blockUnit.format(status.blocks * 512)) }
        var permissions = status.permissions.lsString(kind: status.kind)
        if layout.anyACL { permissions += layout.filesWithACL.contains(status.identity) ? "+" : " " }
        columns.append(permissions)
        columns.append(String(status.linkCount))
        columns.append(account(status.userID, name: numericIDs ? nil : accounts.userName(for: status.userID), width: layout.ownerWidth))
        columns.append(account(status.groupID, name: numericIDs ? nil : accounts.groupName(for: status.groupID), width: layout.groupWidth))
        columns.append(sizeText(status))
        columns.append(times.format(status.time(timeField), layout: timeLayout))
        return columns
    }

    /// A name as it is (left-aligned by the column); an id without a name
    /// right-aligned within the column's width, as ls writes it.
    private func account(_ id: UInt32, name: String?, width: Int) -> String {
        if let name { return name }
        let number = String(id)
        return String(repeating: " ", count: max(0, width - number.count)) + number
    }

    /// The size, or a device's `major, minor`, each number right-aligned in its own width.
    private func sizeText(_ status: FileStatus) -> String {
        if status.kind == .characterDevice || status.kind == .blockDevice {
            let (major, minor) = status.deviceNumbers
            return Self.padded(String(major), layout.majorWidth) + ", " + Self.padded(String(minor), layout.minorWidth)
        }
        return sizeUnit.format(status.size)
    }

    private static func padded(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }

    /// The widths of the columns over every row of the listing (for the files
    /// named on a command line, every operand, directories too, as ls
    /// measures them), and the `total` line's figure (1 KiB blocks, or as `blockUnit` says): one pass of
    /// `stat`s whose results the bounded cache may forget again, and of the
    /// access-control-list checks. What it learns stays for the rows printed next.
    public func measure(_ model: DirectoryListing) -> (widths: [Int], total: String) {
        layout = Layout()
        var filesWithACL: Set<FileIdentity> = []
        var statuses: [FileStatus] = []
        var blocks: Int64 = 0
        var anyFailure = false
        let aclCheck = AccessControlListCheck()
        for row in 0..<model.rowCount {
            guard case .success(let status) = model.status(ofRow: row) else {
                if case .failure(let errno) = model.status(ofRow: row) { onError?(FileError(path: model.path(ofRow: row), errno: errno)) }
                anyFailure = true
                continue
            }
            blocks += status.blocks
            if status.kind == .characterDevice || status.kind == .blockDevice {
                let (major, minor) = status.deviceNumbers
                layout.majorWidth = max(layout.majorWidth, String(major).count)
                layout.minorWidth = max(layout.minorWidth, String(minor).count)
            }
            if status.kind != .symlink, aclCheck.hasACL(model.path(ofRow: row), isDirectory: status.kind == .directory) {
                filesWithACL.insert(status.identity)
            }
            statuses.append(status)
        }
        layout.anyACL = !filesWithACL.isEmpty
        layout.filesWithACL = filesWithACL
        // Names and numbers first, raw: the ids' width is known only after.
        let count = columnAlignments.count
        var widths = [Int](repeating: 0, count: count)
        let ownerColumn = count - 4
        let groupColumn = count - 3
        for status in statuses {
            for (i, column) in columns(for: status).enumerated() {
                widths[i] = max(widths[i], TextWidth.of(column))
            }
        }
        if anyFailure {
            let unknown = Self.unknownColumns(kind: .file, count: count)
            for i in 0..<count { widths[i] = max(widths[i], TextWidth.of(unknown[i])) }
        }
        layout.ownerWidth = widths[ownerColumn]
        layout.groupWidth = widths[groupColumn]
        layout.timeWidth = widths[count - 1]
        layout.measured = true
        return (widths, blockUnit.format(blocks * 512))
    }
}
