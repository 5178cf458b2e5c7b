import Glibc

/// The terminal in raw mode while a line is edited, and back in its own
/// mode otherwise, whatever way the program leaves: a normal exit (atexit),
/// a signal that ends it (SIGTERM, SIGHUP, SIGQUIT, SIGUSR1/2, SIGALRM,
/// SIGXCPU, …) or a crash (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT); what
/// no handler can catch (SIGKILL) the session's launcher puts right. The saved settings live in a C-style
/// global because a signal handler can reach nothing else; restoring them
/// with `tcsetattr` is async-signal-safe.
public enum RawTerminal {
    /// Set once the window changed size (SIGWINCH): the line is drawn again.
    public static func takeResize() -> Bool { RawTerminalState.takeResize() }

    /// Saves the terminal's settings and installs the handlers that put
    /// them back. Returns false when `fd` is not a terminal.
    public static func prepare(_ fd: Int32) -> Bool {
        RawTerminalState.prepare(fd)
    }

    /// Raw mode: bytes as typed, no echo, no signals from Ctrl-C/Ctrl-Z
    /// (the editor handles those keys), output untouched; and bracketed
    /// paste asked for, so a pasted block arrives marked and is never run.
    public static func enter() {
        RawTerminalState.enterRaw()
        RawTerminalState.writeControl("\u{1B}[?2004h")
    }

    /// Out of raw mode while a command runs: the terminal's own settings
    /// but for the echo, so keys typed during a long operation (a paste of
    /// an escape sequence, a C1 CSI, an OSC title) are never written to the
    /// screen as they are; Ctrl-C still interrupts (ISIG) and typed-ahead
    /// lines wait for the prompt. The alternate screen, if shown, stays.
    public static func leave() { RawTerminalState.quieten() }

    /// The terminal's own settings, echo and all: for another program
    /// (`!CMD`, a pager, an editor) and for a stop (Ctrl-Z); `enter` or
    /// `leave` takes it back after.
    public static func handOver() {
        RawTerminalState.handedOver = RawTerminalState.isRaw || RawTerminalState.isQuiet
        RawTerminalState.restore()
    }

    /// Back to the quiet of a running command after `handOver`, when it
    /// was handed over from raw mode or the quiet (never where filetable
    /// had left the terminal's settings alone).
    public static func quietAgain() {
        guard RawTerminalState.handedOver else { return }
        RawTerminalState.handedOver = false
        RawTerminalState.isRaw = true
        RawTerminalState.quieten()
    }

    /// The alternate screen, the cursor hidden (the full-screen view); left
    /// again by `leaveFullScreen` and on every way out `leave` covers. The
    /// terminal is asked to send the mouse wheel as Up and Down keys there
    /// (alternate scroll, 1007), which leaves its text selection alone, as
    /// mouse reporting would not.
    public static func enterFullScreen() {
        RawTerminalState.writeControl("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?1007h")
        RawTerminalState.fullScreen = true
    }

    /// The normal screen and the cursor again.
    public static func leaveFullScreen() {
        guard RawTerminalState.fullScreen else { return }
        RawTerminalState.fullScreen = false
        RawTerminalState.writeControl("\u{1B}[?1007l\u{1B}[?25h\u{1B}[?1049l")
    }
}

/// The state `RawTerminal` shares with its signal handlers.
private enum RawTerminalState {
    /// The terminal's own settings and the raw ones. Kept in allocations of
    /// the struct's stride: Swift sees `termios` as 57 bytes, but tcgetattr
    /// writes 60 (its tail padding), which overran a plain global
    /// (AddressSanitizer found it).
    nonisolated(unsafe) static let saved = zeroedSettings()
    nonisolated(unsafe) static let raw = zeroedSettings()
    /// The terminal's own settings without echo (a command running).
    nonisolated(unsafe) static let quiet = zeroedSettings()

