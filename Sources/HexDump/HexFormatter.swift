/// Turns bytes into dump lines, chunk by chunk, into a caller-owned output
/// buffer. Table-driven: every byte's two hex digits and its text character
/// come from 256-entry tables, and full lines take a path without branches
/// per byte. Keeps the state a dump needs across chunks: the offset, the
/// previous line and whether a `*` was written for it.
public struct HexFormatter: Sendable {
    public let format: HexFormat
    public let squeezes: Bool
    public let colored: Bool
    /// The file offset of the next byte.
    public internal(set) var offset: UInt64
    /// The previous full line's sixteen bytes, for squeezing repeats.
    var previousLine: (UInt64, UInt64)?
    var squeezing = false
    var hadLine = false
    let hexPairs: [UInt16]
    let printable: [UInt8]
    private let offsetDigits = Array("0123456789abcdef".utf8)
    /// Each byte's two hex digits and a space in the low three bytes,
    /// little-endian, to be shifted into place in a 64-bit word of output.
    let hexSpaceWords: [UInt64]
    /// Each byte's two hex digits in the low two bytes, likewise.
    let hexPairWords: [UInt64]
    /// Lowercase hex pairs, for offsets.
    let offsetPairs: [UInt64]

    public init(format: HexFormat, startOffset: UInt64 = 0, squeezes: Bool = true, colored: Bool = false) {
        self.format = format
        self.squeezes = squeezes && format == .canonical
        self.colored = colored
        offset = startOffset
        let uppercase: Bool
        switch format {
        case .canonical: uppercase = false
        case .xxd(_, _, let upper), .plain(_, let upper): uppercase = upper
        }
        let digits = Array((uppercase ? "0123456789ABCDEF" : "0123456789abcdef").utf8)
        // Little-endian: the first digit in the low byte, so a UInt16 store writes "hl".
        hexPairs = (0..<256).map { UInt16(digits[$0 >> 4]) | UInt16(digits[$0 & 0xF]) << 8 }
        printable = (0..<256).map { Self.textByte(UInt8($0)) }
        hexPairWords = hexPairs.map { UInt64($0) }
        hexSpaceWords = hexPairs.map { UInt64($0) | 0x20 << 16 }
        let lower = Array("0123456789abcdef".utf8)
        offsetPairs = (0..<256).map { UInt64(lower[$0 >> 4]) | UInt64(lower[$0 & 0xF]) << 8 }
    }

    /// The output capacity `format(_:into:)` needs for `count` input bytes:
    /// the lines they make (one more for a partial line) at the most a line
    /// of this layout can take.
    public func outputCapacity(for count: Int) -> Int {
        let lines = count / max(1, format.lineLength) + 2
        return lines * format.maximumLineOutput(colored: colored)
    }

    /// Formats `input` (whole lines, except at the very end of a dump) into
    /// `output`, and returns the number of bytes written. `output` must hold
    /// `outputCapacity(for: input.count)` bytes: checked once a call, in every
    /// build, so no layout or colour can write past it.
    public mutating func format(_ input: UnsafeRawBufferPointer, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        precondition(buffer.count >= outputCapacity(for: input.count), "hex output buffer smaller than the layout needs")
        guard let output = buffer.baseAddress else { return 0 }
        var written = 0
        var start = 0
        if format == .canonical && !colored {
            // Whole lines with 8-digit offsets take the table-driven fast path.
            let lines = input.count / 16
            let fast = Self.fitsIn32Bits(from: offset, bytes: lines * 16) ? lines : 0
            if fast > 0 {
                written = canonicalLines(UnsafeRawBufferPointer(rebasing: input[0..<(fast * 16)]), into: output)
                start = fast * 16
            }
        } else if case .xxd(16, 2, _) = format, !colored {
            let lines = input.count / 16
            let fast = Self.fitsIn32Bits(from: offset, bytes: lines * 16) ? lines : 0
            if fast > 0 {
                written = xxdDefaultLines(UnsafeRawBufferPointer(rebasing: input[0..<(fast * 16)]), into: output)
                start = fast * 16
            }
        } else if case .xxd(let columns, let group, _) = format, !colored {
            let lines = input.count / columns
            let fast = Self.fitsIn32Bits(from: offset, bytes: lines * columns) ? lines : 0
            if fast > 0 {
                written = xxdLines(UnsafeRawBufferPointer(rebasing: input[0..<(fast * columns)]), columns: columns, group: group, into: output)
                start = fast * columns
            }
        } else if case .plain(let columns, _) = format, columns > 0 {
            let lines = input.count / columns
            if lines > 0 {
                written = plainLines(UnsafeRawBufferPointer(rebasing: input[0..<(lines * columns)]), columns: columns, into: output)
                start = lines * columns
            }
        }
        let line = format.lineLength
        while start < input.count {
            let count = min(line, input.count - start)
            let bytes = UnsafeRawBufferPointer(rebasing: input[start..<(start + count)])
            written += formatLine(bytes, into: output + written)
            offset += UInt64(count)
            start += count
        }
        return written
    }

