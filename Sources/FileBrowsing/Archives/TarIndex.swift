import SystemSeam

/// Reads the members of a tar archive (POSIX ustar, GNU long names and
/// links, pax extended headers) from its bytes front to back: each header
/// says how much data follows, which is skipped (read through, in a
/// compressed tar). Checksums are checked: a damaged header ends the
/// listing with the reason, and the members before it are kept.
public enum TarIndex {
    /// The bytes of a tar, read in order: from a file, or decompressed.
    public protocol Stream: AnyObject {
        /// Exactly `count` bytes, or fewer at the end.
        func read(_ count: Int) throws(ArchiveError) -> [UInt8]
        /// Passes over `count` bytes.
        func skip(_ count: UInt64) throws(ArchiveError)
    }

    /// What a listing found: the members, and why it stopped early, if it did.
    public struct Listing: Sendable {
        public var members = ArchiveMembers()
        public var problem: ArchiveError?
    }

    /// Whether a 512-byte block is a tar header (ustar magic, or an old tar
    /// header whose checksum holds).
    public static func isHeader(_ block: [UInt8]) -> Bool {
        guard block.count >= 512 else { return false }
        if block[257..<262].elementsEqual("ustar".utf8) { return true }
        return block[0] != 0 && checksumHolds(block)
    }

    /// Reads every header of `stream`. `stop` is asked between members
    /// (Ctrl-C). `reservingFor` members (and 32 bytes of name each) are
    /// made room for first, where the caller knows at most how many there are.
    public static func read(_ stream: any Stream, reservingFor expected: Int = 0, stop: () -> Bool = { false }) -> Listing {
        var listing = Listing()
        listing.members.reserve(members: expected, nameBytes: expected * 32)
        var offset: UInt64 = 0
        var longName: [UInt8]?
        var longLink: [UInt8]?
        var pax: [String: [UInt8]] = [:]
        var globalPax: [String: [UInt8]] = [:]
        do throws(ArchiveError) {
            while !stop() {
                let block = try stream.read(512)
                if block.count < 512 {
                    if !block.isEmpty { listing.problem = ArchiveError("the archive ends inside a header (a truncated file)") }
                    break
                }
                let headerOffset = offset
                offset += 512
                if block.allSatisfy({ $0 == 0 }) { break }
                guard checksumHolds(block) else {
                    listing.problem = ArchiveError("a damaged header at byte \(headerOffset) (its checksum does not hold)")
                    break
                }
                guard let size = number(block[124..<136]) else {
                    listing.problem = ArchiveError("a header at byte \(headerOffset) has no readable size")
                    break
                }
                guard size <= largestSize else { throw ArchiveError.doesNotFit("size", headerOffset: headerOffset) }
                let padded = (size + 511) / 512 * 512
                let type = block[156]
                switch type {
                case UInt8(ascii: "L"), UInt8(ascii: "K"), UInt8(ascii: "x"), UInt8(ascii: "g"):
                    guard size <= 1 << 20 else { throw ArchiveError("an extended header at byte \(headerOffset) is larger than 1 MiB") }
                    let data = try stream.read(Int(size))
                    guard data.count == Int(size) else { throw ArchiveError.truncated }
                    try stream.skip(padded - size)
                    offset += padded
                    let text = Array(data.prefix { $0 != 0 })
                    switch type {
                    case UInt8(ascii: "L"): longName = text
                    case UInt8(ascii: "K"): longLink = text
                    case UInt8(ascii: "x"): pax = paxRecords(data)
                    default: globalPax.merge(paxRecords(data)) { $1 }
                    }
                    continue
                default:
                    break
                }
                // (Most tars have neither: no dictionary is made for each member then.)
                let records = globalPax.isEmpty ? pax : globalPax.merging(pax) { $1 }
                let member = try member(
                    block, size: size, records: records, longName: longName, longLink: longLink, headerOffset: headerOffset, dataOffset: offset)
                // A link or a directory has no data in the archive, whatever its size says.
                let dataSize =
                    (type == UInt8(ascii: "1") || type == UInt8(ascii: "2") || type == UInt8(ascii: "5")) ? 0 : (member.size + 511) / 512 * 512
                try listing.members.append(member)
                longName = nil
                longLink = nil
                pax = [:]
                try stream.skip(dataSize)
                offset += dataSize
            }
        } catch {
            listing.problem = error
        }
        if listing.problem == nil, stop() { listing.problem = .stopped(after: listing.members.count) }
        return listing
    }

    /// The largest size a member may give: its data rounded up to whole
    /// blocks, and any sum of sizes the archive's data can hold, stay within
    /// `Int64` (a larger size is damage, named as such, never a trap).
    static let largestSize = UInt64(Int64.max) - 511

