import FuzzSupport
import Glibc

@testable import FileBrowsing
@testable import FiletableCLI

/// The REPL: each input line is parsed and executed by one session on a
/// scratch tree of hostile names (made once, never changed by filetable).
/// Nothing typed may crash it, and every error it reports is terminal-safe.
/// Commands that leave the scratch tree (`cd`, `up`), write (`marks
/// export`) or start another program (`!CMD` would run whatever the fuzzer
/// typed; `pager` would wait on the terminal) are parsed but not executed.
runFuzzer { data, count in

    let bytes = fuzzInput(data, count)
    guard let session = try? Session(path: Scratch.tree, output: Scratch.output, settings: Scratch.settings) else {
        fatalError("cannot open the scratch tree")
    }
    session.confirm = { _ in true }
    for line in bytes.split(separator: 0x0A).prefix(32) {
        let text = NameEscaping.typedText(Array(line))
        do {
            let command = try CommandParser.parse(text.trimmingSpaces)
            let leaves = ["cd", "up", "quit", "!", "pager"].contains(command.name)
            if leaves || (command.action as? MarksCommand)?.writesFile == true { continue }
            _ = try session.execute(command)
        } catch {
            let shown = NameEscaping.terminalSafe((error as? CommandError)?.message ?? "\(error)")
            if !isTerminalSafe(shown) {
                fatalError("unsafe message: \(shown.debugDescription)")
            }
        }
        session.output.flush()
    }
    return 0
}

/// The tree the sessions browse, made on first use, and where output goes.
enum Scratch {
    nonisolated(unsafe) static let output = OutputSink(fd: open("/dev/null", O_WRONLY))
    static let settings: Session.Settings = {
        var settings = Session.Settings()
        settings.pageSize = 7
        settings.assumeYes = true
        return settings
    }()

    static let tree: [UInt8] = {
        let root = "/tmp/filetable-fuzz-tree-\(getpid())"
        let names: [[UInt8]] = [
            Array("notes.txt".utf8), Array("new\nline".utf8), [0x1B] + Array("]0;title".utf8) + [0x07],
            Array("inv".utf8) + [0xFF, 0xFE], Array("bidi\u{202E}txt".utf8), Array("zero\u{200B}width".utf8),
            Array("big.bin".utf8), Array("empty".utf8), Array("dir/inner.txt".utf8), Array("dir/deeper/x".utf8),
        ]
        mkdir(root, 0o755)
        mkdir(root + "/dir", 0o755)
        mkdir(root + "/dir/deeper", 0o755)
        for (i, name) in names.enumerated() {
            let path = Array(root.utf8) + [0x2F] + name + [0]
            let fd = path.withUnsafeBufferPointer {
                $0.baseAddress!.withMemoryRebound(to: CChar.self, capacity: path.count) { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
            }
            var contents = [UInt8](repeating: 0, count: i == 6 ? 70_000 : i * 37)
            for k in contents.indices { contents[k] = UInt8(truncatingIfNeeded: k * 7 + i) }
            if i == 0 { contents = Array("hello\nworld\n".utf8) }
            _ = contents.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
        }
        symlink("dir", root + "/link-to-dir")
        symlink("nowhere", root + "/dangling")
        mkfifo(root + "/fifo", 0o644)
        return Array(root.utf8)
    }()
}
