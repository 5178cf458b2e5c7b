/// The exit status each mode gives, in its peer's numbers.
///
/// filetable's own statuses are ls's (`ExitStatus`): 1 for trouble inside a
/// listing, 2 for an operand that cannot be read or a bad command line. A
/// script that runs `filetable --du` where it ran `du` checks du's numbers,
/// so each mode translates at the end:
/// - after `--du` and `--hex` every failure is 1: du and hexdump exit with
///   `EXIT_FAILURE` for a bad option and a missing file alike;
/// - after `--xxd` and `--tree` a bad command line is 1, as xxd and tree give
///   it; an input that cannot be read stays 2, as theirs do;
/// - ls's letters, the prompt, `--compare` (diff's 0, 1, 2) keep theirs.
/// An interruption stays 130 everywhere.
extension OptionSpec.Mode {
    /// The mode whose peer's statuses the arguments get: `of(arguments)`,
    /// but ls's when two modes are given (`--du --dupes`, refused): no one
    /// peer was asked for.
    static func peer(of arguments: [[UInt8]]) -> OptionSpec.Mode {
        let options = arguments.prefix { $0 != Array("--".utf8) }
        let modeFlags = allCases.compactMap(\.flag) + ["--dupes", "--compare", "--cat", "--screen"]
        let given = modeFlags.filter { options.contains(Array($0.utf8)) }
        return given.count > 1 ? .listing : of(arguments)
    }

    func peerStatus(_ status: ExitStatus, badCommandLine: Bool) -> ExitStatus {
        guard status != .success, status != .interrupted else { return status }
        switch self {
        case .du, .hex: return .minorTrouble
        case .xxd, .tree: return badCommandLine ? .minorTrouble : status
        case .listing, .repl: return status
        }
    }

    /// What follows a bad command line's message before its hint: xxd's
    /// usage lines after `--xxd` (scripts and xxd's own tests look for
    /// `Usage:` in the first lines), nothing in the other modes. `command`
    /// is how the mode is run: `filetable --xxd`, or `xxd` through a link.
    func usageLines(command: String) -> String? {
        guard self == .xxd else { return nil }
        return """
            Usage:
                   \(command) [options] [infile [outfile]]
                or
                   \(command) -r [-s [-]offset] [-c cols] [-ps] [infile [outfile]]
            """
    }
}
