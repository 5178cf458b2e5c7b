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
    /// xxd's line buffer and colours, kept from line to line as xxd keeps them.
    private var xxdLine = XxdLineBuffer()

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
                pending.withUnsafeBytes { line.draw($0, offset: offset, into: &xxdLine) }
                offset += UInt64(pending.count)
                pending = []
                writeXxdLine(weight: 1, into: &output)
            } else if autoskip {
                // xxd writes the last line again, still in its buffer, with the colours it has cleared by then.
                writeXxdLine(weight: -1, into: &output)
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
            line.draw(block, offset: offset, into: &xxdLine)
            let weight = !autoskip || block.contains(where: { $0 != 0 }) ? 1 : 0
            writeXxdLine(weight: weight, into: &output)
            xxdLine.clearColors()
        case .cInclude:
            break
        }
    }

    /// xxd's `xxdline`: `weight` 1 for a line with a non-zero byte (or
    /// without -a), 0 for an all-zero line, -1 to flush at the end. The
    /// first zero line of a run shows, the second is held back, and a run
    /// longer than two becomes `*` before the next line shown.
    /// The line is the one in `xxdLine`; the one held back is copied as xxd
    /// copies it (its end place without a colour).
    private mutating func writeXxdLine(weight: Int, into output: inout [UInt8]) {
        if weight == 0 && zeroLinesSeen == 1 {
            heldZeroLine.removeAll(keepingCapacity: true)
            xxdLine.append(to: &heldZeroLine, endColored: false)
        }
        let seenBefore = zeroLinesSeen
        if weight == 0 { zeroLinesSeen += 1 }
        guard weight != 0 || seenBefore == 0 else { return }
        if weight != 0 {
            if weight < 0 { zeroLinesSeen -= 1 }
            if zeroLinesSeen == 2 { output.append(contentsOf: heldZeroLine) }
            if zeroLinesSeen > 2 { output.append(contentsOf: [0x2A, 0x0A]) }
        }
        if weight >= 0 || zeroLinesSeen > 0 { xxdLine.append(to: &output) }
        if weight != 0 { zeroLinesSeen = 0 }
    }
}
