import FileBrowsing
import HexDump
import SystemSeam
import Terminal

/// `filetable --hex FILE...`: each file dumped as `hexdump -C`, `xxd` or
/// `xxd -p` would, streamed through fixed buffers with one `write` per
/// buffer. Several files each get a `==> FILE <==` header, as `head` does; a
/// file that cannot be dumped is reported and the rest still dump.
struct HexDumpCommand {
    let options: CommandLineOptions
    let output: OutputSink
    let diagnostics: Diagnostics
    let useColor: Bool
    /// `output` is a terminal: drawn format strings show control bytes (asked once).
    private let showsControls: Bool

    init(options: CommandLineOptions, output: OutputSink, diagnostics: Diagnostics, useColor: Bool) {
        self.options = options
        self.output = output
        self.diagnostics = diagnostics
        self.useColor = useColor
        showsControls = Descriptor(output.fd).isTerminal
    }

    var format: HexFormat { DumpLayoutChoice(options: options).fastFormat }

    func run() {
        guard options.mode == .xxd else { return dump(options.operandsGiven ? options.paths : [Array("-".utf8)]) }
        let operands: XxdOperands
        do {
            operands = try XxdOperands(options)
        } catch {
            return diagnostics.report(error)
        }
        if options.xxd.revert {
            return XxdRevertCommand(options: options, operands: operands, output: output, diagnostics: diagnostics).run()
        }
        operands.writing(to: output, diagnostics: diagnostics) { sink in
            let colored = DumpLayoutChoice.xxdColors(options, on: sink, intoNamedFile: operands.outputFile != nil)
            HexDumpCommand(options: options, output: sink, diagnostics: diagnostics, useColor: colored).dump([operands.input])
        }
    }

    /// Dumps each of `paths` (`-` is standard input) to `output`.
    private func dump(_ paths: [[UInt8]]) {
        var formatStrings: HexdumpFormat?
        if DumpLayoutChoice(options: options).usesFormatStrings {
            guard let format = readFormatStrings() else { return }
            formatStrings = format
        }
        var headersWritten = 0
        for path in paths {
            let isStandardInput = path == Array("-".utf8)
            do {
                let reader =
                    isStandardInput
                    ? try HexDumpReader(
                        standardInput: Array("standard input".utf8), skip: options.dump.skip, skipFromEnd: options.dump.skipFromEnd,
                        length: options.dump.length)
                    : try reader(path)
                // As head does: a header only for a file that opened, standard input by that name.
                if paths.count > 1 {
                    let name = isStandardInput ? "standard input" : NameEscaping.escape(path)
                    output.write((headersWritten > 0 ? "\n" : "") + "==> " + name + " <==\n")
                    headersWritten += 1
                }
                // xxd's colours are its own, drawn a line at a time; --hex colours with the fast formatter.
                let lineLayout = DumpLayoutChoice(options: options).lineLayout(
                    name: isStandardInput ? nil : path, xxdColored: options.mode == .xxd && useColor)
                // Past the end, standard output is the peer's (hexdump's lone
                // closing offset, the file's size, in its last view's width;
                // xxd's nothing), but a lone offset reads like an empty file:
                // say so, and fail.
                if let size = reader.skippedPastEnd {
                    if options.dump.length != 0 {
                        if let formatStrings {
                            // hexdump's %_A units, with the file's size as the offset past the end.
                            var dump = HexdumpFormatDump(format: formatStrings, startOffset: size, squeezes: options.dump.squeeze)
                            dump.finish { write($0) }
                        } else if let digits = Self.closingOffsetDigits(format: format, lineLayout: lineLayout) {
                            let hex = String(size, radix: 16)
                            output.write(String(repeating: "0", count: max(0, digits - hex.count)) + hex + "\n")
                        }
                    }
                    diagnostics.report(
                        FileError(
                            path: path, reason: .custom("offset \(options.dump.skip) is past the end (\(Plural.count(Int(clamping: size), "byte")))")),
                        severity: .seriousTrouble)
                    continue
                }
                if let formatStrings {
                    try dump(reader, through: formatStrings)
                } else if let lineLayout {
                    try dump(reader, drawing: lineLayout)
                } else {
                    try dump(reader)
                }
            } catch {
                diagnostics.report(error, severity: .seriousTrouble)
            }
            if output.failed { return }
        }
    }

