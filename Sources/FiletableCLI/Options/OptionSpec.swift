/// One command-line option, declared once: its names, the value it takes
/// and its range, the modes that use it, its help, and what it sets. The
/// parser, `--help`, the man page and the shell completions are all made
/// from the list of these in `OptionTable`, so they cannot disagree.
struct OptionSpec: Sendable {
    /// The value an option takes, which says how it is read, checked and completed.
    enum Value: Sendable {
        /// A flag: no value.
        case none
        /// A whole number in a range (`--depth N`); `what` names it in errors.
        case number(ClosedRange<Int>, what: String)
        /// A byte count: decimal, 0x hex, 0 octal, with k/m/g (`--skip N`).
        case byteCount
        /// One of these words (`--sort WORD`).
        case word([String])
        /// One of these words or none, then `implied` (`--color[=WHEN]`): the
        /// next argument is taken only when it is one of the words.
        case optionalWord([String], implied: String)
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
        case word(String)
        case bytes([UInt8])
        case text(String)
    }

    /// Where `--help` and the man page list an option.
    enum Section: CaseIterable, Sendable {
        case repl, hex, formats, selection, appearance, general
    }

    let long: String?
    let short: Character?
    let value: Value
    /// The value's name in help (`N`, `WORD`, `FILE`).
    let valueName: String
    let section: Section
    /// One line for `--help`.
    let summary: String
    /// What to say when a number is given to an option that takes words
    /// (`--group 4`, once the hex dump's byte groups).
    let hintForANumber: String?
    let apply: @Sendable (inout CommandLineOptions, Argument) throws(UsageError) -> Void

    init(_ long: String?, _ short: Character? = nil, value: Value = .none, valueName: String = "", section: Section,
         _ summary: String, hintForANumber: String? = nil,
         apply: @escaping @Sendable (inout CommandLineOptions, Argument) throws(UsageError) -> Void) {
        self.long = long
        self.short = short
        self.value = value
        self.valueName = valueName
        self.section = section
        self.summary = summary
        self.hintForANumber = hintForANumber
        self.apply = apply
    }

    /// How help shows the option's names: `-s, --skip N`, `    --tree`, `-1`.
    var synopsis: String {
        var names: [String] = []
        if let short { names.append("-\(short)") }
        if let long {
            if case .optionalWord = value { names.append("--\(long)[=\(valueName)]") }
            else { names.append("--\(long)" + (value.takesValue ? " \(valueName)" : "")) }
        } else if value.takesValue {
            names[names.count - 1] += " \(valueName)"
        }
        let joined = names.joined(separator: ", ")
        return short == nil ? "    " + joined : joined
    }
}

extension OptionSpec.Argument {
    /// The number, for options declared with `.number`.
    var number: Int { if case .number(let value) = self { return value }; return 0 }
    var byteCount: UInt64 { if case .byteCount(let value) = self { return value }; return 0 }
    var word: String { if case .word(let value) = self { return value }; return "" }
    var bytes: [UInt8] { if case .bytes(let value) = self { return value }; return [] }
    var text: String { if case .text(let value) = self { return value }; return "" }
}
