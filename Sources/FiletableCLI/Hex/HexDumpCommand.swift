import FileBrowsing

/// `filetable --hex FILE...`: each file dumped as `hexdump -C`, `xxd` or
/// `xxd -p` would, streamed through fixed buffers with one `write` per
/// buffer. Several files each get a `==> FILE <==` header, as `head` does; a
/// file that cannot be dumped is reported and the rest still dump.
struct HexDumpCommand {
    let options: CommandLineOptions
    let output: OutputSink
    let diagnostics: Diagnostics
    let useColor: Bool

    var format: HexFormat {
        switch options.hexFormatName {
        case "xxd":
            let columns = options.hexColumns.flatMap { $0 == 0 ? nil : $0 } ?? 16
            let group = options.hexGroup ?? 2
            return .xxd(columns: columns, group: group >= columns ? 0 : group, uppercase: options.hexUppercase)
        case "plain":
            return .plain(columns: options.hexColumns ?? 30, uppercase: options.hexUppercase)
        default:
            return .canonical
        }
    }

    func run() {
        let paths = options.operandsGiven ? options.paths : [Array("-".utf8)]
        var headersWritten = 0
        for path in paths {
            let isStandardInput = path == Array("-".utf8)
            do {
                let reader =
                    isStandardInput
                    ? try HexDumpReader(standardInput: Array("standard input".utf8), skip: options.hexSkip, length: options.hexLength)
                    : try HexDumpReader(path: path, skip: options.hexSkip, length: options.hexLength)
                // As head does: a header only for a file that opened, standard input by that name.
                if paths.count > 1 {
                    let name = isStandardInput ? "standard input" : NameEscaping.escape(path)
                    output.write((headersWritten > 0 ? "\n" : "") + "==> " + name + " <==\n")
                    headersWritten += 1
                }
                try dump(reader)
            } catch {
                diagnostics.report(error, severity: .seriousTrouble)
            }
            if output.failed { return }
        }
    }

    /// Streams one file: read a buffer, format it in place, write it.
    private func dump(_ reader: HexDumpReader) throws(FileError) {
        var formatter = HexFormatter(
            format: format, startOffset: reader.startOffset,
            squeezes: options.hexSqueeze, colored: useColor)
        if options.hexLength == 0 { return }
        var out = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)
        defer { out.deallocate() }
        var more = true
        while more {
            more = try reader.withNextChunk(lineLength: format.lineLength) { chunk in
                if chunk.isEmpty { return false }
                let needed = formatter.outputCapacity(for: chunk.count)
                if needed > out.count {
                    out.deallocate()
                    out = .allocate(capacity: needed)
                }
                let count = formatter.format(chunk, into: out)
                output.write(raw: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(out)[0..<count]))
                return !output.failed
            }
            if output.failed { return }
        }
        var closing: [UInt8] = []
        formatter.finish(into: &closing)
        output.write(bytes: closing)
    }
}
