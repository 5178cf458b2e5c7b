/// A key the line editor acts on.
public enum Key: Hashable, Sendable {
    /// Printable text typed (a run of it, decoded as typed text: bytes that
    /// are not UTF-8 arrive as `\xHH`).
    case text(String)
    case enter, tab, backspace, delete
    case left, right, up, down, home, end, pageUp, pageDown
    case wordLeft, wordRight
    /// Ctrl and a letter, as the lowercase letter (`control("a")` for Ctrl-A).
    case control(Character)
    /// Alt (or Esc, then) a key: `alt("b")`; Alt-Backspace is `alt("\u{7F}")`.
    case alt(Character)
    /// A bracketed paste: the pasted bytes, never run as keys.
    case paste([UInt8])
    /// Esc on its own.
    case escape
    /// A sequence the editor has no use for (F-keys, Insert): ignored.
    case ignored
}

/// Turns the bytes a terminal sends into keys: control bytes, CSI and SS3
/// escape sequences (arrows, Home/End in both forms, Delete, PgUp/PgDn,
/// Ctrl- and Alt-arrows), Alt as an Esc prefix, bracketed paste, and UTF-8
/// text that may arrive split across reads.
public struct KeyDecoder {
    /// Text typed, as the front end spells bytes that are no UTF-8 (the
    /// file model's escapes, so a name typed is the name's bytes).
    private let typedText: @Sendable ([UInt8]) -> String
    private var pending: [UInt8] = []
    /// Inside a bracketed paste: what has come of it so far. A paste may
    /// arrive over several reads; nothing in it is a key until its end marker.
    private var pasted: [UInt8]?
    /// Set when a paste ended and the burst it came in has not: bytes that
    /// follow its end marker without a pause are the paste's too (a pasted
    /// text holding the end marker must not run what follows it).
    private var pasteJustEnded = false
    private static let pasteStart: [UInt8] = Array("\u{1B}[200~".utf8)
    private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    public init(typedText: @escaping @Sendable ([UInt8]) -> String) {
        self.typedText = typedText
    }

