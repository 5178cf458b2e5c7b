import FileBrowsing
import SystemSeam

/// The process's terminal: keys from standard input, output through the
/// session's sink to standard output, modes through `RawTerminal` (which
/// puts them back on every way out).
final class RealTerminal: TerminalDevice {
    let output: OutputSink
    private let input: Int32

    init(input: Int32 = 0, output: OutputSink) {
        self.input = input
        self.output = output
    }

    /// Standard output's size, else `LINES` and `COLUMNS`.
    var size: (rows: Int, columns: Int)? {
        if let size = Terminal.size() { return size }
        guard let rows = Terminal.lines(), let columns = Terminal.columns() else { return nil }
        return (rows, columns)
    }

    func enterRaw() { RawTerminal.enter() }
    func leaveRaw() { RawTerminal.leave() }
    func enterFullScreen() { RawTerminal.enterFullScreen() }
    func leaveFullScreen() { RawTerminal.leaveFullScreen() }
    func takeResize() -> Bool { RawTerminal.takeResize() }

    func waitForReading(_ others: [Int32], milliseconds: Int32) -> [Bool]? {
        Descriptor.waitForReading([input] + others, milliseconds: milliseconds)
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) -> Result<Int, Errno> {
        Descriptor(input).readOnce(into: buffer.baseAddress!, count: buffer.count)
    }

    func suspend() {
        RawTerminal.handOver()
        ThisProcess.suspend(group: SessionLauncher.isChild)
        RawTerminal.enter()
    }
}
