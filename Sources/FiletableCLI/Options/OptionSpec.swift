import FileBrowsing

/// One command-line option, declared once: its names, the value it takes
/// and its range, the modes that use it, its help, and what it sets. The
/// parser, `--help`, the man page and the shell completions are all made
/// from the list of these in `OptionTable`, so they cannot disagree. A
/// class, immutable: the table of 250 is gathered from its sections at
/// every start, and as values each one's ten strings and closure were
/// retained on the way in and released with the sections (300K of the
/// 4.4M instructions of `-1` of a small directory).
final class OptionSpec: Sendable {
    /// The value an option takes, which says how it is read, checked and completed.
    enum Value: Sendable {
        /// A flag: no value.
        case none
        /// A whole number in a range (`--depth N`); `what` names it in errors.
        /// With `cPrefixes`, `0x` hex and `0` octal too, as ls reads `-w`
        /// and `-T` (`-T0x10 -w010`).
        /// With `beyond`, a whole number past the range (however large) is
        /// taken as that value, as the peer takes it (ls's `-w 99999999999999999999`: no limit).
        case number(ClosedRange<Int>, what: String, cPrefixes: Bool = false, beyond: Int? = nil)
        /// A byte count as `byteCount`, or a negative number for no limit (xxd's `-l -1`).
        case byteCountOrUnlimited
        /// A byte count: decimal, 0x hex, 0 octal, with k/m/g (`--skip N`).
        case byteCount
        /// A byte offset as `byteCount`, or with a leading `-` counted back
        /// from the end (xxd's `-s -16`).
        case offset
        /// One of these words (`--sort WORD`).
        case word([String])
        /// One of these words or none, then `implied` (`--color[=WHEN]`): the
        /// next argument is taken only when it is one of the words.
        case optionalWord([String], implied: String)
        /// One of these words, or `+` and free text (`--time-style +%F`).
        case wordOrFormat([String])
        /// ls's `--block-size` (`K`, `1M`, `KiB`, `si`).
        case sizeUnit
        /// du's `-t SIZE`: a size with a unit, negative for "at most"
        /// (`DuThreshold`), handed on as a number of bytes.
        case duSize
        /// A path, kept as exact bytes (`--batch FILE`).
        case path
        /// Free text (`--command 'CMD; CMD'`, `--filter GLOB`).
        case text

        var takesValue: Bool {
            if case .none = self { return false }
            return true
        }
    }

    /// What the parser hands to `apply`.
    enum Argument: Sendable {
        case none
        case number(Int)
        case byteCount(UInt64)
        case offset(UInt64, fromEnd: Bool)
        case word(String)
        case sizeUnit(SizeUnit)
        case bytes([UInt8])
        case text(String)
    }

    /// Where `--help` and the man page list an option.
    enum Section: CaseIterable, Sendable {
        case repl, hex, xxd, du, tree, formats, selection, appearance, general
    }

    /// What filetable is doing: it decides which option a letter names, since
    /// the peers' letters overlap (`-s` is ls's sizes, hexdump's skip, du's
    /// summary). `--hex`, `--xxd`, `--du` or `--tree` anywhere before `--`
    /// selects that peer's letters (in that order, when several are given);
    /// every long option is understood in every mode.
    enum Mode: CaseIterable, Sendable {
        case listing, repl, hex, xxd, du, tree

        /// The mode the arguments select.
        static func of(_ arguments: [[UInt8]]) -> Mode {
            let options = arguments.prefix { $0 != Array("--".utf8) }
            if options.contains(Array("--hex".utf8)) { return .hex }
            if options.contains(Array("--xxd".utf8)) { return .xxd }
            if options.contains(Array("--du".utf8)) { return .du }
            if options.contains(Array("--tree".utf8)) { return .tree }
            return .listing
        }

        /// The option that selects the mode (`--hex`), or nil for ls's letters.
        var flag: String? {
            switch self {
            case .hex: return "--hex"
            case .xxd: return "--xxd"
            case .du: return "--du"
            case .tree: return "--tree"
            case .listing, .repl: return nil
            }
        }

        /// Whose letters these are, for messages.
        var peer: String {
            switch self {
            case .hex: return "hexdump's"
            case .xxd: return "xxd's"
            case .du: return "du's"
            case .tree: return "tree's"
            case .listing, .repl: return "ls's"
            }
        }
    }

