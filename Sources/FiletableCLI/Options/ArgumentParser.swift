import FileBrowsing
import SystemSeam

/// Turns the argument bytes into `CommandLineOptions`, in the conventions `ls`
/// users know: combined short flags (`-laS`), `-bFILE` and `-b FILE`,
/// `--opt=value` and `--opt value`, `--` to end options, operands as exact
/// bytes. Which options exist, what they take and what they set is
/// `OptionTable`'s; this reads and checks the values.
struct ArgumentParser {
    private var arguments: [[UInt8]]
    private var position = 0
    private var options = CommandLineOptions()
    /// Whose letters these are: hexdump's after `--hex`, xxd's after `--xxd`,
    /// du's after `--du`, tree's after `--tree`, ls's otherwise.
    private let mode: OptionSpec.Mode
    /// The peer filetable runs as, if any (`CalledAs`).
    private var calledAs: CalledAs?

    /// Run as a peer (`calledAs`), the peer's long names and defaults apply.
    static func parse(_ arguments: [[UInt8]], calledAs: CalledAs? = nil) throws(UsageError) -> CommandLineOptions {
        var parser = ArgumentParser(arguments: arguments)
        parser.calledAs = calledAs
        return try parser.run()
    }

    static func parse(_ arguments: [String]) throws(UsageError) -> CommandLineOptions {
        try parse(arguments.map { Array($0.utf8) })
    }

    private init(arguments: [[UInt8]]) {
        self.arguments = arguments
        mode = OptionSpec.Mode.of(arguments)
    }

    private mutating func run() throws(UsageError) -> CommandLineOptions {
        var operandsOnly = false
        while position < arguments.count {
            let argument = arguments[position]
            position += 1
            if operandsOnly || argument.count < 2 || argument[0] != 0x2D {
                options.paths.append(argument)
            } else if argument == Array("--".utf8) {
                operandsOnly = true
            } else if argument[1] == 0x2D {
                try parseLong(Array(argument.dropFirst(2)))
            } else if mode == .xxd, let letter = OptionTable.xxdWords[NameEscaping.typedText(argument)] {
                // xxd's own spelling of a letter: `-cols 8` is `-c 8`.
                try parseShortCluster(Array("-\(letter)".utf8))
            } else {
                try parseShortCluster(argument)
            }
        }
        calledAs?.adoptDefaults(&options)
        options.mode = try ProgramMode.chosen(by: options)
        options.settle()
        // ls's default --time-style, for the listings that print times.
        if options.formatRequested, !options.times.styleChosen, let style = Environment.value("TIME_STYLE"), !style.isEmpty {
            guard TimeFormat.Layout(style) != nil else {
                throw UsageError(
                    message: "invalid TIME_STYLE '\(NameEscaping.terminalSafe(style))'",
                    hint: "Valid values are: " + OptionTable.timeStyleWords.joined(separator: ", ") + ", or +FORMAT.")
            }
            options.setTimeStyle(style)
        }
        try options.mode.validate(options)
        if options.mode.dumps, let conflict = DumpLayoutChoice(options: options, arguments: arguments).conflict { throw conflict }
        options.operandsGiven = !options.paths.isEmpty
        if options.paths.isEmpty { options.paths = [Array(".".utf8)] }
        return options
    }