    /// The reader of `path`: a file, or a member inside an archive the path
    /// goes through (`site.zip/index.html`, `backup.tgz/etc/hostname`).
    private func reader(_ path: [UInt8]) throws(FileError) -> HexDumpReader {
        if let revision = options.dump.revision {
            return try HexDumpReader.atRevision(
                revision, path: path, skip: options.dump.skip, skipFromEnd: options.dump.skipFromEnd, length: options.dump.length)
        }
        return try HexDumpReader.throughArchives(
            path: path, skip: options.dump.skip, skipFromEnd: options.dump.skipFromEnd, length: options.dump.length)
    }

    /// The digits of hexdump's closing offset (8 for -C, 7 for its other
    /// views, the last view's), nil for xxd's layouts, which have none.
    private static func closingOffsetDigits(format: HexFormat, lineLayout: LineDump.Layout?) -> Int? {
        switch lineLayout {
        case .hexdump(let views, _)?: return views.last?.offsetDigits
        case .xxd?, .cInclude?: return nil
        case nil:
            if case .canonical = format { return HexdumpView.canonical.offsetDigits }
            return nil
        }
    }

    /// Colour units of format strings are drawn (`_L[...]`), as hexdump
    /// draws them: `-L[WHEN]`, else `--color`; on a terminal unless always.
    private var drawsColorUnits: Bool {
        options.dump.colorUnits.map { ListingContext.usesColor($0, on: output) } ?? useColor
    }

    /// hexdump's format strings and views in the order given, each file or
    /// format read once; nil (reported, status 2) when one cannot be read.
    private func readFormatStrings() -> HexdumpFormat? {
        var sources: [[UInt8]] = []
        for source in options.dump.formatSources {
            switch source {
            case .view(let view): sources += HexdumpFormat.sources(of: view)
            case .string(let text): sources.append(text)
            case .file(let path):
                do {
                    sources += try HexdumpFormat.sources(ofFormatFileAt: path)
                } catch {
                    diagnostics.report(error, severity: .seriousTrouble)
                    return nil
                }
            }
        }
        do {
            return try HexdumpFormat(parsing: sources, colors: drawsColorUnits)
        } catch {
            diagnostics.report(error.message, severity: .seriousTrouble)
            return nil
        }
    }

    /// Streams one file through hexdump's format strings; at a terminal
    /// control bytes (a `%c` of the data) are shown as `cat -v` shows them.
    /// A large regular file is read and drawn by several threads
    /// (`ParallelHexDump`), whole blocks; its short last block and the
    /// `%_A` unit after.
    private func dump(_ reader: HexDumpReader, through format: HexdumpFormat) throws(FileError) {
        guard options.dump.length != 0 else { return }
        if let parallel = reader.parallelDump(),
            var chunks = HexdumpChunkFormatter(format: format, startOffset: reader.startOffset, squeezes: options.dump.squeeze)
        {
            try reader.keepingOpen { () throws(FileError) in
                try parallel.run(&chunks) { text in
                    write(text)
                    return !output.failed
                }
            }
            if output.failed { return }
            var dump = HexdumpFormatDump(resuming: chunks)
            dump.finish { write($0) }
            return
        }
        var dump = HexdumpFormatDump(format: format, startOffset: reader.startOffset, squeezes: options.dump.squeeze)
        var more = true
        while more && !output.failed {
            more = try reader.withNextChunk(lineLength: 1) { chunk in
                if chunk.isEmpty { return false }
                dump.append(chunk) { write($0) }
                return !output.failed
            }
        }
        if output.failed { return }
        dump.finish { write($0) }
    }

    /// Writes drawn text: exact into a pipe or file, control bytes but
    /// tab and newline as `^X` at a terminal.
    private func write(_ text: UnsafeRawBufferPointer) {
        guard showsControls else { return output.write(raw: text) }
        var shown: [UInt8] = []
        CatCommand.appendShowingControls(text, to: &shown, keepingColors: drawsColorUnits)
        output.write(bytes: shown)
    }

