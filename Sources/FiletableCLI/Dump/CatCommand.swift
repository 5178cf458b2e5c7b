import FileBrowsing

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
                let reader = try HexDumpReader.operand(path)
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
    /// for DEL), as `cat -v` writes them.
    static func appendShowingControls(_ bytes: UnsafeRawBufferPointer, to shown: inout [UInt8]) {
        for byte in bytes {
            if byte < 0x20 && byte != 0x09 && byte != 0x0A {
                shown += [0x5E, byte + 0x40]
            } else if byte == 0x7F {
                shown += [0x5E, 0x3F]
            } else {
                shown.append(byte)
            }
        }
    }
}
