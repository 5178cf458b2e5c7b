import FileBrowsing
import TableKit

/// Turns a line the user typed into a `Command`. Words are split on spaces;
/// an argument may be quoted ('…' or "…") to keep its spaces. A bare number
/// opens that row; an empty line is `next`.
enum CommandParser {
    static func parse(_ line: String) throws(CommandError) -> Command {
        // `!CMD` hands the rest of the line to the shell as it was typed.
        if line.hasPrefix("!") {
            let script = String(line.dropFirst()).trimmingSpaces
            return .shell(script.isEmpty ? nil : script)
        }
        let words = try split(line)
        guard let first = words.first else { return .continueOn }
        if Int(first) != nil, words.count == 1 { return .open(row: .number(try number(first, for: "row"))) }
        guard let spec = CommandCatalog.spec(named: first) else {
            if let suggestion = CommandCatalog.suggestion(for: first) {
                throw CommandError("unknown command '\(first)'; did you mean '\(suggestion)'?")
            }
            throw CommandError("unknown command '\(first)'; type 'help' for the list")
        }
        let arguments = Array(words.dropFirst())
        let name = spec.name

        func noArguments(_ command: Command) throws(CommandError) -> Command {
            guard arguments.isEmpty else { throw CommandError("\(name): takes no argument (usage: \(spec.usage))") }
            return command
        }
        func one() throws(CommandError) -> String {
            guard arguments.count == 1 else {
                throw CommandError(
                    "\(name): \(arguments.isEmpty ? "missing" : "too many") argument\(arguments.isEmpty ? "" : "s") (usage: \(spec.usage))")
            }
            return arguments[0]
        }
        func rest() throws(CommandError) -> String {
            guard !arguments.isEmpty else { throw CommandError("\(name): missing argument (usage: \(spec.usage))") }
            return arguments.joined(separator: " ")
        }
        func onOff() throws(CommandError) -> Bool {
            switch try one().lowercased() {
            case "on", "yes", "true": return true
            case "off", "no", "false": return false
            default: throw CommandError("\(name): expected on or off (usage: \(spec.usage))")
            }
        }
        func choice<T: RawRepresentable>(_ type: T.Type, _ word: String) throws(CommandError) -> T where T.RawValue == String {
            guard let value = T(rawValue: word.lowercased()) else {
                throw CommandError("\(name): '\(word)' is not one of \(spec.usage.split(separator: " ").dropFirst().joined(separator: " "))")
            }
            return value
        }

        switch name {
        case "list":
            var long = false
            var all = false
            for word in arguments {
                guard word.count > 1, word.hasPrefix("-"), word.dropFirst().allSatisfy({ $0 == "l" || $0 == "a" }) else {
                    throw CommandError("\(name): '\(word)' is not -l (the long style) or -a (hidden files) (usage: \(spec.usage))")
                }
                long = long || word.contains("l")
                all = all || word.contains("a")
            }
            return .list(long: long, all: all)
        case "next": return try noArguments(.next)
        case "prev": return try noArguments(.previous)
        case "top": return try noArguments(.top)
        case "end": return try noArguments(.end)
        case "page": return .page(try number(try one(), for: name))
        case "goto": return .goto(row: try rowNumber(try one()))
        case "find":
            var words = arguments
            var depth: Int?
            if let flag = words.firstIndex(of: "--depth") {
                guard flag + 1 < words.count else { throw CommandError("find: --depth needs a number (usage: \(spec.usage))") }
                let value = try number(words[flag + 1], for: "find: --depth")
                guard value <= UserNumber.depth.upperBound else {
                    throw CommandError("find: --depth \(value) is too deep (at most \(UserNumber.depth.upperBound))")
                }
                depth = value
                words.removeSubrange(flag...(flag + 1))
            }
            return .find(words.isEmpty ? nil : words.joined(separator: " "), depth: depth)
        case "open": return .open(row: try rowNumber(try one()))
        case "back":
            if arguments.isEmpty { return .back(all: false) }
            guard try one().lowercased() == "all" else { throw CommandError("back: expected 'all' or nothing (usage: \(spec.usage))") }
            return .back(all: true)
        case "up": return try noArguments(.up)
        case "cd": return .cd(arguments.isEmpty ? nil : arguments.joined(separator: " "))
        case "pwd": return try noArguments(.pwd)
        case "info": return .info(row: try rowNumber(try one()))
        case "pager": return .pager(row: try rowNumber(try one()))
        case "hex":
            guard (1...3).contains(arguments.count) else {
                throw CommandError("hex: \(arguments.isEmpty ? "missing argument" : "too many arguments") (usage: \(spec.usage))")
            }
            let row = try rowNumber(arguments[0])
            var offsetText = arguments.count > 1 ? arguments[1] : "0"
            if offsetText.hasPrefix("@") {
                guard arguments.count == 2 else { throw CommandError("hex: @OFFSET takes no LENGTH (usage: \(spec.usage))") }
                offsetText.removeFirst()
            }
            guard let offset = ByteCount.parse(offsetText) else {
                throw CommandError("hex: '\(offsetText)' is not an offset (such as 4096, 0x1000 or 4k)")
            }
            var length: UInt64?
            if arguments.count == 3 {
                guard let value = ByteCount.parse(arguments[2]) else {
                    throw CommandError("hex: '\(arguments[2])' is not a length (such as 256, 0x100 or 1k)")
                }
                length = value
            }
            return .hex(row: row, offset: offset, length: length)
        case "view":
            let wraps = arguments.contains("--wrap")
            let words = arguments.filter { $0 != "--wrap" }
            guard (1...2).contains(words.count) else {
                throw CommandError("view: \(words.isEmpty ? "missing argument" : "too many arguments") (usage: \(spec.usage))")
            }
            let row = try rowNumber(words[0])
            guard words.count == 2 else { return .view(row: row, wraps: wraps) }
            let start = words[1]
            if start.hasPrefix("+") {
                return .view(row: row, from: .line(try number(String(start.dropFirst()), for: "view: line")), wraps: wraps)
            }
            guard start.hasPrefix("/"), start.count > 1 else {
                throw CommandError("view: '\(start)' is neither +LINE nor /TEXT (usage: \(spec.usage))")
            }
            return .view(row: row, from: .text(String(start.dropFirst())), wraps: wraps)
        case "more": return try noArguments(.more)
        case "edit": return try noArguments(.edit)
        case "done": return try noArguments(.done)
        case "mark":
            guard !arguments.isEmpty else { throw CommandError("mark: missing argument (usage: \(spec.usage))") }
            return .mark(arguments)
        case "unmark":
            guard !arguments.isEmpty else { throw CommandError("unmark: missing argument (usage: \(spec.usage))") }
            return .unmark(arguments)
        case "undo": return try noArguments(.undo)
        case "show", "hide":
            guard try one().lowercased() == "marked" else { throw CommandError("\(name): expected 'marked' (usage: \(spec.usage))") }
            return .showMarked(name == "show")
        case "marks":
            guard let sub = arguments.first?.lowercased() else { return .marksList }
            switch sub {
            case "verify": return arguments.count == 1 ? .marksVerify : try noArguments(.marksVerify)
            case "clear": return arguments.count == 1 ? .marksClear : try noArguments(.marksClear)
            case "prune": return arguments.count == 1 ? .marksPrune : try noArguments(.marksPrune)
            case "export":
                var path: String?
                var format = PlanExport.Format.nulList
                var force = false
                var allowChanged = false
                let usage = "usage: marks export FILE [--json|--sh] [--force] [--changed]"
                for word in arguments.dropFirst() {
                    switch word {
                    case "--json": format = .json
                    case "--sh": format = .shellScript
                    case "--force": force = true
                    case "--changed": allowChanged = true
                    default:
                        guard path == nil, !word.hasPrefix("--") else {
                            throw CommandError("marks export: unexpected '\(word)' (\(usage))")
                        }
                        path = word
                    }
                }
                guard let path else { throw CommandError("marks export: missing FILE (\(usage))") }
                return .marksExport(path: path, format: format, force: force, allowChanged: allowChanged)
            default:
                throw CommandError("marks: '\(sub)' is not export, verify, prune or clear (usage: \(spec.usage))")
            }
        case "reload": return try noArguments(.reload)
        case "du": return try noArguments(.du)
        case "stats": return try noArguments(.stats)
        case "sort":
            guard (1...2).contains(arguments.count) else {
                throw CommandError("sort: \(arguments.isEmpty ? "missing argument" : "too many arguments") (usage: \(spec.usage))")
            }
            let key = try choice(SortKey.self, arguments[0])
            var descending: Bool?
            if arguments.count == 2 {
                switch arguments[1].lowercased() {
                case "asc": descending = false
                case "desc": descending = true
                default: throw CommandError("sort: expected asc or desc, not '\(arguments[1])'")
                }
            }
            return .sort(key, descending: descending)
        case "dirsfirst": return .directoriesFirst(try onOff())
        case "watch": return .watch(try onOff())
        case "hidden": return .hidden(try onOff())
        case "filter": return .filter(arguments.isEmpty ? nil : arguments.joined(separator: " "))
        case "group": return .group(try choice(Grouping.self, try one()))
        case "index": return try noArguments(.index)
        case "history": return try noArguments(.history)
        case "jump": return .jump(try one())
        case "style": return .style(try choice(EntryStyle.self, try one()))
        case "help":
            guard arguments.count <= 1 else { throw CommandError("help: too many arguments (usage: \(spec.usage))") }
            return .help(arguments.first)
        case "quit": return try noArguments(.quit)
        default:
            // A catalog entry this parser does not know: never another command (it used to quit).
            throw CommandError("\(name): not available in this version (a catalog entry without a parser)")
        }
    }

    /// A row as the user typed it: a number (1-based) or a name; checked
    /// against the table later.
    private static func rowNumber(_ word: String) throws(CommandError) -> RowReference {
        guard !word.isEmpty, word.allSatisfy({ $0.isASCII && $0.isNumber }) else { return .name(word) }
        return .number(try number(word, for: "row"))
    }

    private static func number(_ word: String, for what: String) throws(CommandError) -> Int {
        guard let value = Int(word), value >= 1 else {
            throw CommandError("\(what): '\(word)' is not a number of 1 or more")
        }
        return value
    }

    /// Splits on unquoted spaces; quotes group words and are removed.
    static func split(_ line: String) throws(CommandError) -> [String] {
        var words: [String] = []
        var current = ""
        var quote: Character?
        var inWord = false
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
                inWord = true
            } else if character == " " || character == "\t" {
                if inWord {
                    words.append(current)
                    current = ""
                    inWord = false
                }
            } else {
                current.append(character)
                inWord = true
            }
        }
        if quote != nil { throw CommandError("unbalanced quote in '\(line)'") }
        if inWord { words.append(current) }
        return words
    }
}
