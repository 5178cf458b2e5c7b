import FuzzSupport

@testable import FileBrowsing
@testable import HexDump
@testable import SystemSeam

/// The directory-record decoder (`Syscalls.decodeRecords`, what every
/// listing and `du` read): any bytes as a `getdents64` buffer decode without
/// reading past it and end; and names written as the kernel writes records
/// (inode, offset, length, type, name, NUL, padding to 8 bytes) come back
/// exactly, with their inodes and types.
runFuzzer { data, count in

    let bytes = fuzzInput(data, count)
    // Any bytes: every name lies inside the buffer and holds no NUL.
    bytes.withUnsafeBytes { raw in
        var decoded = 0
        Syscalls.decodeRecords(raw) { record in
            decoded += 1
            let start = UnsafeRawPointer(record.name.baseAddress!) - raw.baseAddress!
            if start < 0 || start + record.name.count > raw.count { fatalError("a name outside the buffer") }
            if record.name.contains(0) { fatalError("a NUL inside a name") }
        }
        if decoded > raw.count / 20 { fatalError("more records than fit") }
    }
    // Names made of the input (split at NUL and '/'), as real records.
    let names = bytes.split(whereSeparator: { $0 == 0 || $0 == 0x2F }).map { Array($0.prefix(255)) }.prefix(64)
    var buffer: [UInt8] = []
    for (index, name) in names.enumerated() {
        let length = (19 + name.count + 1 + 7) / 8 * 8
        var record = [UInt8](repeating: 0, count: length)
        withUnsafeBytes(of: UInt64(index + 1).littleEndian) { record.replaceSubrange(0..<8, with: $0) }
        withUnsafeBytes(of: UInt16(length).littleEndian) { record.replaceSubrange(16..<18, with: $0) }
        record[18] = UInt8(index % 16)
        record.replaceSubrange(19..<(19 + name.count), with: name)
        buffer += record
    }
    var back: [(UInt64, UInt8, [UInt8])] = []
    buffer.withUnsafeBytes { raw in Syscalls.decodeRecords(raw) { back.append(($0.inode, $0.type, Array($0.name))) } }
    if back.count != names.count { fatalError("\(names.count) records written, \(back.count) read") }
    for (index, name) in names.enumerated() where back[index] != (UInt64(index + 1), UInt8(index % 16), name) {
        fatalError("record \(index) read back differently")
    }
    return 0
}
