/// How a cell arranges its labels, after UITableViewCell's styles.
public enum CellStyle: String, CaseIterable, Sendable {
    /// One text label (plus leading columns, if any).
    case `default`
    /// The text, with the detail on a second, indented line under it.
    case subtitle
    /// The text on the left, the detail right-aligned at the table's edge.
    case value1
    /// A short right-aligned label, then the value.
    case value2
}

/// The control at the trailing end of a row.
public enum CellAccessory: Sendable {
    case none
    /// This row leads somewhere (a directory): drawn as `>`.
    case disclosureIndicator
    /// A separate "more information" action: drawn as `(i)`.
    case detailButton
    /// The row is selected: drawn as `*`.
    case checkmark

    /// The characters drawn for the accessory, empty for none.
    public var glyph: String {
        switch self {
        case .none: return ""
        case .disclosureIndicator: return ">"
        case .detailButton: return "(i)"
        case .checkmark: return "*"
        }
    }
}

/// One row's worth of display, configured by the data source and recycled.
///
/// A table keeps a pool of cells per reuse identifier; a cell is reset with
/// `prepareForReuse()` before it is configured for another row, so a table of
/// a million rows draws with a page worth of cells.
public final class Cell {
    public let reuseIdentifier: String
    public var style: CellStyle
    /// The main label as UTF-8, the form the renderer writes: a data source
    /// can fill it in place (its storage is kept across reuse), so a listing
    /// makes no String per row.
    public var textBytes = ByteBuffer()
    /// The main label; for a file browser, the (escaped) name.
    public var text: String {
        get { textBytes.withUnsafeBytes { String(decoding: $0, as: UTF8.self) } }
        set {
            textBytes.removeAll()
            textBytes.append(newValue)
        }
    }
    /// The secondary label: shown by the subtitle, value1 and value2 styles.
    public var detailText: String? { didSet { hasExtras = true } }
    /// Columns laid out before the text and aligned across the page
    /// (a long listing's permissions, links, owner, size, time).
    public var columns: [String] = []
    /// A one-character type glyph drawn first, if any.
    public var image: Character? { didSet { hasExtras = true } }
    public var accessory: CellAccessory = .none { didSet { hasExtras = true } }
    /// What the text means (a directory, a marked row, a user's colour for
    /// its kind); the renderer's markup shows it, or not.
    public var textStyle: TextStyle? { didSet { hasExtras = true } }
    /// Characters appended to the text itself (`ls -F` indicators, ` -> target`).
    public var textSuffix: String = "" { didSet { hasExtras = true } }
    /// A stretch of `textSuffix` in a style of its own (a link's target in
    /// its kind's colour, as `ls -l` draws it): `count` characters from `start`.
    public var suffixStyle: (style: TextStyle, start: Int, count: Int)? { didSet { hasExtras = true } }
    /// What the text names, as a URI a terminal may make a link of
    /// (`ls --hyperlink`); the renderer's link markup shows it, or not.
    public var textLink: String? { didSet { hasExtras = true } }
    /// A stretch of `textSuffix` linked to a URI of its own (a link's
    /// target, as `ls -l --hyperlink` draws it): `count` characters from `start`.
    public var suffixLink: (target: String, start: Int, count: Int)? { didSet { hasExtras = true } }
    /// Whether the text's first byte is a padding space (ls's space before a
    /// name left unquoted among quoted ones): drawn before the colour and
    /// link, as ls draws it, not inside them.
    public var leadsWithPadding = false { didSet { hasExtras = true } }
    /// The stretch of the text (`Character` offsets) to keep whole when the
    /// text must be cut to fit: the part of a path that tells it from the
    /// others of its group (`…/2019/…/IMG_0001.jpg`); nil: cut in the middle.
    public var keptWhenCut: Range<Int>? { didSet { hasExtras = true } }
    /// Whether anything but the text and columns was set since the last
    /// reuse: a cell that carries just its text (most rows of a listing) is
    /// reset by forgetting its text.
    public private(set) var hasExtras = false

    public init(style: CellStyle = .default, reuseIdentifier: String) {
        self.style = style
        self.reuseIdentifier = reuseIdentifier
    }

    /// Clears everything a previous row configured; called by the pool.
    /// Fields are cleared only when something was set, which keeps reuse
    /// cheap for the common cell that carries just its text.
    public func prepareForReuse() {
        textBytes.removeAll()
        // Columns have no observer (it would copy the array at every append).
        if !columns.isEmpty { columns.removeAll(keepingCapacity: true) }
        guard hasExtras else { return }
        if detailText != nil { detailText = nil }
        image = nil
        accessory = .none
        if textStyle != nil { textStyle = nil }
        if !textSuffix.isEmpty { textSuffix = "" }
        if suffixStyle != nil { suffixStyle = nil }
        if textLink != nil { textLink = nil }
        if leadsWithPadding { leadsWithPadding = false }
        if suffixLink != nil { suffixLink = nil }
        if keptWhenCut != nil { keptWhenCut = nil }
        hasExtras = false
    }
}