    /// `-laS`, and `-bFILE` / `-b FILE` for the letters that take a value
    /// (the rest of the cluster, or the next argument). After `--xxd` a
    /// flag is one letter an argument, the rest ignored, as xxd reads it.
    private mutating func parseShortCluster(_ argument: [UInt8]) throws(UsageError) {
        let cluster = NameEscaping.typedText(Array(argument.dropFirst()))
        for (offset, letter) in cluster.enumerated() {
            let found = calledAs.map { $0.option(short: letter, in: mode) } ?? OptionTable.option(short: letter, in: mode)
            guard let spec = found else { throw refusal(of: letter) }
            guard spec.value.takesValue else {
                try spec.apply(&options, .none)
                // xxd reads one letter an argument and ignores the rest (`-ub` is -u, `-b1` -b).
                if mode == .xxd { return }
                continue
            }
            // Every letter before this one was ASCII, one byte each.
            let rest = Array(argument.dropFirst(2 + offset))
            // getopt's optional value (`L::`): only the rest of the cluster, never the next argument.
            if case .optionalWord(_, let implied) = spec.value {
                try spec.apply(&options, try read(rest.isEmpty ? Array(implied.utf8) : rest, for: spec, named: "-\(letter)"))
                return
            }
            let value = rest.isEmpty ? try takeNext(orSay: "option requires an argument -- '\(letter)'") : rest
            try spec.apply(&options, try read(value, for: spec, named: "-\(letter)"))
            return
        }
    }

    /// Why a letter is not read in this mode: the peer's meaning when it is
    /// one filetable does not take, or the mode whose letter it is.
    private func refusal(of letter: Character) -> UsageError {
        if let meaning = OptionTable.peerMeaning(of: letter, in: mode) {
            guard let flag = mode.flag else {
                return UsageError(message: "invalid option -- '\(letter)'", hint: "-\(letter) is ls's \(meaning), which filetable does not take.")
            }
            return UsageError(
                message: "invalid option -- '\(letter)'",
                hint:
                    "-\(letter) is \(mode.peer) \(meaning), which filetable \(flag) does not take; after \(flag) the letters are \(mode.peer) (--help lists them)."
            )
        }
        if let flag = mode.flag, OptionTable.option(short: letter, in: .listing) != nil {
            return UsageError(
                message: "invalid option -- '\(letter)'",
                hint: "-\(letter) is a listing letter; after \(flag) the letters are \(mode.peer) (--help lists them).")
        }
        let owners = [OptionSpec.Mode.hex, .xxd, .du, .tree].filter { OptionTable.option(short: letter, in: $0) != nil }
        if let owner = owners.first, let flag = owner.flag {
            if owners.count > 1 {
                let each = owners.compactMap { mode in mode.flag.map { "\(mode.peer) after \($0)" } }.joined(separator: ", ")
                return UsageError(message: "invalid option -- '\(letter)'", hint: "-\(letter) is a letter of other modes: \(each).")
            }
            let what = owner == .hex ? "a hex dump letter; add --hex to dump a file." : "\(owner.peer) letter; it is read after \(flag)."
            return UsageError(message: "invalid option -- '\(letter)'", hint: "-\(letter) is " + what)
        }
        return UsageError(message: "invalid option -- '\(letter)'", hint: UsageError.seeHelp)
    }

