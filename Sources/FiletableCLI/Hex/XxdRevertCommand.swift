import FileBrowsing

/// `filetable --xxd -r [-p] [-c N] [-s OFF] [INFILE [OUTFILE]]`: a hex
/// dump read back into bytes as xxd reads it (`XxdReversal`), written to
/// standard output in order, or to OUTFILE when it is a new file (xxd
/// would patch an existing one in place; filetable never changes a file
/// that is there). The input is standard input without INFILE or with `-`.
struct XxdRevertCommand {
    let options: CommandLineOptions
    let output: OutputSink
    let diagnostics: Diagnostics

    func run() {
        if let problem = refusal {
            diagnostics.report(problem)
            return
        }
        let input = options.operandsGiven ? options.paths[0] : Array("-".utf8)
        let target = options.operandsGiven && options.paths.count == 2 ? options.paths[1] : nil
        var reversal = XxdReversal(
            columns: options.hexColumns.flatMap { $0 == 0 ? nil : $0 } ?? 16, plain: options.hexFormatName == "plain",
            baseOffset: options.hexSkipFromEnd ? -Int64(clamping: options.hexSkip) : Int64(clamping: options.hexSkip))
        var bytes: [UInt8] = []
        var kept: [UInt8] = []
        let zeros = [UInt8](repeating: 0, count: 1 << 16)
        do {
            let reader =
                input == Array("-".utf8)
                ? try HexDumpReader(standardInput: Array("standard input".utf8)) : try HexDumpReader.throughArchives(path: input)
            var more = true
            var backwards: XxdReversal.BackwardsOffset?
            var tooLarge = false
            while more && !output.failed && backwards == nil && !tooLarge {
                more = try reader.withNextChunk(lineLength: 1) { chunk in
                    if chunk.isEmpty { return false }
                    do throws(XxdReversal.BackwardsOffset) {
                        try reversal.read(chunk, into: &bytes) { count, bytes in
                            // A jump in the offsets: zeros written a piece at a time, never held whole.
                            var left = count
                            while left > 0 && !output.failed && !tooLarge {
                                let piece = Int(min(left, Int64(zeros.count)))
                                bytes += zeros[..<piece]
                                left -= Int64(piece)
                                tooLarge = !deliver(&bytes, keeping: target != nil, in: &kept)
                            }
                        }
                    } catch {
                        backwards = error
                    }
                    tooLarge = tooLarge || !deliver(&bytes, keeping: target != nil, in: &kept)
                    return !output.failed && !tooLarge
                }
            }
            tooLarge = tooLarge || !deliver(&bytes, keeping: target != nil, in: &kept)
            if tooLarge, let target {
                diagnostics.report(
                    FileError(
                        path: target,
                        reason: .custom(
                            "the bytes pass \(Self.largestKept >> 20) MiB, more than filetable holds to write a file; redirect standard output to a new file instead"
                        )
                    ), severity: .seriousTrouble)
                return
            }
            if let backwards {
                diagnostics.report(
                    "the dump goes back from offset \(backwards.written) to \(backwards.wanted): bytes come out in order and cannot go back (xxd seeks back only in a file it patches)",
                    severity: .seriousTrouble)
            }
        } catch {
            diagnostics.report(error, severity: .seriousTrouble)
            return
        }
        if let target {
            if case .failure(let failure) = OwnFiles.writeNew(target, contents: kept, replace: false) {
                let reason =
                    failure == .exists
                    ? "exists; --xxd -r writes only a new file (xxd would patch this one in place)" : failure.description
                diagnostics.report(FileError(path: target, reason: .custom(reason)), severity: .seriousTrouble)
            }
        }
    }

    /// The most bytes kept for OUTFILE, which is written whole at the end.
    static let largestKept = 1 << 28

    /// The bytes read so far, to standard output or kept for OUTFILE (up
    /// to `largestKept`: past it, false, and nothing more is kept).
    @discardableResult
    private func deliver(_ bytes: inout [UInt8], keeping: Bool, in kept: inout [UInt8]) -> Bool {
        defer { bytes.removeAll(keepingCapacity: true) }
        guard !bytes.isEmpty else { return true }
        guard keeping else {
            output.write(bytes: bytes)
            return true
        }
        guard kept.count + bytes.count <= Self.largestKept else { return false }
        kept += bytes
        return true
    }

    /// Letters xxd does not revert, and a third operand.
    private var refusal: UsageError? {
        if options.xxdBits || options.xxdInclude || options.xxdLittleEndian {
            return UsageError(message: "cannot revert this type of hexdump", hint: "xxd -r reads its plain (-p) and normal dumps only.")
        }
        if options.operandsGiven && options.paths.count > 2 {
            return UsageError(message: "too many arguments", hint: "--xxd -r takes [INFILE [OUTFILE]].")
        }
        return nil
    }
}