    /// A set of modes, as bits: an option table's 250 `Set`s of modes cost a
    /// start-up its first generic set (the runtime builds its type from its
    /// mangled name) and 250 hashed allocations.
    struct Modes: OptionSet, Sendable {
        let rawValue: UInt8
        static let listing = Modes(rawValue: 1 << 0)
        static let repl = Modes(rawValue: 1 << 1)
        static let hex = Modes(rawValue: 1 << 2)
        static let xxd = Modes(rawValue: 1 << 3)
        static let du = Modes(rawValue: 1 << 4)
        static let tree = Modes(rawValue: 1 << 5)
        static let all: Modes = [.listing, .repl, .hex, .xxd, .du, .tree]

        /// The set holding `mode` alone.
        init(_ mode: Mode) {
            switch mode {
            case .listing: self = .listing
            case .repl: self = .repl
            case .hex: self = .hex
            case .xxd: self = .xxd
            case .du: self = .du
            case .tree: self = .tree
            }
        }

        init(rawValue: UInt8) { self.rawValue = rawValue }

        /// Whether `mode` is one of these.
        func contains(_ mode: Mode) -> Bool { contains(Modes(mode)) }
    }

    let long: String?
    let short: Character?
    let value: Value
    /// The value's name in help (`N`, `WORD`, `FILE`).
    let valueName: String
    let section: Section
    /// The modes that use the option; its letter is read only in those.
    let modes: Modes
    /// One line for `--help`.
    let summary: String
    /// More for the man page, when one line cannot say it all.
    let details: String?
    /// What to say when a number is given to an option that takes words
    /// (`--group 4`, once the hex dump's byte groups).
    let hintForANumber: String?
    let apply: @Sendable (inout CommandLineOptions, Argument) throws(UsageError) -> Void

    init(
        _ long: String?, _ short: Character? = nil, value: Value = .none, valueName: String = "", section: Section,
        modes: Modes? = nil, _ summary: String, details: String? = nil, hintForANumber: String? = nil,
        apply: @escaping @Sendable (inout CommandLineOptions, Argument) throws(UsageError) -> Void
    ) {
        self.long = long
        self.short = short
        self.value = value
        self.valueName = valueName
        self.section = section
        self.modes = modes ?? section.defaultModes
        self.summary = summary
        self.details = details
        self.hintForANumber = hintForANumber
        self.apply = apply
    }

    /// Whether the parser reads this option's letter in `mode`: the mode's
    /// own letters (listing and REPL letters alike without a peer's mode).
    func readsLetter(in mode: Mode) -> Bool {
        mode == .listing || mode == .repl ? !modes.isDisjoint(with: [.listing, .repl]) : modes.contains(mode)
    }

    /// How help shows the option's names: `-s, --skip N`, `    --tree`, `-1`, `-L[WHEN]`.
    var synopsis: String {
        var names: [String] = []
        if let short { names.append("-\(short)") }
        if let long {
            if case .optionalWord = value {
                names.append("--\(long)[=\(valueName)]")
            } else {
                names.append("--\(long)" + (value.takesValue ? " \(valueName)" : ""))
            }
        } else if case .optionalWord = value {
            // A letter's optional value is joined to it (`-Lalways`).
            names[names.count - 1] += "[\(valueName)]"
        } else if value.takesValue {
            names[names.count - 1] += " \(valueName)"
        }
        let joined = names.joined(separator: ", ")
        return short == nil ? "    " + joined : joined
    }
}

extension OptionSpec.Section {
    /// The modes an option of this section serves unless it says otherwise.
    var defaultModes: OptionSpec.Modes {
        switch self {
        case .repl: return [.repl]
        case .hex: return [.hex]
        case .xxd: return [.xxd]
        case .du: return [.du]
        case .tree: return [.tree]
        case .formats: return [.listing]
        case .selection, .appearance: return [.listing, .repl]
        case .general: return .all
        }
    }
}

extension OptionSpec.Argument {
    /// The number, for options declared with `.number`.
    var number: Int {
        if case .number(let value) = self { return value }
        return 0
    }
    var byteCount: UInt64 {
        if case .byteCount(let value) = self { return value }
        return 0
    }
    var word: String {
        if case .word(let value) = self { return value }
        return ""
    }
    var sizeUnit: SizeUnit {
        if case .sizeUnit(let value) = self { return value }
        return .bytes
    }
    var bytes: [UInt8] {
        if case .bytes(let value) = self { return value }
        return []
    }
    var text: String {
        if case .text(let value) = self { return value }
        return ""
    }
}