    /// `--name`, `--name=value` or `--name value`.
    private mutating func parseLong(_ argument: [UInt8]) throws(UsageError) {
        var name: String
        var inline: [UInt8]?
        if let equals = argument.firstIndex(of: 0x3D) {
            name = NameEscaping.typedText(Array(argument[..<equals]))
            inline = Array(argument[(equals + 1)...])
        } else {
            name = NameEscaping.typedText(argument)
        }
        if name == "colour" { name = "color" }
        if let calledAs { name = calledAs.longOptionName(name) }
        // The peer's meaning for its name, or for the name an abbreviation stands for.
        var peer = OptionTable.peerLongOption(name, in: mode)
        if peer == nil, let full = (try? Self.longOption(named: name, in: mode))??.long, let fullPeer = OptionTable.peerLongOption(full, in: mode) {
            name = full
            peer = fullPeer
        }
        switch peer {
        case .refused(let meaning)?:
            guard let flag = mode.flag else {
                throw UsageError(message: "unrecognized option '--\(name)'", hint: "--\(name) is \(meaning), which filetable does not take.")
            }
            throw UsageError(
                message: "unrecognized option '--\(name)'",
                hint: "--\(name) is \(meaning), which filetable \(flag) does not take; after \(flag) the options are \(mode.peer).")
        case .means(let peerSpec)?:
            if inline != nil { throw UsageError(message: "option '--\(name)' doesn't allow an argument") }
            try peerSpec.apply(&options, .none)
            return
        case .optionalValueMeans(let peerSpec)?:
            try peerSpec.apply(&options, inline.map { .text(NameEscaping.typedText($0)) } ?? .none)
            return
        case .valueMeans(let peerSpec, let words)?:
            let value = inline ?? (position < arguments.count ? arguments[position] : nil)
            if let value, !words.contains(NameEscaping.typedText(value)) {
                if inline == nil { position += 1 }
                try peerSpec.apply(&options, try read(value, for: peerSpec, named: "--\(name)"))
                return
            }
        case nil:
            break
        }
        guard let spec = try Self.longOption(named: name, in: mode) else {
            throw UsageError(message: "unrecognized option '--\(name)'", hint: UsageError.seeHelp)
        }
        name = spec.long ?? name
        switch spec.value {
        case .none:
            if inline != nil { throw UsageError(message: "option '--\(name)' doesn't allow an argument") }
            try spec.apply(&options, .none)
        case .optionalWord(let words, let implied):
            var word = inline.map(NameEscaping.typedText) ?? implied
            if inline == nil, position < arguments.count, words.contains(NameEscaping.typedText(arguments[position])) {
                word = NameEscaping.typedText(arguments[position])
                position += 1
            }
            try spec.apply(&options, try read(Array(word.utf8), for: spec, named: "--\(name)"))
        default:
            let value: [UInt8]
            if let inline { value = inline } else { value = try takeNext(orSay: "option '--\(name)' requires an argument") }
            try spec.apply(&options, try read(value, for: spec, named: "--\(name)"))
        }
    }

    /// The option `--name` names: its whole name, or as getopt allows, a
    /// beginning only one option's name has (`--sum` for `--summarize`),
    /// or only one of the options of `mode` has, as the peer's own getopt
    /// sees its options (`--gr` is ls's `--group-directories-first`, not a
    /// hex dump's `--group-size`); a beginning several share is refused with
    /// their names.
    private static func longOption(named name: String, in mode: OptionSpec.Mode) throws(UsageError) -> OptionSpec? {
        if let exact = OptionTable.option(long: name) { return exact }
        guard !name.isEmpty else { return nil }
        var candidates = OptionTable.all.filter { $0.long?.hasPrefix(name) ?? false }
        let inMode = candidates.filter { $0.modes.contains(mode) }
        if candidates.count > 1 && inMode.count == 1 { candidates = inMode }
        // ls's letters are read as ls reads them: among several, ls's own option (`--gr` is its --group-directories-first).
        let lsOwn = candidates.filter { OptionTable.lsLongOptions.contains($0.long ?? "") }
        if mode == .listing && candidates.count > 1 && lsOwn.count == 1 { candidates = lsOwn }
        if candidates.count > 1 {
            let names = candidates.compactMap(\.long).map { "'--\($0)'" }.joined(separator: " ")
            throw UsageError(message: "option '--\(name)' is ambiguous; possibilities: \(names)", hint: UsageError.seeHelp)
        }
        return candidates.first
    }

