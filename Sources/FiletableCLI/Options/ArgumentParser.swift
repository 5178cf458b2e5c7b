import FileBrowsing

/// Turns the argument bytes into `CommandLineOptions`, in the conventions `ls`
/// users know: combined short flags (`-laS`), `--opt=value` and `--opt value`,
/// `--` to end options, operands as exact bytes.
struct ArgumentParser {
    private var arguments: [[UInt8]]
    private var position = 0
    private var options = CommandLineOptions()

    static func parse(_ arguments: [[UInt8]]) throws(UsageError) -> CommandLineOptions {
        var parser = ArgumentParser(arguments: arguments)
        return try parser.run()
    }

    static func parse(_ arguments: [String]) throws(UsageError) -> CommandLineOptions {
        try parse(arguments.map { Array($0.utf8) })
    }

    private init(arguments: [[UInt8]]) {
        self.arguments = arguments
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
            } else {
                try parseShortCluster(argument)
            }
        }
        options.operandsGiven = !options.paths.isEmpty
        if options.paths.isEmpty { options.paths = [Array(".".utf8)] }
        return options
    }

    /// `-laS`, and `-bFILE` / `-b FILE` for the flags that take a value
    /// (whose bytes are kept exactly).
    private mutating func parseShortCluster(_ argument: [UInt8]) throws(UsageError) {
        let cluster = NameEscaping.typedText(Array(argument.dropFirst()))
        for (offset, flag) in cluster.enumerated() {
            switch flag {
            case "x": options.hexDump = true
            case "y": options.assumeYes = true
            case "v": options.hexSqueeze = false
            case "b", "c", "s", "n":
                // Takes a value: the rest of the cluster, or the next argument.
                // Every flag before this one was ASCII, one byte each.
                let rest = Array(argument.dropFirst(2 + offset))
                let value = rest.isEmpty ? try takeNext(orSay: "option requires an argument -- '\(flag)'") : rest
                switch flag {
                case "b": options.batchFile = value
                case "c": options.commands = NameEscaping.typedText(value)
                case "s": options.hexSkip = try Self.byteCount(value, for: "-s")
                default: options.hexLength = try Self.byteCount(value, for: "-n")
                }
                return
            case "1": setFormat(.oneLine)
            case "l": setFormat(.long)
            case "0": setFormat(.print0)
            case "R": options.recursive = true; options.formatRequested = true
            case "a": options.listOptions.hidden = .shownWithDotEntries
            case "A": options.listOptions.hidden = .shown
            case "h": options.humanSizes = true
            case "S": options.listOptions.sortKey = .size
            case "t": options.listOptions.sortKey = .time
            case "X": options.listOptions.sortKey = .ext
            case "U": options.listOptions.sortKey = .none
            case "r": options.listOptions.reversed = true
            case "F": options.typeIndicators = true
            case "L": options.followSymlinks = true
            default:
                throw UsageError(message: "invalid option -- '\(flag)'", hint: UsageError.seeHelp)
            }
        }
    }

    /// `--name`, `--name=value` or `--name value`; the value's bytes are kept
    /// exactly for paths and decoded as typed text for everything else.
    private mutating func parseLong(_ argument: [UInt8]) throws(UsageError) {
        let name: String, inlineBytes: [UInt8]?
        if let equals = argument.firstIndex(of: 0x3D) {
            name = NameEscaping.typedText(Array(argument[..<equals]))
            inlineBytes = Array(argument[(equals + 1)...])
        } else {
            name = NameEscaping.typedText(argument)
            inlineBytes = nil
        }
        let inlineValue = inlineBytes.map(NameEscaping.typedText)
        /// The value's exact bytes, for a path (`--batch FILE`).
        func rawValue() throws(UsageError) -> [UInt8] {
            if let inlineBytes { return inlineBytes }
            return try takeNext(orSay: "option '--\(name)' requires an argument")
        }
        func value() throws(UsageError) -> String {
            if let inlineValue { return inlineValue }
            return NameEscaping.typedText(try rawValue())
        }
        func noValue() throws(UsageError) {
            if inlineValue != nil { throw UsageError(message: "option '--\(name)' doesn't allow an argument") }
        }
        switch name {
        case "help": try noValue(); options.showHelp = true
        case "version": try noValue(); options.showVersion = true
        case "json": try noValue(); setFormat(.json)
        case "print0": try noValue(); setFormat(.print0)
        case "long": try noValue(); setFormat(.long)
        case "tree": try noValue(); options.tree = true; options.formatRequested = true
        case "recursive": try noValue(); options.recursive = true; options.formatRequested = true
        case "all": try noValue(); options.listOptions.hidden = .shownWithDotEntries
        case "almost-all": try noValue(); options.listOptions.hidden = .shown
        case "human-readable": try noValue(); options.humanSizes = true
        case "reverse": try noValue(); options.listOptions.reversed = true
        case "classify": try noValue(); options.typeIndicators = true
        case "dereference": try noValue(); options.followSymlinks = true
        case "group-directories-first": try noValue(); options.listOptions.directoriesFirst = true
        case "depth":
            options.maxDepth = try Self.number(try value(), in: UserNumber.depth, what: "depth")
            options.formatRequested = true
        case "sort":
            let text = try value()
            guard let key = SortKey(rawValue: text) else {
                throw UsageError(message: "invalid argument '\(text)' for '--sort'", hint: "Valid arguments are: name, size, time, ext, none")
            }
            options.listOptions.sortKey = key
        case "page-size":
            options.pageSize = try Self.number(try value(), in: UserNumber.pageSize, what: "page size")
        case "batch":
            options.batchFile = try rawValue()
        case "command":
            options.commands = try value()
        case "hex": try noValue(); options.hexDump = true
        case "yes": try noValue(); options.assumeYes = true
        case "no-edit": try noValue(); options.lineEditing = false
        case "no-squeeze": try noValue(); options.hexSqueeze = false
        case "upper": try noValue(); options.hexUppercase = true
        case "skip": options.hexSkip = try Self.byteCount(Array(try value().utf8), for: "--skip")
        case "length": options.hexLength = try Self.byteCount(Array(try value().utf8), for: "--length")
        case "format":
            let text = try value()
            guard ["canonical", "xxd", "plain"].contains(text) else {
                throw UsageError(message: "invalid argument '\(text)' for '--format'", hint: "Valid arguments are: canonical, xxd, plain")
            }
            options.hexFormatName = text
        case "cols":
            options.hexColumns = try Self.number(try value(), in: UserNumber.hexColumns, what: "number of columns")
        case "filter":
            options.listOptions.filter = GlobPattern(try value())
        case "group":
            let text = try value()
            // A number is the hex dump's byte grouping (xxd -g); a word, the listing's sections.
            if Int(text) != nil {
                options.hexGroup = try Self.number(text, in: UserNumber.hexGroup, what: "group size")
                return
            }
            guard let grouping = Grouping(rawValue: text) else {
                throw UsageError(message: "invalid argument '\(text)' for '--group'", hint: "Valid arguments are: none, letter, kind")
            }
            options.listOptions.grouping = grouping
        case "color", "colour":
            var text = inlineValue ?? "always"
            let words = ["always", "yes", "force", "never", "no", "none", "auto", "tty", "if-tty"]
            if inlineValue == nil, position < arguments.count,
               words.contains(NameEscaping.typedText(arguments[position])) {
                text = NameEscaping.typedText(arguments[position])
                position += 1
            }
            switch text {
            case "always", "yes", "force": options.color = .always
            case "never", "no", "none": options.color = .never
            case "auto", "tty", "if-tty": options.color = .auto
            default:
                throw UsageError(message: "invalid argument '\(text)' for '--color'", hint: "Valid arguments are: always, auto, never")
            }
        default:
            throw UsageError(message: "unrecognized option '--\(name)'", hint: UsageError.seeHelp)
        }
    }

    /// The next argument as an option's value, or a usage error saying `missing`.
    private mutating func takeNext(orSay missing: String) throws(UsageError) -> [UInt8] {
        guard position < arguments.count else { throw UsageError(message: missing, hint: UsageError.seeHelp) }
        position += 1
        return arguments[position - 1]
    }

    private static func number(_ text: String, in range: ClosedRange<Int>, what: String) throws(UsageError) -> Int {
        switch UserNumber.parse(text, in: range, what: what) {
        case .success(let value): return value
        case .failure(let problem): throw UsageError(message: problem.message)
        }
    }

    private static func byteCount(_ value: [UInt8], for flag: String) throws(UsageError) -> UInt64 {
        let text = NameEscaping.typedText(value)
        guard let count = ByteCount.parse(text) else {
            throw UsageError(message: "invalid byte count '\(text)' for \(flag): expected a number such as 4096, 0x1000 or 4k")
        }
        return count
    }

    private mutating func setFormat(_ format: CommandLineOptions.Format) {
        options.format = format
        options.formatRequested = true
    }
}