    /// Streams one file in a line-at-a-time layout (hexdump's views, xxd's
    /// variants), in order through one buffer.
    private func dump(_ reader: HexDumpReader, drawing layout: LineDump.Layout) throws(FileError) {
        var lines = LineDump(layout: layout, startOffset: reader.startOffset)
        var text: [UInt8] = []
        lines.start(into: &text)
        var more = options.dump.length != 0
        while more && !output.failed {
            more = try reader.withNextChunk(lineLength: HexdumpView.blockSize) { chunk in
                if chunk.isEmpty { return false }
                // A piece at a time, so the drawn text (a dozen bytes a byte in colour) stays small.
                var start = 0
                while start < chunk.count && !output.failed {
                    let end = min(chunk.count, start + Self.linePiece)
                    lines.append(UnsafeRawBufferPointer(rebasing: chunk[start..<end]), into: &text)
                    output.write(bytes: text)
                    text.removeAll(keepingCapacity: true)
                    start = end
                }
                return !output.failed
            }
        }
        if output.failed { return }
        lines.finish(into: &text)
        output.write(bytes: text)
    }

    /// The bytes drawn a line at a time before their text is written.
    private static let linePiece = 1 << 16

    /// Streams one file: a large regular file on a thread a core
    /// (`ParallelHexDump`), anything else read in order here; then the
    /// closing line.
    private func dump(_ reader: HexDumpReader) throws(FileError) {
        // After --xxd colours are xxd's, drawn by `LineDump`; its plain layout has none.
        var formatter = HexFormatter(
            format: format, startOffset: reader.startOffset,
            squeezes: options.dump.squeeze, colored: useColor && options.mode != .xxd)
        if options.dump.length == 0 { return }
        if let parallel = reader.parallelDump() {
            try reader.keepingOpen { () throws(FileError) in
                try parallel.run(&formatter) { bytes in
                    output.write(raw: bytes)
                    return !output.failed
                }
            }
        } else {
            try dumpInOrder(reader, with: &formatter)
        }
        if output.failed { return }
        var closing: [UInt8] = []
        formatter.finish(into: &closing)
        output.write(bytes: closing)
    }

    /// Read a buffer, format it, write it. A large read (from a pipe or
    /// device) is formatted in two halves at once, on two threads, written
    /// in order.
    private func dumpInOrder(_ reader: HexDumpReader, with formatter: inout HexFormatter) throws(FileError) {
        var front = OutputBuffer()
        var back = OutputBuffer()
        let lineLength = max(1, format.lineLength)
        var more = true
        while more && !output.failed {
            more = try reader.withNextChunk(lineLength: format.lineLength) { chunk in
                if chunk.isEmpty { return false }
                if HexFormatter.pairsChunks(of: chunk.count) {
                    // Halves of whole lines: the first on a second thread, the rest here.
                    let half = chunk.count / 2 / lineLength * lineLength
                    let first = UnsafeRawBufferPointer(rebasing: chunk[0..<half])
                    let second = UnsafeRawBufferPointer(rebasing: chunk[half...])
                    let counts = formatter.format(
                        first, into: front.reserve(formatter.outputCapacity(for: first.count)),
                        then: second, into: back.reserve(formatter.outputCapacity(for: second.count)))
                    output.write(raw: front.prefix(counts.first))
                    output.write(raw: back.prefix(counts.second))
                    return !output.failed
                }
                let count = formatter.format(chunk, into: front.reserve(formatter.outputCapacity(for: chunk.count)))
                output.write(raw: front.prefix(count))
                return !output.failed
            }
        }
    }
}

/// A growable output buffer for formatted dump lines.
private struct OutputBuffer: ~Copyable {
    private var storage = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)

    /// Room for at least `count` bytes.
    mutating func reserve(_ count: Int) -> UnsafeMutableBufferPointer<UInt8> {
        if storage.count < count {
            storage.deallocate()
            storage = .allocate(capacity: count)
        }
        return storage
    }

    /// The first `count` bytes written.
    func prefix(_ count: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(storage)[0..<count])
    }

    deinit { storage.deallocate() }
}
