import SystemSeam

/// A terminal played from a script, for tests: keys arrive in the chunks
/// given (each chunk as if typed in one burst, a pause between chunks, so
/// a lone Esc is a key), what is drawn is kept in memory, and when the
/// script is used up the input ends, which ends the loop reading it. No
/// sleeps: the front end runs until its input is consumed.
public final class ScriptedTerminal: TerminalDevice {
    public let output: OutputSink
    public var size: (rows: Int, columns: Int)?
    /// What a person does at the terminal, in order.
    public enum Event {
        /// Keys typed in one burst.
        case keys([UInt8])
        /// The window made `rows` by `columns`.
        case resize(rows: Int, columns: Int)
        /// Nobody types for `milliseconds`: a wait shorter than that times
        /// out; a longer one sees what else it waits on become readable
        /// meanwhile (the pause is real time for those).
        case pause(milliseconds: Int)
        /// Nobody types until `text` has been drawn (a worker's answer
        /// shown), at most `milliseconds`: the script goes on as soon as it
        /// is, where a `pause` long enough for a slow machine would always
        /// wait its whole length.
        case until(text: String, milliseconds: Int)
    }

    /// The events not played yet.
    private var events: [Event]
    /// A chunk was just read: the next wait sees the pause after it.
    private var pauseDue = false
    /// When the `until` event in front gives up waiting (monotonic seconds), once met.
    private var untilDeadline: Double?
    private var resized = false
    /// A read found the script used up: what is drawn after is the view
    /// closing. False once the front end has ended: it ended by itself (`q`).
    public private(set) var inputEnded = false
    private(set) var isRaw = false
    private(set) var isFullScreen = false
    /// How many times Ctrl-Z stopped it.
    private(set) var suspensions = 0

    /// A terminal of `rows` by `columns` on which `events` will happen.
    public init(rows: Int = 24, columns: Int = 80, events: [Event]) {
        size = (rows, columns)
        self.events = events
        output = OutputSink(fd: -1)
        output.startCapturing()
    }

    /// Keys as a person types them: each string one burst (`"\u{1B}[B"` is
    /// Down; `"jjj"` three letters at once).
    public convenience init(rows: Int = 24, columns: Int = 80, keys: [String]) {
        self.init(rows: rows, columns: columns, events: keys.map { .keys(Array($0.utf8)) })
    }

    /// Everything written so far, escapes included.
    public var written: String { output.capturedSoFar() }
    /// How many bytes had been written when the front end last waited for
    /// a key with the script used up: the screen as the person sees it
    /// after typing everything (before the input ends and the view closes).
    private(set) var writtenWhenIdle: Int?

    public func enterRaw() { isRaw = true }
    public func leaveRaw() { isRaw = false }
    public func enterFullScreen() {
        output.write(TerminalControl.alternateScreen + TerminalControl.hideCursor)
        isFullScreen = true
    }
    public func leaveFullScreen() {
        guard isFullScreen else { return }
        output.write(TerminalControl.showCursor + TerminalControl.normalScreen)
        isFullScreen = false
    }

    public func takeResize() -> Bool {
        defer { resized = false }
        return resized
    }

    public func waitForReading(_ others: [Int32], milliseconds: Int32) -> [Bool]? {
        // A resize comes while the front end waits for keys (not while it polls for a burst's end).
        if !pauseDue, milliseconds < 0 || milliseconds >= 100, case .resize(let rows, let columns)? = events.first {
            events.removeFirst()
            size = (rows, columns)
            resized = true
            return nil
        }
        if pauseDue {
            pauseDue = false
            return nil
        }
        if case .until(let text, let most)? = events.first {
            // A poll for a burst's end finds nobody typing.
            if milliseconds >= 0 && milliseconds < 100 { return [false] + others.map { _ in false } }
            let deadline = untilDeadline ?? Syscalls.monotonicSeconds() + Double(most) / 1000
            untilDeadline = deadline
            output.flush()
            let left = Int32(max(0, (deadline - Syscalls.monotonicSeconds()) * 1000))
            if !output.capturedSoFar().contains(text), left > 0, !others.isEmpty,
                let ready = Descriptor.waitForReading(others, milliseconds: left), ready.contains(true)
            {
                return [false] + ready
            }
            if output.capturedSoFar().contains(text) || Syscalls.monotonicSeconds() >= deadline || others.isEmpty {
                events.removeFirst()
                untilDeadline = nil
            }
        }
        if case .pause(let left)? = events.first {
            if milliseconds >= 0 && Int(milliseconds) < left {
                events[0] = .pause(milliseconds: left - Int(milliseconds))
                return [false] + others.map { _ in false }
            }
            // Time passes for what the front end waits on besides keys (a
            // worker's answer may come in it); then what follows the pause comes.
            if !others.isEmpty, let ready = Descriptor.waitForReading(others, milliseconds: Int32(left)), ready.contains(true) {
                return [false] + ready
            }
            events.removeFirst()
        }
        // The other descriptors (a directory's watch, an answer from a
        // worker) speak when they are readable, as at a real terminal.
        let othersReady = others.isEmpty ? [] : Descriptor.waitForReading(others, milliseconds: 0) ?? others.map { _ in false }
        if othersReady.contains(true) { return [false] + othersReady }
        if events.isEmpty && !inputEnded {
            // A poll finds nobody typing; a wait for the next key finds the
            // script used up: the screen as it stands is what the person sees.
            if milliseconds >= 0 && milliseconds < 100 { return [false] + others.map { _ in false } }
            output.flush()
            writtenWhenIdle = output.capturedSoFar().utf8.count
        }
        // Input ready (a chunk, or its end).
        return [true] + others.map { _ in false }
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) -> Result<Int, Errno> {
        guard case .keys(var chunk)? = events.first else {
            if events.isEmpty { inputEnded = true }
            return events.isEmpty ? .success(0) : .failure(.interrupted)
        }
        events.removeFirst()
        if chunk.count > buffer.count {
            events.insert(.keys(Array(chunk[buffer.count...])), at: 0)
            chunk = Array(chunk[..<buffer.count])
        }
        buffer.copyBytes(from: chunk)
        pauseDue = true
        return .success(chunk.count)
    }

    public func suspend() { suspensions += 1 }
}
