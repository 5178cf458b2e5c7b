import SystemSeam
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
    /// The owner column (not with `-g`) and the group column (not with `-o`, `-G`).
    public var showsOwner = true
    public var showsGroup = true
    /// The author column after the group (`--author`: the owner again, as
    /// Linux keeps no other author, as ls writes it).
    public var showsAuthor = false
    /// The security context column after the owner, group and author (`-Z`),
    /// of what a link leads to with `contextFollowsLinks` (`-L`).
    public var showsContext = false
    public var contextFollowsLinks = false
    private let contexts = SecurityContext.Lookup()
    /// Told about every row whose status could not be read.
    public var onError: ((FileError) -> Void)?
    /// `--git`: the two letters of git's status for a row's path, in a
    /// column before the name (`-M`), as `eza -l --git` shows them. Asked
    /// on the thread that formats the rows.
    public var gitColumn: ((_ path: [UInt8]) -> String)?
    /// The six columns always shown: permissions, links, owner, group, size, time.
    public static let alignments: [ColumnAlignment] = [.leading, .trailing, .leading, .leading, .trailing, .leading]

    /// The alignment of each column this formatter makes (the inode and
    /// allocated size, right-aligned, first when asked; the owner and group
    /// when shown).
    public var columnAlignments: [ColumnAlignment] {
        var result: [ColumnAlignment] = (showsInode ? [.trailing] : []) + (showsAllocatedSize ? [.trailing] : []) + [.leading, .trailing]
        if showsOwner { result.append(.leading) }
        if showsGroup { result.append(.leading) }
        if showsAuthor { result.append(.leading) }
        if showsContext { result.append(.leading) }
        return result + [.trailing, .leading] + (gitColumn == nil ? [] : [.leading])
    }

    /// Where the permissions, owner and group columns stand in a row.
    private var permissionsColumn: Int { (showsInode ? 1 : 0) + (showsAllocatedSize ? 1 : 0) }
    private var ownerColumn: Int? { showsOwner ? permissionsColumn + 2 : nil }
    private var groupColumn: Int? { showsGroup ? permissionsColumn + (showsOwner ? 3 : 2) : nil }
    private var authorColumn: Int? { showsAuthor ? permissionsColumn + 2 + (showsOwner ? 1 : 0) + (showsGroup ? 1 : 0) : nil }

    /// What `measure` learnt about the listing being printed.
    private struct Layout {
        var ownerWidth = 0, groupWidth = 0, authorWidth = 0
        var majorWidth = 0, minorWidth = 0
        var timeWidth = 0
        /// `measure` read the listing and reported what it could not read, as ls does before printing.
        var measured = false
        /// Some row has an access control list: the permissions get an 11th character.
        var anyACL = false
        var filesWithACL: Set<FileIdentity> = []
    }
    private var layout = Layout()

    /// Rows beyond which `measure` reads all statuses at once, in parallel:
    /// the listing's status cache holds 4,096.
    public var parallelThreshold = 4096
    /// Threads for that: one a core and one more, at most four (as `SpaceScan`).
    static let threads = min(4, Processors.online + 1)

    private let accounts = AccountNames()
    /// Owner and group columns' widths by id, for `measure`.
    private var userWidths: [UInt32: Int] = [:]
    private var groupWidths: [UInt32: Int] = [:]
    /// Made at the first time written: a listing that shows none (`-1`)
    /// never reads the time zone.
    private var clock: TimeFormat?
    private var times: TimeFormat {
        if let clock { return clock }
        let made = TimeFormat()
        clock = made
        return made
    }

    /// Takes the time now (when a time is next written) as the present dates are written against.
    public func resetClock() { clock = nil }

    public init(decoration: NameDecoration = NameDecoration(), sizeUnit: SizeUnit = .bytes) {
        self.decoration = decoration
        self.sizeUnit = sizeUnit
    }

    public func configure(_ cell: Cell, row: Int, in source: FileTableSource) {
        if let listing = source.listing {
            configure(cell, row: row, rows: listing)
        } else {
            configure(cell, row: row, rows: source.rows)
        }
    }

    @inline(__always)
    private func configure<Rows: FileRows>(_ cell: Cell, row: Int, rows model: Rows) {
        decoration.decorate(cell, row: row, rows: model)
        if let failure = appendColumns(to: cell, row: row, rows: model), !layout.measured {
            onError?(FileError(path: model.location(ofRow: row)?.path ?? model.name(ofRow: row), errno: failure))
        }
    }

    /// Adds the columns to a cell, and ` -> target` after a link's name;
    /// question marks (as `ls` shows) where the status cannot be read, and
    /// then the error number.
    public func appendColumns(to cell: Cell, row: Int, in model: any FileRows) -> Errno? {
        appendColumns(to: cell, row: row, rows: model)
    }

    /// `appendColumns` for a directory's listing, compiled for its own type.
    public func appendColumns(to cell: Cell, row: Int, in model: DirectoryListing) -> Errno? {
        appendColumns(to: cell, row: row, rows: model)
    }

    @inline(__always)
    private func appendColumns<Rows: FileRows>(to cell: Cell, row: Int, rows model: Rows) -> Errno? {
        switch model.status(ofRow: row) {
        case .success(let status):
            cell.columns.append(contentsOf: showsContext ? columns(for: status, context: context(ofRow: row, in: model)) : columns(for: status))
            if let gitColumn { cell.columns.append(gitColumn(model.path(ofRow: row))) }
            if status.kind == .symlink, let suffix = decoration.linkTargetSuffix(row: row, in: model) {
                cell.textSuffix = suffix
                // The target in its own colour and linked, as ls -l draws it: after " -> ", up to any indicator.
                if decoration.colors != nil || decoration.hyperlinks != nil, case .success(let target) = model.linkTarget(ofRow: row) {
                    let shown = decoration.quoting.map { $0.string(target) } ?? NameEscaping.escape(target)
                    if let colors = decoration.colors {
                        // Uncoloured, the target still ends as ls ends it when `no` colours every name.
                        let colour = decoration.linkTargetColour(row: row, in: model, target: target)
                        if colour != nil || colors.normalIsColored {
                            cell.suffixStyle = (colour.map { .named($0) } ?? .plain, 4, shown.count)
                        }
                    }
                    if let uri = cell.textLink { cell.suffixLink = (uri, 4, shown.count) }
                }
            }
            return nil
        case .failure(let errno):
            let count = columnAlignments.count - (gitColumn == nil ? 0 : 1)
            var unknown = Self.unknownColumns(kind: model.kind(ofRow: row), count: count, permissionsAt: permissionsColumn)
            // ls right-aligns the unknown time in the time column, and knows no ACL either.
            unknown[unknown.count - 1] = Self.padded("?", layout.timeWidth)
            if layout.anyACL { unknown[permissionsColumn] += "?" }
            cell.columns.append(contentsOf: unknown)
            if let gitColumn { cell.columns.append(gitColumn(model.path(ofRow: row))) }
            return errno
        }
    }

    /// `?` in every column, the permissions `l?????????` with the kind ls knows from the directory.
    private static func unknownColumns(kind: FileKind, count: Int, permissionsAt permissions: Int) -> [String] {
        var columns = [String](repeating: "?", count: count)
        columns[permissions] = String(kind.modeCharacter) + "?????????"
        return columns
    }

    /// A row's security context when `-Z` asks for it.
    private func context<Rows: FileRows>(ofRow row: Int, in model: Rows) -> String? {
        showsContext ? contexts.of(model.path(ofRow: row), followingLinks: contextFollowsLinks) : nil
    }

    /// The columns for a status; `context` is the row's security context (`-Z`).
    public func columns(for status: FileStatus, context: String? = nil) -> [String] {
        var columns: [String] = []
        columns.reserveCapacity(8)
        if showsInode { columns.append(String(status.inode)) }
        if showsAllocatedSize { columns.append(blockUnit.format(status.blocks * 512)) }
        var permissions = status.permissions.lsString(kind: status.kind)
        if layout.anyACL { permissions += layout.filesWithACL.contains(status.identity) ? "+" : " " }
        columns.append(permissions)
        columns.append(String(status.linkCount))
        if showsOwner {
            columns.append(account(status.userID, name: numericIDs ? nil : accounts.userName(for: status.userID), width: layout.ownerWidth))
        }
        if showsGroup {
            columns.append(account(status.groupID, name: numericIDs ? nil : accounts.groupName(for: status.groupID), width: layout.groupWidth))
        }
        if showsAuthor {
            columns.append(account(status.userID, name: numericIDs ? nil : accounts.userName(for: status.userID), width: layout.authorWidth))
        }
        if showsContext { columns.append(context ?? "?") }
        columns.append(sizeText(status))
        if timeField == .birth && status.birthTime == nil {
            // A birth time the file system does not keep: ls's question mark, right-aligned.
            columns.append(Self.padded("?", layout.timeWidth))
        } else {
            columns.append(times.format(status.time(timeField), layout: timeLayout))
        }
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
    /// A directory's listing is measured by code compiled for its own type
    /// (a million rows of `-l`); other rows (an archive's members) through the protocol.
    public func measure(_ model: any FileRows) -> (widths: [Int], total: String) {
        if let listing = model as? DirectoryListing { return measure(rows: listing) }
        return measure(rows: model)
    }

    @inline(__always)
    private func measure<Rows: FileRows>(rows model: Rows) -> (widths: [Int], total: String) {
        layout = Layout()
        contexts.forget()
        var filesWithACL: Set<FileIdentity> = []
        var blocks: Int64 = 0
        var anyFailure = false
        let aclCheck = AccessControlListCheck()
        // A directory larger than the status cache: read every status once, on every core.
        let knownACLs: Set<FileIdentity>? =
            model.rowCount > parallelThreshold ? model.preloadStatuses(threads: Self.threads, checkingACLs: true) : nil
        // First pass: what lines the columns up (devices' numbers, ACLs), and the total.
        for row in 0..<model.rowCount {
            guard case .success(let status) = model.status(ofRow: row) else {
                if case .failure(let errno) = model.status(ofRow: row) { onError?(FileError(path: model.path(ofRow: row), errno: errno)) }
                anyFailure = true
                continue
            }
            blocks += status.blocks
            if status.kind == .characterDevice || status.kind == .blockDevice {
                let (major, minor) = status.deviceNumbers
                layout.majorWidth = max(layout.majorWidth, Self.digits(UInt64(major)))
                layout.minorWidth = max(layout.minorWidth, Self.digits(UInt64(minor)))
            }
            if status.kind != .symlink,
                knownACLs.map({ $0.contains(status.identity) })
                    ?? aclCheck.hasACL(model.path(ofRow: row), isDirectory: status.kind == .directory, device: status.identity.device)
            {
                filesWithACL.insert(status.identity)
            }
        }
        layout.anyACL = !filesWithACL.isEmpty
        layout.filesWithACL = filesWithACL
        // Second pass: the widths, from the same statuses (the ids' padding is known only after).
        let count = columnAlignments.count
        var widths = [Int](repeating: 0, count: count)
        for row in 0..<model.rowCount {
            guard case .success(let status) = model.status(ofRow: row) else { continue }
            widen(&widths, for: status, context: showsContext ? context(ofRow: row, in: model) : nil)
        }
        if anyFailure {
            let unknown = Self.unknownColumns(kind: .file, count: count, permissionsAt: permissionsColumn)
            for i in 0..<count { widths[i] = max(widths[i], TextWidth.of(unknown[i])) }
            // ls right-aligns an unknown time in the width a time takes (its
            // long_time_expected_width), even when no row has a time.
            let expected = Self.fixedWidth(of: timeLayout) ?? TextWidth.of(times.format(Timestamp(seconds: 0, nanoseconds: 0), layout: timeLayout))
            widths[count - 1] = max(widths[count - 1], expected)
        }
        layout.ownerWidth = ownerColumn.map { widths[$0] } ?? 0
        layout.groupWidth = groupColumn.map { widths[$0] } ?? 0
        layout.authorWidth = authorColumn.map { widths[$0] } ?? 0
        layout.timeWidth = widths[count - 1]
        // ls pads no time: its own styles have one width, a +FORMAT's may not.
        if case .custom = timeLayout { widths[count - 1] = 0 }
        layout.measured = true
        return (widths, blockUnit.format(blocks * 512))
    }

    /// Widens the columns to fit one row: the widths `columns(for:)` would
    /// give, counted without making the texts where they are numbers,
    /// names already seen or times of a fixed width.
    private func widen(_ widths: inout [Int], for status: FileStatus, context: String?) {
        var i = 0
        func fit(_ width: Int) {
            if widths[i] < width { widths[i] = width }
            i += 1
        }
        if showsInode { fit(Self.digits(status.inode)) }
        if showsAllocatedSize { fit(blockUnit.format(status.blocks * 512).count) }
        fit(layout.anyACL ? 11 : 10)
        fit(Self.digits(status.linkCount))
        if showsOwner { fit(accountWidth(status.userID, isGroup: false)) }
        if showsGroup { fit(accountWidth(status.groupID, isGroup: true)) }
        if showsAuthor { fit(accountWidth(status.userID, isGroup: false)) }
        if showsContext { fit(TextWidth.of(context ?? "?")) }
        if status.kind == .characterDevice || status.kind == .blockDevice {
            fit(layout.majorWidth + 2 + layout.minorWidth)
        } else {
            fit(sizeUnit == .bytes ? Self.digits(UInt64(max(0, status.size))) + (status.size < 0 ? 1 : 0) : sizeUnit.format(status.size).count)
        }
        let time = status.time(timeField)
        if let fixed = Self.fixedWidth(of: timeLayout), Self.hasFourDigitYear(time) {
            fit(fixed)
        } else {
            fit(TextWidth.of(times.format(time, layout: timeLayout)))
        }
    }

    /// The width of an owner or group column's text, looked up once an id.
    private func accountWidth(_ id: UInt32, isGroup: Bool) -> Int {
        if let known = isGroup ? groupWidths[id] : userWidths[id] { return known }
        let name = numericIDs ? nil : (isGroup ? accounts.groupName(for: id) : accounts.userName(for: id))
        let width = name.map(TextWidth.of) ?? Self.digits(UInt64(id))
        if isGroup { groupWidths[id] = width } else { userWidths[id] = width }
        return width
    }

    /// Decimal digits of a number.
    static func digits(_ value: UInt64) -> Int {
        var digits = 1
        var rest = value
        while rest >= 10 {
            rest /= 10
            digits += 1
        }
        return digits
    }

    /// The width every time takes in a style, years 1000-9999 given; nil for `+FORMAT`.
    private static func fixedWidth(of layout: TimeFormat.Layout) -> Int? {
        guard case .style(let style) = layout else { return nil }
        switch style {
        case .locale: return 12
        case .longISO: return 16
        case .iso: return 11
        case .fullISO: return 35
        }
    }

    /// Between the years 1001 and 9998 in any time zone: four-digit years.
    private static func hasFourDigitYear(_ time: Timestamp) -> Bool {
        time.seconds > -30_579_000_000 && time.seconds < 253_370_000_000
    }
}
