import SystemSeam

/// The process's terminal: keys from standard input, output through the
/// session's sink to standard output, modes through `RawTerminal` (which
/// puts them back on every way out).
public final class RealTerminal: TerminalDevice {
    public let output: OutputSink
    private let input: Int32
    private let sizeElsewhere: () -> (rows: Int, columns: Int)?
    private let stopsItsGroup: Bool

    /// Keys from `input` (not closed here), drawing on `output`. Where
    /// standard output is no terminal, `sizeElsewhere` gives the size (the
    /// front end's `LINES` and `COLUMNS`). `stopsItsGroup`: Ctrl-Z stops
    /// the whole process group (the session runs in a child of its
    /// launcher, which must stop too).
    public init(
        input: Int32 = 0, output: OutputSink, sizeElsewhere: @escaping () -> (rows: Int, columns: Int)? = { nil },
        stopsItsGroup: Bool = false
    ) {
        self.input = input
        self.output = output
        self.sizeElsewhere = sizeElsewhere
        self.stopsItsGroup = stopsItsGroup
    }

    /// Standard output's size, else what `sizeElsewhere` says.
    public var size: (rows: Int, columns: Int)? {
        StandardStream.output.terminalSize ?? sizeElsewhere()
    }

    public func enterRaw() { RawTerminal.enter() }
    public func leaveRaw() { RawTerminal.leave() }
    public func enterFullScreen() { RawTerminal.enterFullScreen() }
    public func leaveFullScreen() { RawTerminal.leaveFullScreen() }
    public func takeResize() -> Bool { RawTerminal.takeResize() }

    public func waitForReading(_ others: [Int32], milliseconds: Int32) -> [Bool]? {
        Descriptor.waitForReading([input] + others, milliseconds: milliseconds)
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) -> Result<Int, Errno> {
        Descriptor(input).readOnce(into: buffer.baseAddress!, count: buffer.count)
    }

    public func suspend() {
        RawTerminal.handOver()
        ThisProcess.suspend(group: stopsItsGroup)
        RawTerminal.enter()
    }
}
