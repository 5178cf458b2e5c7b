/// The process's surroundings as named services, for the front end: its
/// environment, its standard streams, the monotonic clock, and the process
/// itself (start-up, arguments, exit, Ctrl-Z). They wrap the raw calls in
/// `Syscalls` so that the CLI never names a descriptor number or a system
/// call (a layering test checks it).

/// The environment variables the process was started with.
public enum Environment {
    /// The value of `name`, nil when it is not set.
    public static func value(_ name: String) -> String? { Syscalls.environment(name) }
}

/// Standard input, output and error.
public enum StandardStream: Int32, Sendable {
    case input = 0
    case output = 1
    case error = 2

    /// The descriptor, for the few places that read or write it directly
    /// (`OutputSink`, `LineSource`, the real terminal).
    public var descriptor: Int32 { rawValue }

    /// Whether the stream is a terminal.
    public var isTerminal: Bool { Syscalls.isTerminal(rawValue) }

    /// The terminal's rows and columns, nil when it is not one.
    public var terminalSize: (rows: Int, columns: Int)? { Syscalls.terminalSize(rawValue) }

    /// Writes `text` to standard error at once (a progress line, a diagnostic).
    public static func writeError(_ text: String) { Syscalls.writeToStandardError(text) }
}

/// The time of day, in seconds since 1970 (a saved scan's date).
public enum WallClock {
    public static var seconds: Int64 { CalendarTime.now() }
}

/// The monotonic clock (never set back), in seconds.
public enum MonotonicClock {
    public static var seconds: Double { Syscalls.monotonicSeconds() }

    /// Waits `microseconds` (a follow's look at a growing file).
    public static func sleep(microseconds: UInt32) { Syscalls.pause(microseconds: microseconds) }
}

/// The running process: what it does first, its arguments, how it ends.
public enum ThisProcess {
    /// First at start-up: descriptors 0, 1 and 2 held open (on /dev/null
    /// where one was closed), so no file opened later takes their numbers.
    public static func holdStandardDescriptors() { Syscalls.holdStandardDescriptors() }

    /// Then: the signals prepared and the descriptor limit raised.
    public static func prepare() {
        Syscalls.prepareSignals()
        Syscalls.raiseDescriptorLimit()
    }

    /// The command-line arguments as bytes (names need not be UTF-8).
    public static var arguments: [[UInt8]] { Syscalls.argumentBytes() }

    /// The path the program was run by (`argv[0]`), as bytes.
    public static var programPath: [UInt8] { Syscalls.programPathBytes() }

    /// Ends the process with `status`.
    public static func exit(_ status: Int32) -> Never { Syscalls.exitProcess(status) }

    /// Stops the process (its group with `group`) as Ctrl-Z does, until `fg`.
    public static func suspend(group: Bool) { Syscalls.suspend(group: group) }

    /// The working directory's path, as the kernel has it.
    public static var workingDirectory: [UInt8]? { Syscalls.workingDirectoryPath() }

    /// The machine's name, as `hostname` prints it (empty if unknown).
    public static var hostName: [UInt8] { Syscalls.hostName() }

    /// Returns large freed blocks to the system (after a search that read much).
    public static func returnLargeBlocksWhenFreed() { Syscalls.returnLargeBlocksWhenFreed() }
}

extension ThisProcess {
    /// Ends the process quietly as a closed pipe should (`ls | head`).
    public static func exitForClosedPipe() -> Never { Syscalls.exitForClosedPipe() }
}

/// An open descriptor the front end reads or writes itself (a standard
/// stream, a batch file), with the calls it needs on one.
public struct Descriptor: Sendable, Equatable {
    public let number: Int32

    public init(_ number: Int32) { self.number = number }
    public init(_ stream: StandardStream) { number = stream.rawValue }

    public var isTerminal: Bool { Syscalls.isTerminal(number) }

    /// Writes every byte (retrying short writes and interruptions).
    public func writeAll(_ bytes: UnsafeRawBufferPointer) -> Result<Void, Errno> { Syscalls.writeAll(number, bytes) }

    /// Whether the reader of this pipe has gone (an empty write would fail).
    public var readerIsGone: Bool { Syscalls.readerIsGone(number) }

    /// Reads up to `count` bytes, retrying interruptions; 0 at the end.
    public func read(into buffer: UnsafeMutableRawPointer, count: Int) -> Result<Int, Errno> { Syscalls.read(number, into: buffer, count: count) }

    /// Reads up to `count` bytes once: an interruption (a signal) is returned as such.
    public func readOnce(into buffer: UnsafeMutableRawPointer, count: Int) -> Result<Int, Errno> {
        Syscalls.readOnce(number, into: buffer, count: count)
    }

    /// Waits up to `milliseconds` (-1: no limit) for any of `descriptors`
    /// to be readable: a flag for each; nil when a signal ended the wait.
    public static func waitForReading(_ descriptors: [Int32], milliseconds: Int32) -> [Bool]? {
        Syscalls.waitForReading(descriptors, milliseconds: milliseconds)
    }

    /// Closes the descriptor; the caller owns it and uses it no more.
    public func close() { Syscalls.close(number) }

    /// Opens `path` to read (a batch of commands, a list of names).
    public static func openForReading(_ path: [UInt8]) -> Result<Descriptor, Errno> { Syscalls.openForReading(path).map(Descriptor.init) }

    /// The whole of `path` (or of standard input for `-`), read.
    public static func readWhole(_ path: [UInt8]) -> Result<[UInt8], Errno> { Syscalls.readWholeInput(path) }
}

extension Descriptor {
    /// Whether `name` in this directory answers a read of a byte at
    /// `offset` (a file system that stopped answering does not): what the
    /// viewers ask first, on a worker with a deadline.
    public func readsOneByte(of name: [UInt8], at offset: UInt64 = 0) -> Result<Void, Errno> {
        Syscalls.readsOneByte(name, in: number, at: offset)
    }
}
