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
                try parseLong(String(decoding: argument.dropFirst(2), as: UTF8.self))
            } else {
                try parseShortCluster(String(decoding: argument.dropFirst(), as: UTF8.self))
            }
        }
        options.operandsGiven = !options.paths.isEmpty
        if options.paths.isEmpty { options.paths = [Array(".".utf8)] }
        return options
    }

    private mutating func parseShortCluster(_ cluster: String) throws(UsageError) {
        for (offset, flag) in cluster.enumerated() {
            switch flag {
            case "x": options.hexDump = true
            case "y": options.assumeYes = true
            case "v": options.hexSqueeze = false
            case "b", "c", "s", "n":
                // Takes a value: the rest of the cluster, or the next argument.
                let rest = String(cluster.dropFirst(offset + 1))
                let value: [UInt8]
                if !rest.isEmpty {
                    value = Array(rest.utf8)
                } else {
                    guard position < arguments.count else {
                        throw UsageError(message: "option requires an argument -- '\(flag)'\nTry 'filetable --help' for more information.")
                    }
                    value = arguments[position]
                    position += 1
                }
                switch flag {
                case "b": options.batchFile = value
                case "c": options.commands = String(decoding: value, as: UTF8.self)
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
                throw UsageError(message: "invalid option -- '\(flag)'\nTry 'filetable --help' for more information.")
            }
        }
    }

    private mutating func parseLong(_ text: String) throws(UsageError) {
        let name: String, inlineValue: String?
        if let equals = text.firstIndex(of: "=") {
            name = String(text[..<equals])
            inlineValue = String(text[text.index(after: equals)...])
        } else {
            name = text
            inlineValue = nil
        }
        func value() throws(UsageError) -> String {
            if let inlineValue { return inlineValue }
            guard position < arguments.count else {
                throw UsageError(message: "option '--\(name)' requires an argument\nTry 'filetable --help' for more information.")
            }
            position += 1
            return String(decoding: arguments[position - 1], as: UTF8.self)
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
            let text = try value()
            guard let depth = Int(text), depth >= 1 else {
                throw UsageError(message: "invalid depth '\(text)': expected a whole number of at least 1")
            }
            options.maxDepth = depth
            options.formatRequested = true
        case "sort":
            let text = try value()
            guard let key = SortKey(rawValue: text) else {
                throw UsageError(message: "invalid argument '\(text)' for '--sort'\nValid arguments are: name, size, time, ext, none")
            }
            options.listOptions.sortKey = key
        case "page-size":
            let text = try value()
            guard let size = Int(text), size >= 1 else {
                throw UsageError(message: "invalid page size '\(text)': expected a whole number of at least 1")
            }
            options.pageSize = size
        case "batch":
            options.batchFile = Array(try value().utf8)
        case "command":
            options.commands = try value()
        case "hex": try noValue(); options.hexDump = true
        case "yes": try noValue(); options.assumeYes = true
        case "no-squeeze": try noValue(); options.hexSqueeze = false
        case "upper": try noValue(); options.hexUppercase = true
        case "skip": options.hexSkip = try Self.byteCount(Array(try value().utf8), for: "--skip")
        case "length": options.hexLength = try Self.byteCount(Array(try value().utf8), for: "--length")
        case "format":
            let text = try value()
            guard ["canonical", "xxd", "plain"].contains(text) else {
                throw UsageError(message: "invalid argument '\(text)' for '--format'\nValid arguments are: canonical, xxd, plain")
            }
            options.hexFormatName = text
        case "cols":
            let text = try value()
            guard let number = Int(text), number >= 0 else {
                throw UsageError(message: "invalid number '\(text)' for '--\(name)'")
            }
            guard number <= 256 else { throw UsageError(message: "invalid number of columns (max. 256).") }
            options.hexColumns = number
        case "filter":
            options.listOptions.filter = GlobPattern(try value())
        case "group":
            let text = try value()
            // A number is the hex dump's byte grouping (xxd -g); a word, the listing's sections.
            if let bytes = Int(text), bytes >= 0 {
                options.hexGroup = bytes
                return
            }
            guard let grouping = Grouping(rawValue: text) else {
                throw UsageError(message: "invalid argument '\(text)' for '--group'\nValid arguments are: none, letter, kind")
            }
            options.listOptions.grouping = grouping
        case "color", "colour":
            var text = inlineValue ?? "always"
            let words = ["always", "yes", "force", "never", "no", "none", "auto", "tty", "if-tty"]
            if inlineValue == nil, position < arguments.count,
               words.contains(String(decoding: arguments[position], as: UTF8.self)) {
                text = String(decoding: arguments[position], as: UTF8.self)
                position += 1
            }
            switch text {
            case "always", "yes", "force": options.color = .always
            case "never", "no", "none": options.color = .never
            case "auto", "tty", "if-tty": options.color = .auto
            default:
                throw UsageError(message: "invalid argument '\(text)' for '--color'\nValid arguments are: always, auto, never")
            }
        default:
            throw UsageError(message: "unrecognized option '--\(name)'\nTry 'filetable --help' for more information.")
        }
    }

    private static func byteCount(_ value: [UInt8], for flag: String) throws(UsageError) -> UInt64 {
        let text = String(decoding: value, as: UTF8.self)
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
