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
        var destination = ReversedBytes(output: target == nil ? output : nil)
        var pending: [UInt8] = []
        var backwards: XxdReversal.BackwardsOffset?
        do {
            let reader = try HexDumpReader.operand(input)
            var more = true
            while more && !output.failed && backwards == nil && !destination.tooLarge {
                more = try reader.withNextChunk(lineLength: 1) { chunk in
                    if chunk.isEmpty { return false }
                    do throws(XxdReversal.BackwardsOffset) {
                        try reversal.read(chunk, into: &pending) { count, pending in destination.addZeros(count, after: &pending) }
                    } catch {
                        backwards = error
                    }
                    destination.deliver(&pending)
                    return true
                }
            }
        } catch {
            return diagnostics.report(error, severity: .seriousTrouble)
        }
        if let target, destination.tooLarge {
            let reason =
                "the bytes pass \(ReversedBytes.largestKept >> 20) MiB, more than filetable holds to write a file; redirect standard output to a new file instead"
            return diagnostics.report(FileError(path: target, reason: .custom(reason)), severity: .seriousTrouble)
        }
        if let backwards {
            diagnostics.report(
                "the dump goes back from offset \(backwards.written) to \(backwards.wanted): bytes come out in order and cannot go back (xxd seeks back only in a file it patches)",
                severity: .seriousTrouble)
        }
        if let target, case .failure(let failure) = OwnFiles.writeNew(target, contents: destination.kept, replace: false) {
            let reason = failure == .exists ? "exists; --xxd -r writes only a new file (xxd would patch this one in place)" : failure.description
            diagnostics.report(FileError(path: target, reason: .custom(reason)), severity: .seriousTrouble)
        }
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

/// Where reversed bytes go: standard output as they come, or kept for
/// OUTFILE (written whole at the end) up to `largestKept`.
private struct ReversedBytes {
    /// Standard output, or nil to keep the bytes.
    let output: OutputSink?
    private(set) var kept: [UInt8] = []
    /// More than `largestKept` was to be kept: nothing more is.
    private(set) var tooLarge = false

    static let largestKept = 1 << 28
    private static let zeros = [UInt8](repeating: 0, count: 1 << 16)

    /// `bytes` out, to standard output or kept; emptied.
    mutating func deliver(_ bytes: inout [UInt8]) {
        defer { bytes.removeAll(keepingCapacity: true) }
        guard !bytes.isEmpty else { return }
        if let output {
            output.write(bytes: bytes)
        } else if tooLarge || kept.count + bytes.count > Self.largestKept {
            tooLarge = true
        } else {
            kept += bytes
        }
    }

    /// A jump in the dump's offsets: `count` zeros after `pending`, out a
    /// piece at a time, never held whole.
    mutating func addZeros(_ count: Int64, after pending: inout [UInt8]) {
        var left = count
        while left > 0 && !tooLarge && !(output?.failed ?? false) {
            let piece = Int(min(left, Int64(Self.zeros.count)))
            pending += Self.zeros[..<piece]
            left -= Int64(piece)
            deliver(&pending)
        }
    }
}
