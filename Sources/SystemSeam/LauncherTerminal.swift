import Glibc

/// The terminal's settings as the shell left them, saved by a session's
/// launcher before it starts the session's child, and put back when the
/// child ends without saying so (SIGKILL from the OOM killer, a signal it
/// does not handle) or is stopped from outside: the child may have left it
/// raw, without echo, with bracketed paste on.
public final class LauncherTerminal {
    /// Kept in an allocation larger than Swift's `termios` (57 bytes): glibc
    /// writes 60 (see `RawTerminal`).
    private let saved = UnsafeMutableRawPointer.allocate(byteCount: 128, alignment: 16)
    private let isTerminal: Bool

    public init() {
        saved.initializeMemory(as: UInt8.self, repeating: 0, count: 128)
        isTerminal = tcgetattr(0, saved.assumingMemoryBound(to: termios.self)) == 0
    }

    deinit { saved.deallocate() }

    /// The saved settings again, bracketed paste off, the cursor at the
    /// start of a line of its own.
    public func restore() {
        guard isTerminal else { return }
        let reset: StaticString = "\u{1B}[?2004l\r\n"
        if isatty(1) == 1 { _ = write(1, reset.utf8Start, reset.utf8CodeUnitCount) }
        tcsetattr(0, TCSADRAIN, saved.assumingMemoryBound(to: termios.self))
    }
}

/// What a session's launcher and its child learn about each other from the
/// system.
public enum ChildState {
    /// Whether process `pid` is stopped now (state `T` in /proc/PID/stat): a
    /// stop reported by `waitpid` may already have been followed by `fg`.
    public static func isStopped(_ pid: pid_t) -> Bool {
        let fd = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return false }
        // "PID (COMM) S …": the state follows the last ')'.
        let text = buffer[..<count]
        guard let close = text.lastIndex(of: 0x29), close + 2 < count else { return false }
        return text[close + 2] == UInt8(ascii: "T") || text[close + 2] == UInt8(ascii: "t")
    }

    /// `prctl(PR_SET_PDEATHSIG, SIGHUP)`: this process is sent SIGHUP when
    /// its parent dies. Looked up at run time: Swift does not import the
    /// variadic `prctl`.
    public static func hangUpWhenParentDies() {
        typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
        guard let prctl = CLibrarySymbol.lookUp("prctl", as: Prctl.self) else { return }
        let setParentDeathSignal: Int32 = 1  // PR_SET_PDEATHSIG
        _ = prctl(setParentDeathSignal, UInt(SIGHUP), 0, 0, 0)
    }
}
