import FileBrowsing

/// The words typed after a command's name, with the checks every command's
/// grammar is built from. Each check's message names the command and its
/// usage, so a mistake reads the same whichever command it is made in.
struct CommandWords {
    let spec: CommandSpec
    let arguments: [String]

    var name: String { spec.name }
    var isEmpty: Bool { arguments.isEmpty }

    /// `NAME: PROBLEM (usage: USAGE)`.
    func usageError(_ problem: String) -> CommandError {
        CommandError("\(name): \(problem) (usage: \(spec.usage))")
    }

    /// Nothing may follow the name.
    func none() throws(CommandError) {
        guard arguments.isEmpty else { throw usageError("takes no argument") }
    }

    /// Exactly one word.
    func one() throws(CommandError) -> String {
        guard arguments.count == 1 else {
            throw usageError(arguments.isEmpty ? "missing argument" : "too many arguments")
        }
        return arguments[0]
    }

    /// One word or more, joined by spaces.
    func rest() throws(CommandError) -> String {
        guard !arguments.isEmpty else { throw usageError("missing argument") }
        return arguments.joined(separator: " ")
    }

    /// The words joined by spaces, or nil when there are none.
    var joined: String? { arguments.isEmpty ? nil : arguments.joined(separator: " ") }

    /// One word: on or off (yes/no, true/false).
    func onOff() throws(CommandError) -> Bool {
        switch try one().lowercased() {
        case "on", "yes", "true": return true
        case "off", "no", "false": return false
        default: throw usageError("expected on or off")
        }
    }

    /// A word naming one value of `type`, ignoring case.
    func choice<T: RawRepresentable>(_ type: T.Type, _ word: String) throws(CommandError) -> T where T.RawValue == String {
        guard let value = T(rawValue: word.lowercased()) else {
            throw CommandError("\(name): '\(word)' is not one of \(spec.usage.split(separator: " ").dropFirst().joined(separator: " "))")
        }
        return value
    }

    /// A row as the user typed it: a number (1-based) or a name; checked
    /// against the table when the command runs.
    static func row(_ word: String) throws(CommandError) -> RowReference {
        guard !word.isEmpty, word.allSatisfy({ $0.isASCII && $0.isNumber }) else { return .name(word) }
        return .number(try number(word, for: "row"))
    }

    /// A whole number of 1 or more.
    static func number(_ word: String, for what: String) throws(CommandError) -> Int {
        guard let value = Int(word), value >= 1 else {
            throw CommandError("\(what): '\(word)' is not a number of 1 or more")
        }
        return value
    }
}
