/// A path as one shell word that is exact to run and safe to read: the
/// reviewable `--sh` export is meant to be `cat`ed before it is run.
///
/// A path of printable ASCII is single-quoted (`'it'\''s'`), as POSIX `sh`
/// reads it. Any other path (a control byte, a byte above ASCII) is written
/// as an ANSI-C string, `$'…'`, with those bytes as `\xHH`: bash, zsh, ksh
/// and POSIX.1-2024 read it back to the exact bytes in any locale, and no
/// byte of it can drive a terminal or hide part of a line. Scripts that
/// hold such words name bash in their `#!` line (dash 0.5.12 lacks `$'…'`).
public enum ShellQuoting {
    /// The shell word for `bytes`.
    public static func word(_ bytes: [UInt8]) -> [UInt8] {
        needsANSIC(bytes) ? ansiC(bytes) : singleQuoted(bytes)
    }

    /// True when the word for `bytes` needs `$'…'` (and so bash): any byte
    /// above ASCII does. Inside single quotes a raw byte is not safe in every
    /// locale either: in GB18030 `81 30` begins a four-byte character, and
    /// bash, reading `'ก0'` (E0 B8 81 30) there, took the closing quote into
    /// it (FuzzShellWords found it). A plan is therefore plain ASCII.
    public static func needsANSIC(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { !NameEscaping.isPlain($0, allowingBackslash: true) }
    }

    /// `'…'`, each `'` written `'\''`.
    static func singleQuoted(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x27]
        for byte in bytes {
            if byte == 0x27 { out += [0x27, 0x5C, 0x27, 0x27] } else { out.append(byte) }
        }
        out.append(0x27)
        return out
    }

    /// `$'…'`: `\\` and `\'` for those two, `\xHH` for every control byte
    /// and every byte of 0x80 or above. No byte above ASCII stands raw: in
    /// GBK, GB18030, Big5 or Shift-JIS a lead byte such as 0x81 would make
    /// one character of the backslash after it, the quote would end the word
    /// and the rest of the name would run as a command.
    static func ansiC(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x24, 0x27]
        out.reserveCapacity(bytes.count * 2 + 3)
        let digits = Array("0123456789ABCDEF".utf8)
        for byte in bytes {
            if byte < 0x20 || byte >= 0x7F {
                out += [0x5C, 0x78, digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]
            } else if byte == 0x5C || byte == 0x27 {
                out += [0x5C, byte]
            } else {
                out.append(byte)
            }
        }
        out.append(0x27)
        return out
    }
}
