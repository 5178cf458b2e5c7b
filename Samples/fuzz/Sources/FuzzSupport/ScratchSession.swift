import Glibc

@testable import FileBrowsing
@testable import FiletableCLI
@testable import HexDump
@testable import SystemSeam
@testable import Terminal

/// A REPL session on `HostileTree`, as the REPL targets run one per input:
/// 7 rows a page, marking without asking, output to /dev/null.
enum ScratchSession {
    nonisolated(unsafe) static let output = OutputSink(fd: open("/dev/null", O_WRONLY))

    /// (Made anew each time: the settings carry the window's size as a closure.)
    static var settings: Session.Settings {
        var settings = Session.Settings()
        settings.pageSize = 7
        settings.assumeYes = true
        return settings
    }

    /// A fresh session on the scratch tree; every question answered yes.
    static func make() -> Session {
        guard let session = try? Session(path: HostileTree.path, output: output, settings: settings) else {
            fatalError("cannot open the scratch tree")
        }
        session.prompt.question = { _ in true }
        return session
    }
}
