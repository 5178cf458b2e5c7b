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
    private let hexPairs: [UInt16]
    private let printable: [UInt8]
    private let offsetDigits = Array("0123456789abcdef".utf8)
    /// Each byte's two hex digits and a space, little-endian in a UInt32, for
    /// one unaligned 4-byte store per byte (the fourth byte is overwritten next).
    private let hexSpace: [UInt32]
    /// Lowercase hex pairs, for offsets.
    private let offsetPairs: [UInt16]

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
        printable = (0..<256).map { $0 >= 0x20 && $0 < 0x7F ? UInt8($0) : 0x2E }
        hexSpace = hexPairs.map { UInt32($0) | 0x20 << 16 }
        let lower = Array("0123456789abcdef".utf8)
        offsetPairs = (0..<256).map { UInt16(lower[$0 >> 4]) | UInt16(lower[$0 & 0xF]) << 8 }
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
        } else if case .xxd(let columns, let group, _) = format, !colored {
            let lines = input.count / columns
            let fast = Self.fitsIn32Bits(from: offset, bytes: lines * columns) ? lines : 0
            if fast > 0 {
                written = xxdLines(UnsafeRawBufferPointer(rebasing: input[0..<(fast * columns)]), columns: columns, group: group, into: output)
                start = fast * columns
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
    public func finish(into output: inout [UInt8]) {
        if case .plain(0, _) = format, hadLine { output.append(0x0A) }
        guard format == .canonical, hadLine || offset > 0 else { return }
        appendOffset(offset, minimumDigits: 8, to: &output)
        output.append(0x0A)
    }

    /// Whether every offset of `bytes` bytes from `offset` has eight hex
    /// digits, the fast paths' layout; checked without overflow.
    private static func fitsIn32Bits(from offset: UInt64, bytes: Int) -> Bool {
        offset <= 0xFFFF_FFFF && UInt64(bytes) <= 0xFFFF_FFFF - offset
    }

    // MARK: Lines

    /// Full 16-byte `hexdump -C` lines, offsets below 2^32: one pass with raw
    /// table pointers, no per-byte branches, squeezing by two 64-bit compares.
    private mutating func canonicalLines(_ input: UnsafeRawBufferPointer, into output: UnsafeMutablePointer<UInt8>) -> Int {
        var p = output
        var offset = UInt32(truncatingIfNeeded: self.offset)
        var previous = previousLine
        var squeezing = self.squeezing
        let squeezes = self.squeezes
        hexSpace.withUnsafeBufferPointer { hexSpace in
            offsetPairs.withUnsafeBufferPointer { offsetPairs in
                printable.withUnsafeBufferPointer { printable in
                    var line = input.baseAddress!
                    let end = line + input.count
                    while line < end {
                        let words = (line.loadUnaligned(as: UInt64.self), line.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
                        if squeezes, let last = previous, last == words {
                            if !squeezing {
                                squeezing = true
                                p[0] = 0x2A
                                p[1] = 0x0A
                                p += 2
                            }
                        } else {
                            squeezing = false
                            previous = words
                            let raw = UnsafeMutableRawPointer(p)
                            Self.storeOffset(offset, at: raw, pairs: offsetPairs)
                            raw.storeBytes(of: 0x2020 as UInt16, toByteOffset: 8, as: UInt16.self)
                            let bytes = line.assumingMemoryBound(to: UInt8.self)
                            var q = 10
                            for i in 0..<8 {
                                raw.storeBytes(of: hexSpace[Int(bytes[i])], toByteOffset: q, as: UInt32.self)
                                q += 3
                            }
                            p[q] = 0x20
                            q += 1
                            for i in 8..<16 {
                                raw.storeBytes(of: hexSpace[Int(bytes[i])], toByteOffset: q, as: UInt32.self)
                                q += 3
                            }
                            p[q] = 0x20
                            p[q + 1] = 0x7C
                            q += 2
                            for i in 0..<16 { p[q + i] = printable[Int(bytes[i])] }
                            p[q + 16] = 0x7C
                            p[q + 17] = 0x0A
                            p += q + 18
                        }
                        // Cannot wrap: `fitsIn32Bits` let only offsets below 2^32 in
                        // (the step past the last line is never read).
                        offset &+= 16
                        line += 16
                    }
                }
            }
        }
        hadLine = hadLine || !input.isEmpty
        previousLine = previous
        self.squeezing = squeezing
        self.offset += UInt64(input.count)
        return p - output
    }

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

    /// Eight lowercase hex digits of a 32-bit offset, as four pair stores.
    @inline(__always)
    private static func storeOffset(_ offset: UInt32, at raw: UnsafeMutableRawPointer, pairs: UnsafeBufferPointer<UInt16>) {
        raw.storeBytes(of: pairs[Int(offset >> 24)], as: UInt16.self)
        raw.storeBytes(of: pairs[Int((offset >> 16) & 0xFF)], toByteOffset: 2, as: UInt16.self)
        raw.storeBytes(of: pairs[Int((offset >> 8) & 0xFF)], toByteOffset: 4, as: UInt16.self)
        raw.storeBytes(of: pairs[Int(offset & 0xFF)], toByteOffset: 6, as: UInt16.self)
    }

    /// Full `xxd` lines, offsets below 2^32, with raw table pointers.
    private mutating func xxdLines(_ input: UnsafeRawBufferPointer, columns: Int, group: Int, into output: UnsafeMutablePointer<UInt8>) -> Int {
        var p = output
        var offset = UInt32(truncatingIfNeeded: self.offset)
        hexPairs.withUnsafeBufferPointer { hexPairs in
            offsetPairs.withUnsafeBufferPointer { offsetPairs in
                printable.withUnsafeBufferPointer { printable in
                    var line = input.baseAddress!.assumingMemoryBound(to: UInt8.self)
                    let end = line + input.count
                    while line < end {
                        let raw = UnsafeMutableRawPointer(p)
                        Self.storeOffset(offset, at: raw, pairs: offsetPairs)
                        raw.storeBytes(of: 0x203A as UInt16, toByteOffset: 8, as: UInt16.self)
                        var q = 10
                        var inGroup = 0
                        for i in 0..<columns {
                            raw.storeBytes(of: hexPairs[Int(line[i])], toByteOffset: q, as: UInt16.self)
                            q += 2
                            inGroup += 1
                            if inGroup == group && i + 1 < columns {
                                p[q] = 0x20
                                q += 1
                                inGroup = 0
                            }
                        }
                        p[q] = 0x20
                        p[q + 1] = 0x20
                        q += 2
                        for i in 0..<columns { p[q + i] = printable[Int(line[i])] }
                        p[q + columns] = 0x0A
                        p += q + columns + 1
                        offset &+= UInt32(columns)  // below 2^32 as above
                        line += columns
                    }
                }
            }
        }
        hadLine = hadLine || !input.isEmpty
        self.offset += UInt64(input.count)
        return p - output
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
