import FileBrowsing

@testable import FiletableCLI
@testable import Terminal

extension Session {
    /// A session on `path` run in-process, its output kept in memory, as a
    /// front end would see it.
    static func inMemory(at path: String) throws -> Session {
        let output = OutputSink(fd: -1)
        output.startCapturing()
        return try Session(path: Array(path.utf8), output: output, settings: Session.Settings())
    }

    /// Parses and runs one typed line: what happened (`Outcome`).
    func run(_ line: String) throws -> Outcome {
        execute(try command(for: line))
    }
}
