import SystemSeam

/// The terminal a front end reads keys from and draws on: the seam between
/// the line editor and the full-screen view and the device. The process's
/// own terminal is `RealTerminal`; tests drive the same code through a
/// `ScriptedTerminal`, in-process and without sleeps.
///
/// Used from the main thread only.
public protocol TerminalDevice: AnyObject {
    /// Rows and columns, when known.
    var size: (rows: Int, columns: Int)? { get }
    /// Where frames, lines and escapes go.
    var output: OutputSink { get }
    /// Raw mode: keys as typed, no echo, Ctrl-C and Ctrl-Z as keys.
    func enterRaw()
    /// The terminal's own mode again (a command runs, a program starts).
    func leaveRaw()
    /// The alternate screen, the cursor hidden.
    func enterFullScreen()
    /// The normal screen and the cursor again.
    func leaveFullScreen()
    /// Whether the window changed size since the last time this was asked.
    func takeResize() -> Bool
    /// Waits up to `milliseconds` (-1: no limit) for a key or for one of
    /// `others` (descriptors a front end also watches) to be readable; the
    /// flags in order, the input's first; nil when the wait ended without
    /// either (a timeout, a signal).
    func waitForReading(_ others: [Int32], milliseconds: Int32) -> [Bool]?
    /// Reads what was typed into `buffer`: 0 when the input has ended.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Result<Int, Errno>
    /// Ctrl-Z: the terminal as the shell left it, stopped until `fg`.
    func suspend()
}

extension TerminalDevice {
    /// Whether a key is waiting within `milliseconds`.
    public func keyWaiting(milliseconds: Int32) -> Bool {
        waitForReading([], milliseconds: milliseconds)?.first == true
    }
}
