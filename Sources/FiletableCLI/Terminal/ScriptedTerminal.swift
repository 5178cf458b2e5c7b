import FileBrowsing

/// A terminal played from a script, for tests: keys arrive in the chunks
/// given (each chunk as if typed in one burst, a pause between chunks, so
/// a lone Esc is a key), what is drawn is kept in memory, and when the
/// script is used up the input ends, which ends the loop reading it. No
/// sleeps: the front end runs until its input is consumed.
final class ScriptedTerminal: TerminalDevice {
    let output: OutputSink
    var size: (rows: Int, columns: Int)?
    /// The chunks not read yet.
    private var chunks: [[UInt8]]
    /// A chunk was just read: the next wait sees the pause after it.
    private var pauseDue = false
    /// Resizes to report, one a wait.
    private var resizes: [(rows: Int, columns: Int)] = []
    private var resized = false
    /// A read found the script used up: what is drawn after is the view closing.
    private var inputEnded = false
    private(set) var isRaw = false
    private(set) var isFullScreen = false
    /// How many times Ctrl-Z stopped it.
    private(set) var suspensions = 0

    /// A terminal of `rows` by `columns` that will be typed `chunks`.
    init(rows: Int = 24, columns: Int = 80, typing chunks: [[UInt8]]) {
        size = (rows, columns)
        self.chunks = chunks
        output = OutputSink(fd: -1)
        output.startCapturing()
    }

    /// Keys as a person types them: each string one burst (`"\u{1B}[B"` is
    /// Down; `"jjj"` three letters at once).
    convenience init(rows: Int = 24, columns: Int = 80, keys: [String]) {
        self.init(rows: rows, columns: columns, typing: keys.map { Array($0.utf8) })
    }

    /// Everything written so far, escapes included.
    var written: String { output.capturedSoFar() }
    /// How many bytes had been written when the front end last waited for
    /// a key with the script used up: the screen as the person sees it
    /// after typing everything (before the input ends and the view closes).
    private(set) var writtenWhenIdle: Int?

    /// The window becomes `rows` by `columns` before the next chunk is read.
    func resize(rows: Int, columns: Int) {
        resizes.append((rows, columns))
    }

    func enterRaw() { isRaw = true }
    func leaveRaw() { isRaw = false }
    func enterFullScreen() {
        output.write("\u{1B}[?1049h\u{1B}[?25l")
        isFullScreen = true
    }
    func leaveFullScreen() {
        guard isFullScreen else { return }
        output.write("\u{1B}[?25h\u{1B}[?1049l")
        isFullScreen = false
    }

    func takeResize() -> Bool {
        defer { resized = false }
        return resized
    }

    func waitForReading(_ others: [Int32], milliseconds: Int32) -> [Bool]? {
        if !resizes.isEmpty {
            size = resizes.removeFirst()
            resized = true
            return nil
        }
        if pauseDue {
            pauseDue = false
            return nil
        }
        if chunks.isEmpty && milliseconds != 0 && !inputEnded {
            output.flush()
            writtenWhenIdle = output.capturedSoFar().utf8.count
        }
        // Input ready (a chunk, or its end); the other descriptors never speak.
        return [true] + others.map { _ in false }
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) -> Result<Int, Errno> {
        guard !chunks.isEmpty else {
            inputEnded = true
            return .success(0)
        }
        var chunk = chunks.removeFirst()
        if chunk.count > buffer.count {
            chunks.insert(Array(chunk[buffer.count...]), at: 0)
            chunk = Array(chunk[..<buffer.count])
        }
        buffer.copyBytes(from: chunk)
        pauseDue = true
        return .success(chunk.count)
    }

    func suspend() { suspensions += 1 }
}
