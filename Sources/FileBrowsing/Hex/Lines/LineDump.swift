/// The dump layouts drawn a line at a time, for the peers' less common
/// forms (the fast formatter keeps `hexdump -C`, `xxd` and `xxd -p`):
/// hexdump's views, xxd's variants, and xxd -i. Bytes come in pieces of
/// any size; lines are cut at the layout's width, repeats folded as the
/// peer folds them, and `finish` writes the closing the peer writes.
public struct LineDump {
    public enum Layout: Sendable, Equatable {
        /// hexdump's views of each 16-byte block, in this order; `*` for
        /// repeated blocks unless `squeezes` is off.
        case hexdump([HexdumpView], squeezes: Bool)
        /// xxd's lines; with `autoskip` (xxd -a) a run of all-zero lines folds to `*`.
        case xxd(XxdLineLayout, autoskip: Bool)
        /// xxd -i.
        case cInclude(CIncludeLayout)
    }

    public let layout: Layout
    /// The file offset of the next byte.
    private var offset: UInt64
    private var pending: [UInt8] = []
    private var bytesSeen: UInt64 = 0
    /// hexdump: the last full block drawn, and whether `*` stands for its repeats.
    private var previousBlock: [UInt8]?
    private var starred = false
    /// xxd -a: xxd's count of zero lines seen, and the last one held back.
    private var zeroLinesSeen = 0
    private var heldZeroLine: [UInt8] = []
    /// xxd: the last line's characters, and the colours xxd keeps from line to line (-R).
    private var lastCharacters: [UInt8] = []
    private var xxdColors: [UInt8] = []

    public init(layout: Layout, startOffset: UInt64) {
        self.layout = layout
        offset = startOffset
    }

    /// The line width in bytes (0: no lines, xxd -i).
    private var lineLength: Int {
        switch layout {
        case .hexdump: return HexdumpView.blockSize
        case .xxd(let line, _): return line.columns
        case .cInclude: return 0
        }
    }

    /// The layout's opening (xxd -i's declaration), before any bytes.
    public func start(into output: inout [UInt8]) {
        if case .cInclude(let include) = layout { include.appendOpening(to: &output) }
    }

    /// Formats `bytes`, appending every finished line to `output`.
    public mutating func append(_ bytes: UnsafeRawBufferPointer, into output: inout [UInt8]) {
        if case .cInclude(let include) = layout {
            for byte in bytes {
                include.appendByte(byte, index: bytesSeen, to: &output)
                bytesSeen += 1
            }
            return
        }
        let width = lineLength
        var rest = bytes[...]
        if !pending.isEmpty {
            let taken = rest.prefix(width - pending.count)
            pending.append(contentsOf: taken)
            rest = rest.dropFirst(taken.count)
            guard pending.count == width else { return }
            let line = pending
            pending = []
            line.withUnsafeBytes { emit($0, into: &output) }
        }
        while rest.count >= width {
            emit(UnsafeRawBufferPointer(rebasing: rest.prefix(width)), into: &output)
            rest = rest.dropFirst(width)
        }
        pending.append(contentsOf: rest)
    }

    /// The last short line and the closing: hexdump's final offset (in the
    /// last view's width), xxd -a's held-back lines, xxd -i's length.
    public mutating func finish(into output: inout [UInt8]) {
        switch layout {
        case .cInclude(let include):
            include.appendClosing(count: bytesSeen, to: &output)
        case .hexdump(let views, _):
            if !pending.isEmpty {
                let line = pending
                pending = []
                line.withUnsafeBytes { emit($0, into: &output) }
            }
            guard bytesSeen > 0, let last = views.last else { return }
            HexDigits.appendOffset(offset, digits: last.offsetDigits, to: &output)
            output.append(0x0A)
        case .xxd(let line, let autoskip):
            if !pending.isEmpty {
                let characters = pending.withUnsafeBytes { line.characters(of: $0, offset: offset, colors: &xxdColors) }
                offset += UInt64(pending.count)
                pending = []
                writeXxdLine(drawn(characters, line), held: nil, weight: 1, into: &output)
            } else if autoskip {
                // xxd writes the last line again with the colours it has cleared by then.
                writeXxdLine(drawn(lastCharacters, line), held: nil, weight: -1, into: &output)
            }
        }
    }

    /// One full or final line.
    private mutating func emit(_ block: UnsafeRawBufferPointer, into output: inout [UInt8]) {
        bytesSeen += UInt64(block.count)
        defer { offset += UInt64(block.count) }
        switch layout {
        case .hexdump(let views, let squeezes):
            if squeezes, block.count == HexdumpView.blockSize, let previous = previousBlock, previous.elementsEqual(block) {
                if !starred { output.append(contentsOf: [0x2A, 0x0A]) }
                starred = true
                return
            }
            starred = false
            previousBlock = Array(block)
            for view in views { view.appendLine(block, offset: offset, to: &output) }
        case .xxd(let line, let autoskip):
            let characters = line.characters(of: block, offset: offset, colors: &xxdColors)
            let weight = !autoskip || block.contains(where: { $0 != 0 }) ? 1 : 0
            // A zero line xxd may hold back is a copy whose end place has no colour.
            let held = weight == 0 && line.colored ? drawn(characters, line, endColored: false) : nil
            writeXxdLine(drawn(characters, line), held: held, weight: weight, into: &output)
            lastCharacters = characters
            if line.colored { XxdLineLayout.clearColors(&xxdColors, through: characters) }
        case .cInclude:
            break
        }
    }

    /// xxd's `xxdline`: `weight` 1 for a line with a non-zero byte (or
    /// without -a), 0 for an all-zero line, -1 to flush at the end. The
    /// first zero line of a run shows, the second is held back, and a run
    /// longer than two becomes `*` before the next line shown.
    /// `held`: the line as xxd copies it when it holds it back (nil: `line`).
    private mutating func writeXxdLine(_ line: [UInt8], held: [UInt8]?, weight: Int, into output: inout [UInt8]) {
        if weight == 0 && zeroLinesSeen == 1 { heldZeroLine = held ?? line }
        let seenBefore = zeroLinesSeen
        if weight == 0 { zeroLinesSeen += 1 }
        guard weight != 0 || seenBefore == 0 else { return }
        if weight != 0 {
            if weight < 0 { zeroLinesSeen -= 1 }
            if zeroLinesSeen == 2 { output.append(contentsOf: heldZeroLine) }
            if zeroLinesSeen > 2 { output.append(contentsOf: [0x2A, 0x0A]) }
        }
        if weight >= 0 || zeroLinesSeen > 0 { output.append(contentsOf: line) }
        if weight != 0 { zeroLinesSeen = 0 }
    }

    /// xxd's characters as written: in its colours when coloured.
    private func drawn(_ characters: [UInt8], _ line: XxdLineLayout, endColored: Bool = true) -> [UInt8] {
        guard line.colored else { return characters }
        var output: [UInt8] = []
        XxdColoring.appendColored(characters, colors: xxdColors, endColored: endColored, to: &output)
        return output
    }
}
