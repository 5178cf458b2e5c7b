import FileBrowsing

/// One REPL command: a value holding what the user typed, parsed, that the
/// session runs. Its words, help and completion come with it when it is a
/// `RegisteredCommand`.
protocol ReplCommand: Equatable, Sendable {
    /// Carries the command out with the parts of the session it needs.
    func run(in context: CommandContext) throws(CommandError) -> Ending
}

/// How a command leaves the session: going on, or ended (`quit`).
enum Ending: Equatable {
    case keepGoing
    case quit
}

/// A command the user can type by name: everything about it in one file,
/// its spec (name, aliases, usage, help), its grammar, what Tab completes
/// after it, and (as a `ReplCommand`) what it does. `CommandRegistry` lists
/// every one; parsing, completion, `help` and the man page read it there.
protocol RegisteredCommand: ReplCommand {
    static var spec: CommandSpec { get }
    /// The command from the words typed after its name (quotes removed).
    /// A mistake is a one-line `CommandError` that names the usage.
    static func parse(_ words: CommandWords) throws(CommandError) -> Self
    /// What Tab offers for the argument at `position` (1 is the first),
    /// given the argument words typed before it.
    static func completion(at position: Int, after arguments: [String]) -> ArgumentCompletion
    /// Whether it shows screens of its own or runs a program that takes the
    /// terminal (a viewer, a pager, a shell): the full-screen view's `:`
    /// runs such a command on the normal screen, the others in place.
    static var usesTheTerminal: Bool { get }
}

extension RegisteredCommand {
    static var usesTheTerminal: Bool { false }
}

/// What Tab completes for one argument: the command says what kind of word
/// it takes; `CommandCompleter` knows how to find the candidates.
enum ArgumentCompletion: Equatable {
    /// The command takes no word here.
    case nothing
    /// One of these literal words.
    case words([String])
    /// A row of the current table, by its name as shown.
    case rows
    /// A path: any entry, or directories only.
    case paths(directoriesOnly: Bool)
    /// A path, or one of these flags when the word starts with `-`.
    case pathOrFlag([String])
    /// A command's name (`help CMD`).
    case commandNames
    /// A section index title of the current table (`jump X`).
    case indexTitles
}

/// A parsed command as a value the parser returns and the session runs:
/// one registered command (or the empty line's `continueOn`), compared by
/// what was typed. The static members each command file adds (`.open(row: 3)`,
/// `.quit`) spell a command the way the tests and scripts of the REPL read.
struct Command: Equatable, CustomStringConvertible {
    let action: any ReplCommand

    init(_ action: any ReplCommand) {
        self.action = action
    }

    static func == (left: Command, right: Command) -> Bool {
        left.action.isSame(as: right.action)
    }

    /// The registered name of the command (`quit` for `q`), or "" for the empty line.
    var name: String {
        (type(of: action) as? any RegisteredCommand.Type)?.spec.name ?? ""
    }

    /// Whether the command takes the terminal (`RegisteredCommand.usesTheTerminal`).
    var usesTheTerminal: Bool {
        // Not registered: a move of the viewer the last command showed.
        (type(of: action) as? any RegisteredCommand.Type)?.usesTheTerminal ?? true
    }

    var description: String { String(describing: action) }
}

extension ReplCommand {
    /// Whether `other` is this same command with the same arguments.
    fileprivate func isSame(as other: any ReplCommand) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}

/// A row as typed: its number, or its name as the table shows it (escapes
/// typed as shown), or the start of a name no other row starts with.
enum RowReference: Equatable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    case number(Int)
    case name(String)

    init(integerLiteral value: Int) { self = .number(value) }

    /// As the user typed it, for messages.
    var description: String {
        switch self {
        case .number(let number): return String(number)
        case .name(let name): return name
        }
    }
}

/// A command that could not be parsed or carried out: one line for the user.
struct CommandError: Error, Equatable {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
