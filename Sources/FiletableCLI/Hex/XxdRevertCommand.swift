import FileBrowsing
import HexDump
import Terminal

/// `filetable --xxd -r [-p | -b] [-c N] [-s OFF] [INFILE [OUTFILE]]`: a hex
/// dump read back into bytes as xxd reads it (`XxdReversal`), written in
/// order to standard output, or to OUTFILE when it is a new file (xxd
/// would patch an existing one in place; see `XxdOperands`).
struct XxdRevertCommand {
    let options: CommandLineOptions
    let operands: XxdOperands
    let output: OutputSink
    let diagnostics: Diagnostics

    func run() {
        if options.xxd.include || options.xxd.littleEndian {
            return diagnostics.report(
                UsageError(message: "cannot revert this type of hexdump", hint: "xxd -r reads its normal, plain (-p) and bit (-b) dumps only."))
        }
        operands.writing(to: output, diagnostics: diagnostics) { revert(into: $0) }
    }

    private func revert(into destination: OutputSink) {
        var reversal = XxdReversal(
            columns: options.dump.columns.flatMap { $0 == 0 ? nil : $0 } ?? (options.xxd.bits ? 6 : 16), plain: options.dump.formatName == "plain",
            bits: options.xxd.bits,
            baseOffset: options.dump.skipFromEnd ? -Int64(clamping: options.dump.skip) : Int64(clamping: options.dump.skip))
        var pending: [UInt8] = []
        var backwards: XxdReversal.BackwardsOffset?
        do {
            let reader = try HexDumpReader.operand(operands.input)
            var more = true
            while more && !destination.failed && backwards == nil {
                more = try reader.withNextChunk(lineLength: 1) { chunk in
                    if chunk.isEmpty { return false }
                    do throws(XxdReversal.BackwardsOffset) {
                        try reversal.read(chunk, into: &pending) { count, pending in
                            Self.addZeros(count, after: &pending, to: destination)
                        }
                    } catch {
                        backwards = error
                    }
                    Self.deliver(&pending, to: destination)
                    return true
                }
            }
        } catch {
            return diagnostics.report(error, severity: .seriousTrouble)
        }
        if let backwards {
            diagnostics.report(
                "the dump goes back from offset \(backwards.written) to \(backwards.wanted): bytes come out in order and cannot go back (xxd seeks back only in a file it patches)",
                severity: .seriousTrouble)
        }
    }

    private static let zeros = [UInt8](repeating: 0, count: 1 << 16)

    /// `bytes` out to `destination`; emptied.
    private static func deliver(_ bytes: inout [UInt8], to destination: OutputSink) {
        defer { bytes.removeAll(keepingCapacity: true) }
        if !bytes.isEmpty { destination.write(bytes: bytes) }
    }

    /// A jump in the dump's offsets: `count` zeros after `pending`, out a
    /// piece at a time from one buffer, never held whole.
    private static func addZeros(_ count: Int64, after pending: inout [UInt8], to destination: OutputSink) {
        deliver(&pending, to: destination)
        var left = count
        zeros.withUnsafeBytes { zeros in
            while left > 0 && !destination.failed {
                let piece = Int(min(left, Int64(zeros.count)))
                destination.write(raw: UnsafeRawBufferPointer(rebasing: zeros[..<piece]))
                left -= Int64(piece)
            }
        }
    }
}
