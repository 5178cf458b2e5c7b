/// Keys read from a terminal one at a time: the one input loop of the line
/// editor and the full-screen view, which share it, so a key typed fast
/// after the screen's `:` is the editor's and what follows the line is the
/// screen's again. A burst's bytes are decoded together, a lone Esc is told
/// from a sequence by a 40 ms pause, and a paste whose end never comes is
/// over after a second of quiet (its keys are never swallowed for good).
///
/// Main thread only.
public final class KeyInput {
    public let terminal: any TerminalDevice
    private var decoder: KeyDecoder
    /// Keys decoded and not yet handed out (a run of letters, one at a time).
    private var ahead: [Key] = []

    /// Keys from `terminal`, decoded by `decoder`.
    public init(terminal: any TerminalDevice, decoder: KeyDecoder) {
        self.terminal = terminal
        self.decoder = decoder
    }

    /// What a front end waits on besides the keyboard, and what it does
    /// when a wait ends without a key.
    public struct Waiting {
        /// Descriptors watched with the keyboard (a level's changes).
        public var descriptors: () -> [Int32] = { [] }
        /// Milliseconds to wait before `woke` is told of a timeout; -1: no limit.
        public var timeout: () -> Int32 = { -1 }
        /// Before a wait that may block (the screen draws what it left out while keys came).
        public var beforeWaiting: () -> Void = {}
        /// The window changed size.
        public var resized: () -> Void = {}
        /// A watched descriptor is readable (its flag set), or the timeout passed (none set).
        public var woke: (_ ready: [Bool]) -> Void = { _ in }

        /// Nothing besides the keyboard.
        public init() {}
    }

    /// Keys decoded or bytes read that wait to be handed out.
    public var hasPending: Bool { !ahead.isEmpty || decoder.hasPending }

    /// Whether a key is waiting within `milliseconds`.
    public func keyWaiting(milliseconds: Int32) -> Bool {
        terminal.keyWaiting(milliseconds: milliseconds)
    }

    /// The next key; nil when the input ends or fails. With `splittingText`
    /// a run of letters typed fast is handed out a letter at a time (the
    /// screen's keys); without, as one text (the editor inserts it).
    public func next(splittingText: Bool = false, _ waiting: Waiting = Waiting()) -> Key? {
        while true {
            if !ahead.isEmpty { return ahead.removeFirst() }
            if let key = decoder.next() {
                if splittingText, case .text(let text) = key, text.count > 1 {
                    ahead = text.map { Key.text(String($0)) }
                    continue
                }
                return key
            }
            if decoder.hasPending && !keyWaiting(milliseconds: 40) {
                if let key = decoder.next(endOfBurst: true) { return key }
                // A paste whose end marker has not come after a second of
                // silence is over: Ctrl-C and Enter are keys again.
                if decoder.isInsidePaste, !keyWaiting(milliseconds: 1000), let key = decoder.endUnterminatedPaste() { return key }
            }
            if !decoder.hasPending {
                waiting.beforeWaiting()
                guard let ready = terminal.waitForReading(waiting.descriptors(), milliseconds: waiting.timeout()) else {
                    if terminal.takeResize() { waiting.resized() }
                    continue
                }
                if !ready[0] {
                    waiting.woke(Array(ready.dropFirst()))
                    continue
                }
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let read = chunk.withUnsafeMutableBytes { terminal.read(into: $0) }
            guard case .success(let count) = read else {
                guard case .failure(.interrupted) = read else { return nil }
                if terminal.takeResize() { waiting.resized() }
                continue
            }
            if count == 0 { return nil }
            decoder.feed(chunk[..<count])
        }
    }

    /// Whether Ctrl-C was typed while a long piece of work ran (in raw mode
    /// it is a byte, not a signal). Other keys typed meanwhile are kept.
    public func interruptTyped() -> Bool {
        guard keyWaiting(milliseconds: 0) else { return false }
        var chunk = [UInt8](repeating: 0, count: 4096)
        let read = chunk.withUnsafeMutableBytes { terminal.read(into: $0) }
        guard case .success(let count) = read, count > 0 else { return false }
        if let stop = chunk[..<count].firstIndex(of: 0x03) {
            decoder.feed(chunk[(stop + 1)..<count])
            return true
        }
        decoder.feed(chunk[..<count])
        return false
    }
}
