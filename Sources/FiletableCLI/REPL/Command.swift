import FileBrowsing
import TableKit

/// One REPL command as a value: what the user typed, parsed. The REPL, batch
/// files, `-c` and the tests all go through `CommandParser` to this enum and
/// then through `Session.execute`.
enum Command: Equatable {
    // Paging
    /// `list`, and `ls -l`, `ls -a`, `ls -la` as ls users type them: the long
    /// style, hidden files shown, then the page.
    case list(long: Bool = false, all: Bool = false)
    case next
    case previous
    case top
    case end
    case page(Int)
    case goto(row: RowReference)
    /// `find TEXT [--depth N]`; `find` alone goes on with the last search.
    case find(String?, depth: Int? = nil)
    // Navigation
    case open(row: RowReference)
    case back(all: Bool)
    case up
    /// `cd PATH`, `cd N` (row N), `cd -` (the previous directory), `cd` (home).
    case cd(String?)
    case pwd
    // Inspection
    case info(row: RowReference)
    case reload
    /// Sizes every row with everything below it (a parallel scan).
    case du
    case stats
    /// `hex N [OFFSET [LENGTH]]` and `hex N @OFFSET`.
    case hex(row: RowReference, offset: UInt64, length: UInt64?)
    /// `view N`, `view N +LINE`, `view N /TEXT`, each with `--wrap`.
    case view(row: RowReference, from: ViewStart? = nil, wraps: Bool = false)
    /// The next screen of the hex or text view.
    case more
    /// An empty line: `more` while a view is open, else `next`.
    case continueOn
    // View settings of the current level
    case sort(SortKey, descending: Bool?)
    case directoriesFirst(Bool)
    /// Applies changes to the directory as they come (`watch on`), or only says so.
    case watch(Bool)
    case hidden(Bool)
    case filter(String?)
    case group(Grouping)
    case index
    case jump(String)
    case style(EntryStyle)
    // Editing and marks
    case edit
    case done
    case mark([String])
    case unmark([String])
    case undo
    case showMarked(Bool)
    case marksList
    case marksExport(path: String, format: PlanExport.Format, force: Bool, allowChanged: Bool)
    case marksVerify
    case marksClear
    /// `marks prune`: drop the marks whose paths vanished or lead elsewhere.
    case marksPrune
    // Other programs
    /// `!CMD` (nil: `!` alone, an interactive shell).
    case shell(String?)
    /// `pager N`: the row in `$PAGER`.
    case pager(row: RowReference)
    // Session
    case help(String?)
    case history
    case quit
}

/// Where `view` starts: at a line number, or at the first line holding a text.
enum ViewStart: Equatable {
    case line(Int)
    case text(String)
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
