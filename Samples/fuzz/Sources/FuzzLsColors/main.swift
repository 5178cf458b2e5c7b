import FuzzSupport
import Glibc

@testable import FileBrowsing
@testable import HexDump
@testable import SystemSeam
@testable import Terminal

/// `LS_COLORS` as ls reads it: any text makes a colour scheme and its
/// indicators without a crash; a value without `\` or `^` reads as itself;
/// any ASCII bytes written as dircolors' octal escapes (`\ooo`) read back
/// as those bytes, and as `^X` carets where they are control characters.
/// The same text read as tree reads it (`TreeColorScheme`) colours any
/// kind of entry, any name (empty, shorter than an extension), without a crash.
runFuzzer { data, count in

    let bytes = fuzzInput(data, count)
    let text = String(decoding: bytes, as: UTF8.self)
    _ = ColorScheme(lsColors: text)
    _ = LsColorIndicators(lsColors: text)
    if let tree = TreeColorScheme(setting: text) {
        for mode in [S_IFREG | 0o4755, S_IFREG | 0o644, S_IFDIR | 0o1777, S_IFDIR | 0o755, S_IFLNK | 0o777, S_IFIFO | 0o644, 0] {
            var raw = stat()
            raw.st_mode = mode
            let status = FileStatus(raw)
            for name in [[UInt8](), Array("a.tar".utf8), Array(bytes.prefix(9))] {
                name.withUnsafeBufferPointer { name in
                    _ = tree.sgr(status: status, name: name, orphan: false, isTarget: false)
                    _ = tree.sgr(status: nil, name: name, orphan: true, isTarget: true)
                }
            }
        }
    }
    if !bytes.contains(0x5C) && !bytes.contains(0x5E) {
        guard LsColorIndicators.decoded(Substring(text)) == text else { fatalError("a plain value changed: \(text.debugDescription)") }
    }
    let ascii = bytes.map { $0 & 0x7F }
    let octal = ascii.map { "\\" + String(repeating: "0", count: 3 - String($0, radix: 8).count) + String($0, radix: 8) }.joined()
    guard Array(LsColorIndicators.decoded(Substring(octal)).utf8) == ascii else { fatalError("octal escapes did not read back: \(ascii)") }
    let carets = ascii.filter { $0 < 0x20 }.map { "^" + String(UnicodeScalar($0 + 0x40)) }.joined()
    guard Array(LsColorIndicators.decoded(Substring(carets)).utf8) == ascii.filter({ $0 < 0x20 }) else { fatalError("carets did not read back") }
    let indicators = LsColorIndicators(lsColors: "lc=" + octal.prefix(40) + ":no=7")
    guard indicators.normal == "7", indicators.normalIsColored else { fatalError("no= lost after lc=") }
    return 0
}
