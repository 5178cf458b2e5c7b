import FileBrowsing
import SystemSeam
import Terminal

/// `filetable --cat FILE...`: each file's bytes to standard output, in
/// order, as `cat` writes them; a path through an archive writes the
/// member's bytes, as `unzip -p` and `tar xOf` do, without extracting
/// anything. A file that cannot be read is reported (status 1) and the
/// rest still go out; with no FILE, standard input is copied. At a
/// terminal, control bytes (an escape sequence in a file) are shown as
/// `cat -v` shows them (`^[`), never sent raw; into a pipe or a file the
/// bytes are exact.
struct CatCommand {
    let options: CommandLineOptions
    let output: OutputSink
    let diagnostics: Diagnostics

    func run() {
        let showsControls = StandardStream.output.isTerminal
        var shown: [UInt8] = []
        let paths = options.operandsGiven ? options.paths : [Array("-".utf8)]
        for path in paths {
            do {
                let reader: HexDumpReader
                if let revision = options.dump.revision {
                    reader = try HexDumpReader.atRevision(revision, path: path)
                } else {
                    reader = try HexDumpReader.operand(path)
                }
                var more = true
                while more && !output.failed {
                    more = try reader.withNextChunk(lineLength: 1) { chunk in
                        if chunk.isEmpty { return false }
                        if showsControls {
                            shown.removeAll(keepingCapacity: true)
                            Self.appendShowingControls(chunk, to: &shown)
                            output.write(bytes: shown)
                        } else {
                            output.write(raw: chunk)
                        }
                        return !output.failed
                    }
                }
            } catch {
                diagnostics.report(error, severity: .minorTrouble)
            }
            if output.failed { return }
        }
    }

    /// `bytes` with each control byte but tab and newline as `^X` (`^?`
    /// for DEL), as `cat -v` writes them; with `keepingColors`, a colour
    /// change (`ESC [ 1;31 m`, hexdump's colour units) passes as it is.
    static func appendShowingControls(_ bytes: UnsafeRawBufferPointer, to shown: inout [UInt8], keepingColors: Bool = false) {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if keepingColors, byte == 0x1B, let length = colorSequenceLength(bytes, at: index - 1) {
                // A colour change (ESC [ digits and ; m) passes as it is: it only colours.
                shown += bytes[(index - 1)..<(index - 1 + length)]
                index += length - 1
            } else if byte < 0x20 && byte != 0x09 && byte != 0x0A {
                shown += [0x5E, byte + 0x40]
            } else if byte == 0x7F {
                shown += [0x5E, 0x3F]
            } else {
                shown.append(byte)
            }
        }
    }

    /// The length of the SGR sequence (`ESC [ 1;31 m`) at `start`, if one is there.
    private static func colorSequenceLength(_ bytes: UnsafeRawBufferPointer, at start: Int) -> Int? {
        guard start + 2 < bytes.count, bytes[start + 1] == 0x5B else { return nil }
        var index = start + 2
        while index < bytes.count, (0x30...0x39).contains(bytes[index]) || bytes[index] == 0x3B { index += 1 }
        guard index < bytes.count, bytes[index] == 0x6D else { return nil }
        return index + 1 - start
    }
}