    public mutating func feed<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        pending.append(contentsOf: bytes)
    }

    public var hasPending: Bool { !pending.isEmpty || pasted != nil || pasteJustEnded }

    /// The bytes read and not yet made keys, taken out (another reader of
    /// the terminal goes on with them).
    public mutating func takeUndecoded() -> [UInt8] {
        defer { pending = [] }
        return pending
    }

    /// Whether a paste has begun and its end marker has not come.
    public var isInsidePaste: Bool { pasted != nil }

    /// Ends a paste whose end marker never came (the input paused too long
    /// inside it): what came is the paste, and keys are keys again.
    public mutating func endUnterminatedPaste() -> Key? {
        guard let bytes = pasted else { return nil }
        pasted = nil
        let all = bytes + pending
        pending = []
        return .paste(all)
    }

    /// The next whole key, or nil when more bytes are needed. With
    /// `endOfBurst` (no more bytes came in a short while), what is pending is
    /// taken as it is: a lone Esc is Escape, a cut UTF-8 sequence is text.
    public mutating func next(endOfBurst: Bool = false) -> Key? {
        if pasted != nil { return pasteContinued(endOfBurst: endOfBurst) }
        if pasteJustEnded {
            if !pending.isEmpty { return restOfBurstAfterPaste() }
            if endOfBurst { pasteJustEnded = false }
            return nil
        }
        guard let first = pending.first else { return nil }
        switch first {
        case 0x1B: return escapeSequence(endOfBurst: endOfBurst)
        case 0x0D, 0x0A: return take(1, .enter)
        case 0x09: return take(1, .tab)
        case 0x7F, 0x08: return take(1, .backspace)
        case 0x00..<0x20: return take(1, .control(Character(UnicodeScalar(first + 0x60))))
        default: return text(endOfBurst: endOfBurst)
        }
    }

    private mutating func take(_ count: Int, _ key: Key) -> Key {
        pending.removeFirst(count)
        return key
    }

    /// A run of printable bytes, cut before a control byte and never inside
    /// a UTF-8 sequence unless the burst is over.
    private mutating func text(endOfBurst: Bool) -> Key? {
        var end = 0
        while end < pending.count && pending[end] >= 0x20 && pending[end] != 0x7F { end += 1 }
        if !endOfBurst && end == pending.count {
            // Hold back a sequence still missing its continuation bytes.
            var lead = end - 1
            while lead > 0 && pending[lead] & 0xC0 == 0x80 && end - lead < 4 { lead -= 1 }
            let byte = pending[lead]
            let needed = !(0xC2...0xF4).contains(byte) ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
            if end - lead < needed { end = lead }
        }
        guard end > 0 else { return nil }
        let run = Array(pending[..<end])
        pending.removeFirst(end)
        return .text(typedText(run))
    }

    private mutating func escapeSequence(endOfBurst: Bool) -> Key? {
        guard pending.count >= 2 else { return endOfBurst ? take(1, .escape) : nil }
        if pending.starts(with: Self.pasteStart) {
            pending.removeFirst(Self.pasteStart.count)
            pasted = []
            return pasteContinued(endOfBurst: endOfBurst)
        }
        if !endOfBurst && Self.pasteStart.starts(with: pending) { return nil }
        switch pending[1] {
        case UInt8(ascii: "["): return controlSequence(endOfBurst: endOfBurst)
        case UInt8(ascii: "O"):
            guard pending.count >= 3 else { return endOfBurst ? take(2, .alt("O")) : nil }
            let key: Key
            switch pending[2] {
            case UInt8(ascii: "A"): key = .up
            case UInt8(ascii: "B"): key = .down
            case UInt8(ascii: "C"): key = .right
            case UInt8(ascii: "D"): key = .left
            case UInt8(ascii: "H"): key = .home
            case UInt8(ascii: "F"): key = .end
            default: key = .ignored
            }
            return take(3, key)
        case 0x1B:
            return take(1, .escape)
        case 0x7F, 0x08:
            return take(2, .alt("\u{7F}"))
        case 0x20..<0x7F:
            return take(2, .alt(Character(UnicodeScalar(pending[1]))))
        default:
            return take(1, .escape)
        }
    }

    /// `Esc [ parameters final`: arrows, Home/End, Delete, PgUp/PgDn, with
    /// Ctrl or Alt on the arrows meaning a word.
    private mutating func controlSequence(endOfBurst: Bool) -> Key? {
        var index = 2
        while index < pending.count && (0x30...0x3F).contains(pending[index]) { index += 1 }
        guard index < pending.count else {
            if endOfBurst || index > 32 { return take(index, .ignored) }
            return nil
        }
        let final = pending[index]
        let parameters = String(decoding: pending[2..<index], as: UTF8.self).split(separator: ";").map { Int($0) ?? 0 }
        let modified = parameters.count >= 2 && parameters[1] > 1
        let key: Key
        switch final {
        case UInt8(ascii: "A"): key = .up
        case UInt8(ascii: "B"): key = .down
        case UInt8(ascii: "C"): key = modified ? .wordRight : .right
        case UInt8(ascii: "D"): key = modified ? .wordLeft : .left
        case UInt8(ascii: "H"): key = .home
        case UInt8(ascii: "F"): key = .end
        case UInt8(ascii: "~"):
            switch parameters.first ?? 0 {
            case 1, 7: key = .home
            case 4, 8: key = .end
            case 3: key = .delete
            case 5: key = .pageUp
            case 6: key = .pageDown
            default: key = .ignored
            }
        default: key = .ignored
        }
        return take(index + 1, key)
    }

    /// Gathers a paste up to its end marker; a marker cut between reads is
    /// held back until the rest arrives.
    private mutating func pasteContinued(endOfBurst: Bool) -> Key? {
        // A control key (Ctrl-C, Ctrl-D, an Esc that starts no end marker)
        // ends a paste whose end marker never comes: a cut connection or a
        // stray start marker must not swallow every key after it.
        if let breaker = firstKeyInsidePaste(endOfBurst: endOfBurst), pending.firstRange(of: Self.pasteEnd).map({ $0.lowerBound > breaker }) ?? true {
            let bytes = (pasted ?? []) + pending[..<breaker]
            pending.removeFirst(breaker)
            pasted = nil
            return bytes.isEmpty ? next() : .paste(bytes)
        }
        if let end = pending.firstRange(of: Self.pasteEnd) {
            let bytes = (pasted ?? []) + pending[..<end.lowerBound]
            pending.removeFirst(end.upperBound)
            pasted = nil
            pasteJustEnded = true
            return .paste(bytes)
        }
        if pending.isEmpty { return nil }
        let keep = min(pending.count, Self.pasteEnd.count - 1)
        pasted! += pending[..<(pending.count - keep)]
        pending.removeFirst(pending.count - keep)
        return nil
    }

    /// Where the first byte that a paste cannot hold stands in `pending`: a
    /// C0 control other than tab, line feed and carriage return, or an Esc
    /// whose next bytes are not the end marker's (with `endOfBurst`, an Esc
    /// that only begins it: a terminal sends the marker whole).
    private func firstKeyInsidePaste(endOfBurst: Bool) -> Int? {
        for index in pending.indices {
            let byte = pending[index]
            guard byte < 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D else { continue }
            if byte != 0x1B { return index }
            let rest = pending[index...]
            // The end marker, or possibly its start still arriving.
            if rest.starts(with: Self.pasteEnd) || (!endOfBurst && Self.pasteEnd.starts(with: rest)) { continue }
            return index
        }
        return nil
    }

    /// Bytes right behind a paste's end marker, in the same burst: pasted
    /// text, not keys (markers inside are dropped).
    private mutating func restOfBurstAfterPaste() -> Key? {
        var bytes = pending
        pending = []
        for marker in [Self.pasteStart, Self.pasteEnd] {
            while let range = bytes.firstRange(of: marker) { bytes.removeSubrange(range) }
        }
        return bytes.isEmpty ? nil : .paste(bytes)
    }
}