    /// The closing line: `hexdump -C` ends with the offset after the last byte
    /// (nothing at all for a dump that read nothing from offset 0); xxd ends
    /// with nothing, but `xxd -p -c 0` ends its one line.
    /// The lines of `bytes` as a new array: for a screen's worth (the
    /// viewers), where the dump's own loop writes into reused buffers.
    public mutating func format(_ bytes: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: outputCapacity(for: bytes.count))
        let count = bytes.withUnsafeBytes { chunk in out.withUnsafeMutableBufferPointer { format(chunk, into: $0) } }
        out.removeSubrange(count...)
        return out
    }

    public func finish(into output: inout [UInt8]) {
        // As xxd -p -c0: its one line ends with a newline, even when empty.
        if case .plain(0, _) = format { output.append(0x0A) }
        guard format == .canonical, hadLine || offset > 0 else { return }
        appendOffset(offset, minimumDigits: 8, to: &output)
        output.append(0x0A)
    }

    /// Whether every offset of `bytes` bytes from `offset` has eight hex
    /// digits, the fast paths' layout; checked without overflow.
    static func fitsIn32Bits(from offset: UInt64, bytes: Int) -> Bool {
        offset <= 0xFFFF_FFFF && UInt64(bytes) <= 0xFFFF_FFFF - offset
    }

    // MARK: Lines

    private mutating func formatLine(_ bytes: UnsafeRawBufferPointer, into out: UnsafeMutablePointer<UInt8>) -> Int {
        hadLine = true
        switch format {
        case .canonical:
            if squeezes && bytes.count == 16 {
                let line = (bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self), bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
                if let previous = previousLine, previous == line {
                    if squeezing { return 0 }
                    squeezing = true
                    out[0] = 0x2A
                    out[1] = 0x0A
                    return 2
                }
                squeezing = false
                previousLine = line
            } else {
                squeezing = false
                previousLine = nil
            }
            return canonical(bytes, into: out)
        case .xxd(let columns, let group, _):
            return xxd(bytes, columns: columns, group: group, into: out)
        case .plain(let columns, _):
            var p = 0
            for byte in bytes {
                storePair(byte, at: out + p)
                p += 2
            }
            // `xxd -p -c 0`: one line for the whole dump, ended by `finish`.
            if columns == 0 {
                hadLine = hadLine || !bytes.isEmpty
                return p
            }
            out[p] = 0x0A
            return p + 1
        }
    }

    @inline(__always)
    private func storePair(_ byte: UInt8, at pointer: UnsafeMutablePointer<UInt8>) {
        UnsafeMutableRawPointer(pointer).storeBytes(of: hexPairs[Int(byte)], as: UInt16.self)
    }

    /// Writes the offset in lowercase hex with at least `minimumDigits` digits.
    @inline(__always)
    private func writeOffset(_ value: UInt64, minimumDigits: Int, into out: UnsafeMutablePointer<UInt8>) -> Int {
        var digits = minimumDigits
        while digits < 16 && value >> (4 * UInt64(digits)) != 0 { digits += 1 }
        for i in 0..<digits {
            out[i] = offsetDigits[Int((value >> (4 * UInt64(digits - 1 - i))) & 0xF)]
        }
        return digits
    }

    private func appendOffset(_ value: UInt64, minimumDigits: Int, to output: inout [UInt8]) {
        var scratch = [UInt8](repeating: 0, count: 16)
        let count = scratch.withUnsafeMutableBufferPointer { writeOffset(value, minimumDigits: minimumDigits, into: $0.baseAddress!) }
        output.append(contentsOf: scratch[0..<count])
    }

    /// `00000000  48 65 6c 6c 6f 2c 20 77  6f 72 6c 64 21 0a 41 42  |Hello, world!.AB|`
    /// (the general path: partial lines, long offsets, colour).
    private func canonical(_ bytes: UnsafeRawBufferPointer, into out: UnsafeMutablePointer<UInt8>) -> Int {
        var p = writeOffset(offset, minimumDigits: 8, into: out)
        out[p] = 0x20
        out[p + 1] = 0x20
        p += 2
        for i in 0..<16 {
            p += writeHexCell(i, of: bytes, into: out + p)
            out[p] = 0x20
            p += 1
            if i == 7 {
                out[p] = 0x20
                p += 1
            }
        }
        out[p] = 0x20
        out[p + 1] = 0x7C
        p += 2
        p += writeText(bytes, into: out + p)
        out[p] = 0x7C
        out[p + 1] = 0x0A
        return p + 2
    }

    /// Byte `i` as two hex digits (coloured when asked), or two spaces past the end.
    @inline(__always)
    private func writeHexCell(_ i: Int, of bytes: UnsafeRawBufferPointer, into out: UnsafeMutablePointer<UInt8>) -> Int {
        guard i < bytes.count else {
            out[0] = 0x20
            out[1] = 0x20
            return 2
        }
        var p = colored ? openColor(bytes[i], at: out) : 0
        storePair(bytes[i], at: out + p)
        p += 2
        if colored { p += closeColor(at: out + p) }
        return p
    }

    /// The text column: printable ASCII as is, everything else as `.`.
    private func writeText(_ bytes: UnsafeRawBufferPointer, into out: UnsafeMutablePointer<UInt8>) -> Int {
        var p = 0
        for byte in bytes {
            if colored { p += openColor(byte, at: out + p) }
            out[p] = printable[Int(byte)]
            p += 1
            if colored { p += closeColor(at: out + p) }
        }
        return p
    }

    /// `00000000: 4865 6c6c 6f2c 2077 6f72 6c64 210a 4142  Hello, world!.AB`
    private func xxd(_ bytes: UnsafeRawBufferPointer, columns: Int, group: Int, into out: UnsafeMutablePointer<UInt8>) -> Int {
        var p = writeOffset(offset, minimumDigits: 8, into: out)
        out[p] = 0x3A
        out[p + 1] = 0x20
        p += 2
        for i in 0..<columns {
            p += writeHexCell(i, of: bytes, into: out + p)
            if group > 0 && (i + 1) % group == 0 && i + 1 < columns {
                out[p] = 0x20
                p += 1
            }
        }
        out[p] = 0x20
        out[p + 1] = 0x20
        p += 2
        p += writeText(bytes, into: out + p)
        out[p] = 0x0A
        return p + 1
    }

    private func openColor(_ byte: UInt8, at out: UnsafeMutablePointer<UInt8>) -> Int {
        let sequence = Array("\u{1B}[\(ByteClass(byte).sgr)m".utf8)
        for (i, b) in sequence.enumerated() { out[i] = b }
        return sequence.count
    }

    private func closeColor(at out: UnsafeMutablePointer<UInt8>) -> Int {
        out[0] = 0x1B
        out[1] = 0x5B
        out[2] = 0x30
        out[3] = 0x6D
        return 4
    }
}
