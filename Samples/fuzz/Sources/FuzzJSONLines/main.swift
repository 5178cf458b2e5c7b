import Foundation
import FuzzSupport

@testable import FileBrowsing
@testable import HexDump
@testable import SystemSeam

/// JSON strings: every string `JSONLines` writes parses as JSON, decodes to
/// the name (U+FFFD where it is not UTF-8), holds no raw control or escaped
/// character, and `path_hex` gives the exact bytes whenever the text cannot.
runFuzzer { data, count in

    let bytes = fuzzInput(data, count)
    let string = JSONLines.string(bytes)
    var line = "{\"path\":" + string
    if let exact = JSONLines.hexField("path_hex", bytes) { line += "," + exact }
    line += "}"
    if !isTerminalSafe(line) { fatalError("a raw control or escaped character in a JSON line: \(line.debugDescription)") }
    guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String] else {
        fatalError("not JSON: \(line)")
    }
    if object["path"] != String(decoding: bytes, as: UTF8.self) { fatalError("path does not decode to the name") }
    if let hex = object["path_hex"] {
        let decoded = stride(from: 0, to: hex.count, by: 2).map { i -> UInt8 in
            let start = hex.index(hex.startIndex, offsetBy: i)
            return UInt8(hex[start..<hex.index(start, offsetBy: 2)], radix: 16)!
        }
        if decoded != bytes { fatalError("path_hex is not the bytes") }
    } else if !UTF8Validation.isValid(bytes) {
        fatalError("no path_hex for bytes that are not UTF-8")
    }
    return 0
}