    /// An option's value read and checked as its declaration says.
    private func read(_ value: [UInt8], for spec: OptionSpec, named flag: String) throws(UsageError) -> OptionSpec.Argument {
        let text = NameEscaping.typedText(value)
        switch spec.value {
        case .none:
            return .none
        case .path:
            return .bytes(value)
        case .text:
            return .text(text)
        case .number(let range, let what, let cPrefixes, let beyond):
            switch UserNumber.parse(text, in: range, what: what, cPrefixes: cPrefixes, beyond: beyond) {
            case .success(let number): return .number(number)
            case .failure(let problem): throw UsageError(message: problem.message)
            }
        case .byteCountOrUnlimited where text.hasPrefix("-") && ByteCount.parse(String(text.dropFirst())) != nil:
            return .byteCount(.max)
        case .byteCount, .byteCountOrUnlimited:
            guard let count = ByteCount.parse(text) else {
                throw UsageError(message: "invalid byte count '\(text)' for \(flag): expected a number such as 4096, 0x1000, 010 (octal) or 4k")
            }
            return .byteCount(count)
        case .offset:
            // xxd's +N: from the current position, the start for a file opened here.
            let fromEnd = text.hasPrefix("-")
            guard let count = ByteCount.parse(fromEnd || text.hasPrefix("+") ? String(text.dropFirst()) : text) else {
                throw UsageError(
                    message:
                        "invalid byte count '\(text)' for \(flag): expected a number such as 4096, 0x1000, 010 (octal) or 4k, or -16 for 16 bytes before the end"
                )
            }
            return .offset(count, fromEnd: fromEnd)
        case .duSize:
            // du's words, the option named as given, and no hint (du gives none).
            guard let size = DuThreshold.parse(text) else {
                // du names -0 by its long name whichever way it came.
                let refusedZero = text.hasPrefix("-") && DuThreshold.parse(String(text.dropFirst())) == 0
                throw UsageError(message: "invalid \(refusedZero ? "--threshold" : flag) argument '\(text)'")
            }
            return .number(Int(size))
        case .sizeUnit:
            guard let unit = SizeUnit.parse(text) else {
                throw UsageError(
                    message: "invalid block size '\(text)' for \(flag)",
                    hint: "Expected a number, a unit (K, M, G, KiB, KB, 1M) or human-readable or si.")
            }
            return .sizeUnit(unit)
        case .wordOrFormat where text.hasPrefix("+"):
            return .word(text)
        case .word(let words), .optionalWord(let words, _), .wordOrFormat(let words):
            if words.contains(text) { return .word(text) }
            // As ls's argmatch, for the mode's own options: a beginning only
            // one word has, or only words of one meaning (`n`: never, no,
            // none), stands for it. Another mode's words are never guessed
            // (`--format=c` is ls's commas, not a hex dump's canonical).
            let beginning = text.isEmpty || !spec.modes.contains(mode) ? [] : words.filter { $0.hasPrefix(text) }
            if let first = beginning.first, Set(beginning.map(OptionTable.meaning(ofWord:))).count == 1 { return .word(first) }
            // In a listing, ls's word among filetable's own (`--sort=n` is ls's none; `na` is name).
            let lsWords = mode == .listing ? beginning.filter { OptionTable.lsWords[spec.long ?? ""]?.contains($0) ?? false } : []
            if lsWords.count == 1 { return .word(lsWords[0]) }
            if mode == .listing && spec.long == "time-style" { throw Self.lsTimeStyleError(text) }
            let hint = Int(text).flatMap { _ in spec.hintForANumber } ?? "Valid arguments are: " + words.joined(separator: ", ")
            // ls's argmatch exits 1 (its `usage (EXIT_FAILURE)`), not 2.
            throw UsageError(
                message: "\(beginning.isEmpty ? "invalid" : "ambiguous") argument '\(text)' for '\(flag)'", hint: hint,
                status: mode == .listing && OptionTable.lsArgmatchOptions.contains(spec.long ?? "") ? .minorTrouble : .seriousTrouble)
        }
    }

    /// ls's own words for a time style it does not know (status 2, as ls).
    private static func lsTimeStyleError(_ text: String) -> UsageError {
        let styles = ["[posix-]full-iso", "[posix-]long-iso", "[posix-]iso", "[posix-]locale", "+FORMAT (e.g., +%H:%M) for a 'date'-style format"]
        return UsageError(
            message: "invalid argument '\(text)' for 'time style'",
            hint: (["Valid arguments are:"] + styles.map { "  - " + $0 } + [UsageError.seeHelp]).joined(separator: "\n"))
    }

    /// The next argument as an option's value, or a usage error saying `missing`.
    private mutating func takeNext(orSay missing: String) throws(UsageError) -> [UInt8] {
        guard position < arguments.count else { throw UsageError(message: missing, hint: UsageError.seeHelp) }
        position += 1
        return arguments[position - 1]
    }

}