    private static func zeroedSettings() -> UnsafeMutablePointer<termios> {
        let pointer = UnsafeMutablePointer<termios>.allocate(capacity: 1)
        UnsafeMutableRawPointer(pointer).initializeMemory(as: UInt8.self, repeating: 0, count: MemoryLayout<termios>.stride)
        return pointer
    }
    nonisolated(unsafe) static var fd: Int32 = -1
    nonisolated(unsafe) static var isRaw = false
    /// In `quiet`'s settings (a command runs).
    nonisolated(unsafe) static var isQuiet = false
    /// The terminal was handed to a program from raw mode or the quiet.
    nonisolated(unsafe) static var handedOver = false
    /// On the alternate screen: a signal or exit must leave it.
    nonisolated(unsafe) static var fullScreen = false
    nonisolated(unsafe) static var resized: sig_atomic_t = 0

    static func takeResize() -> Bool {
        guard resized != 0 else { return false }
        resized = 0
        return true
    }

    static func prepare(_ descriptor: Int32) -> Bool {
        guard isatty(descriptor) == 1, tcgetattr(descriptor, saved) == 0 else { return false }
        fd = descriptor
        atexit { RawTerminalState.restoreForExit() }
        for number in [SIGTERM, SIGHUP, SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGUSR1, SIGUSR2, SIGALRM, SIGXCPU, SIGVTALRM, SIGPROF] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                RawTerminalState.restoreForExit()
                // Then the signal's own action: end (and dump core) as it would have.
                signal(number, SIG_DFL)
                raise(number)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = Int32(truncatingIfNeeded: SA_RESETHAND)
            sigaction(number, &action, nil)
        }
        // Continued after a stop from outside (kill -TSTP, then fg): raw mode
        // again if the line was being edited, and the line drawn anew.
        var continued = sigaction()
        continued.__sigaction_handler.sa_handler = { _ in
            if RawTerminalState.isRaw { tcsetattr(RawTerminalState.fd, TCSADRAIN, RawTerminalState.raw) }
            if RawTerminalState.isQuiet { tcsetattr(RawTerminalState.fd, TCSADRAIN, RawTerminalState.quiet) }
            RawTerminalState.resized = 1
        }
        sigemptyset(&continued.sa_mask)
        continued.sa_flags = 0
        sigaction(SIGCONT, &continued, nil)
        var winch = sigaction()
        winch.__sigaction_handler.sa_handler = { _ in RawTerminalState.resized = 1 }
        sigemptyset(&winch.sa_mask)
        winch.sa_flags = 0  // no SA_RESTART: a read waiting for a key returns, and the line is redrawn
        sigaction(SIGWINCH, &winch, nil)
        return true
    }

    static func enterRaw() {
        guard fd >= 0 else { return }
        UnsafeMutableRawPointer(raw).copyMemory(from: saved, byteCount: MemoryLayout<termios>.stride)
        raw.pointee.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.pointee.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        raw.pointee.c_cflag |= tcflag_t(CS8)
        withUnsafeMutableBytes(of: &raw.pointee.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        if tcsetattr(fd, TCSADRAIN, raw) == 0 {
            isRaw = true
            isQuiet = false
        }
    }

    /// From raw mode to the terminal's own settings less the echo.
    static func quieten() {
        guard fd >= 0, isRaw else { return }
        writeControl("\u{1B}[?2004l")
        UnsafeMutableRawPointer(quiet).copyMemory(from: saved, byteCount: MemoryLayout<termios>.stride)
        quiet.pointee.c_lflag &= ~tcflag_t(ECHO | ECHONL)
        tcsetattr(fd, TCSADRAIN, quiet)
        isRaw = false
        isQuiet = true
    }

    /// Everything as the shell had it: the normal screen too (exit, a signal, a crash).
    static func restoreForExit() {
        if fullScreen {
            fullScreen = false
            writeControl("\u{1B}[?1007l\u{1B}[?25h\u{1B}[?1049l")
        }
        restore()
    }

    /// The terminal's own settings (the screen stays as it is).
    static func restore() {
        guard fd >= 0, isRaw || isQuiet else { return }
        if isRaw { writeControl("\u{1B}[?2004l") }
        tcsetattr(fd, TCSADRAIN, saved)
        isRaw = false
        isQuiet = false
    }

    /// A terminal control sequence, written at once to standard output.
    static func writeControl(_ sequence: StaticString) {
        guard fd >= 0 else { return }
        _ = write(1, sequence.utf8Start, sequence.utf8CodeUnitCount)
    }
}