    /// A member from its header `block` (the size read already), with the
    /// long name and link of GNU's `L`/`K` headers and pax records (`path`,
    /// `size`, `mtime`, `uid`, `gid`, `linkpath`) over the header's fields.
    /// Throws where a pax number does not fit (a size past `largestSize`, a
    /// time that is not a finite number of seconds within `Int64`).
    private static func member(
        _ block: [UInt8], size: UInt64, records: [String: [UInt8]], longName: [UInt8]?, longLink: [UInt8]?, headerOffset: UInt64,
        dataOffset offset: UInt64
    ) throws(ArchiveError) -> ArchiveMember {
        let type = block[156]
        // Most members have no pax records: no key is hashed for them.
        func record(_ key: String) -> [UInt8]? { records.isEmpty ? nil : records[key] }
        var name = longName ?? record("path") ?? fieldName(block)
        if longName == nil, record("path") == nil, block[257..<263].elementsEqual("ustar\0".utf8) {
            let prefix = field(block[345..<500])
            if !prefix.isEmpty { name = prefix + [0x2F] + name }
        }
        var memberSize = size
        if let text = record("size") {
            guard let value = UInt64(String(decoding: text, as: UTF8.self)), value <= largestSize else {
                throw ArchiveError.doesNotFit("size", headerOffset: headerOffset)
            }
            memberSize = value
        }
        var seconds = Int64(clamping: number(block[136..<148]) ?? 0)
        if let text = record("mtime") {
            // pax times are decimal seconds with an optional fraction; a
            // Double conversion of NaN, an infinity or 1e300 would trap.
            guard let value = Double(String(decoding: text, as: UTF8.self)), value.isFinite, abs(value) < 0x1p62 else {
                throw ArchiveError.doesNotFit("modification time", headerOffset: headerOffset)
            }
            seconds = Int64(value.rounded(.down))
        }
        // A hard link carries no data: its header's size is not the archive's
        // to count (a tiny tar could claim any total). It is 0, as GNU tar
        // writes it and `tar tvf` shows it.
        if type == UInt8(ascii: "1") { memberSize = 0 }
        var member = ArchiveMember(
            path: name, kind: kind(type, name: name), size: type == UInt8(ascii: "5") ? 0 : memberSize,
            permissions: FilePermissions(rawValue: UInt32(truncatingIfNeeded: number(block[100..<108]) ?? 0)),
            modificationTime: Timestamp(seconds: seconds), headerOffset: headerOffset, dataOffset: offset)
        member.userID =
            record("uid").flatMap { UInt32(String(decoding: $0, as: UTF8.self)) }
            ?? UInt32(truncatingIfNeeded: number(block[108..<116]) ?? 0)
        member.groupID =
            record("gid").flatMap { UInt32(String(decoding: $0, as: UTF8.self)) }
            ?? UInt32(truncatingIfNeeded: number(block[116..<124]) ?? 0)
        if type == UInt8(ascii: "1") || type == UInt8(ascii: "2") {
            member.linkTarget = longLink ?? record("linkpath") ?? field(block[157..<257])
        }
        return member
    }

    private static func kind(_ type: UInt8, name: [UInt8]) -> FileKind {
        switch type {
        case UInt8(ascii: "2"): return .symlink
        case UInt8(ascii: "3"): return .characterDevice
        case UInt8(ascii: "4"): return .blockDevice
        case UInt8(ascii: "5"): return .directory
        case UInt8(ascii: "6"): return .fifo
        // A hard link shows as the file it names; old tars mark directories by a trailing slash.
        default: return name.last == 0x2F ? .directory : .file
        }
    }

    /// A NUL-ended field's bytes.
    private static func field(_ bytes: ArraySlice<UInt8>) -> [UInt8] { Array(bytes.prefix { $0 != 0 }) }

    private static func fieldName(_ block: [UInt8]) -> [UInt8] { field(block[0..<100]) }

    /// A numeric field: octal digits (spaces and NULs around them), or
    /// GNU's base-256 when the first byte's high bit is set.
    static func number(_ bytes: ArraySlice<UInt8>) -> UInt64? {
        guard let first = bytes.first else { return nil }
        if first & 0x80 != 0 {
            var value: UInt64 = UInt64(first & 0x3F)
            for byte in bytes.dropFirst() {
                guard value >> 56 == 0 else { return nil }
                value = value << 8 | UInt64(byte)
            }
            return first & 0x40 != 0 ? nil : value
        }
        var value: UInt64 = 0
        var sawDigit = false
        for byte in bytes {
            if byte == 0 || byte == 0x20 {
                if sawDigit { break } else { continue }
            }
            guard byte >= 0x30 && byte <= 0x37, value >> 60 == 0 else { return nil }
            value = value << 3 | UInt64(byte - 0x30)
            sawDigit = true
        }
        return value
    }

    /// The header's checksum: its bytes summed with the checksum field as spaces (unsigned or, as old tars wrote, signed).
    private static func checksumHolds(_ block: [UInt8]) -> Bool {
        guard let stored = number(block[148..<156]) else { return false }
        // Plain loops the compiler vectorises (a million headers are a million
        // of these); a signed sum is the unsigned one less 256 for each byte
        // of 0x80 or more.
        var unsigned: Int64 = 8 * 0x20
        var high: Int64 = 0
        block.withUnsafeBufferPointer { bytes in
            var sum: UInt32 = 0
            var count: UInt32 = 0
            for index in 0..<148 {
                sum &+= UInt32(bytes[index])
                count &+= UInt32(bytes[index] >> 7)
            }
            for index in 156..<512 {
                sum &+= UInt32(bytes[index])
                count &+= UInt32(bytes[index] >> 7)
            }
            unsigned += Int64(sum)
            high = Int64(count)
        }
        let signed = unsigned - 256 * high
        return stored == UInt64(unsigned) || Int64(stored) == signed
    }

    /// pax records: `LENGTH key=value\n`, each LENGTH bytes long.
    private static func paxRecords(_ data: [UInt8]) -> [String: [UInt8]] {
        var records: [String: [UInt8]] = [:]
        var start = 0
        while start < data.count {
            guard let space = data[start...].firstIndex(of: 0x20),
                let length = Int(String(decoding: data[start..<space], as: UTF8.self)), length > 0, start + length <= data.count,
                space < start + length,
                let equals = data[(space + 1)..<(start + length)].firstIndex(of: 0x3D)
            else { break }
            let key = String(decoding: data[(space + 1)..<equals], as: UTF8.self)
            var value = Array(data[(equals + 1)..<(start + length)])
            if value.last == 0x0A { value.removeLast() }
            records[key] = value
            start += length
        }
        return records
    }
}
