import SystemSeam

/// Reads the members of a zip archive from its central directory alone
/// (found through the end record at the file's end, zip64 included): the
/// members' data is not touched until one is opened. A central directory
/// that points outside the file or past its own end stops the listing with
/// the reason; the members read before it are kept.
public enum ZipIndex {
    /// Whether `source` starts as a zip does (a local header, or the end
    /// record of an empty zip).
    public static func isZip(_ source: any ByteSource) -> Bool {
        let magic = (try? source.bytes(at: 0, count: 4)) ?? []
        return magic == [0x50, 0x4B, 0x03, 0x04] || magic == [0x50, 0x4B, 0x05, 0x06]
    }

    public static func read(_ source: any ByteSource) throws(ArchiveError) -> TarIndex.Listing {
        guard let size = source.size, size >= 22 else { throw ArchiveError("too short to be a zip") }
        let (count, directorySize, directoryOffset) = try centralDirectory(of: source, size: size)
        guard directoryOffset <= size, directorySize <= size - directoryOffset else {
            throw ArchiveError("the central directory lies outside the file (damaged or truncated)")
        }
        var listing = TarIndex.Listing()
        // The whole directory read at once (one read, not two a member); a
        // directory said to be larger than 256 MiB is read a piece at a time.
        let whole = directorySize <= 1 << 28 ? try bytes(source, at: directoryOffset, count: Int(directorySize)) : nil
        func directoryBytes(at offset: UInt64, count: Int) throws(ArchiveError) -> [UInt8] {
            guard let whole else { return try Self.bytes(source, at: offset, count: count) }
            let start = Int(offset - directoryOffset)
            return Array(whole[min(whole.count, start)..<min(whole.count, start + count)])
        }
        var position = directoryOffset
        let directoryEnd = directoryOffset + directorySize
        while UInt64(listing.members.count) < count {
            guard position + 46 <= directoryEnd else {
                listing.problem = ArchiveError("the central directory ends before its \(count) entries")
                break
            }
            let header = try directoryBytes(at: position, count: 46)
            guard header.count == 46, header[0..<4].elementsEqual([0x50, 0x4B, 0x01, 0x02]) else {
                listing.problem = ArchiveError("a damaged central directory entry at byte \(position)")
                break
            }
            let nameLength = Int(le(header, 28, 2))
            let extraLength = Int(le(header, 30, 2))
            let commentLength = Int(le(header, 32, 2))
            let variable = try directoryBytes(at: position + 46, count: nameLength + extraLength)
            guard variable.count == nameLength + extraLength, position + 46 + UInt64(nameLength + extraLength + commentLength) <= directoryEnd else {
                listing.problem = ArchiveError("a central directory entry runs past the directory's end")
                break
            }
            let name = Array(variable[0..<nameLength])
            var compressed = le(header, 20, 4)
            var uncompressed = le(header, 24, 4)
            var localOffset = le(header, 42, 4)
            zip64Sizes(in: variable, from: nameLength, uncompressed: &uncompressed, compressed: &compressed, offset: &localOffset)
            let member = entry(header, name: name, size: uncompressed, compressed: compressed, dataOffset: localOffset, at: position)
            if localOffset >= size || compressed > size {
                listing.problem = ArchiveError("a member's data lies outside the file (damaged)")
                break
            }
            // DEFLATE gives at most 1,032 bytes a stored byte; a stored member
            // is its bytes. A size past what its data could give (a zip64
            // field near 2^64) is damage: sums of sizes then stay within Int64.
            if member.size > TarIndex.largestSize || (member.method == 0 && member.size > compressed)
                || (member.method == 8 && member.size / 1032 > compressed)
            {
                listing.problem = ArchiveError("a central directory entry at byte \(position) gives a size that does not fit (damaged)")
                break
            }
            do {
                try listing.members.append(member)
            } catch {
                listing.problem = error
                break
            }
            position += 46 + UInt64(nameLength + extraLength + commentLength)
        }
        return listing
    }

    /// Where the central directory is and how many entries it holds, from
    /// the end record (in the last 64 KiB + 22 bytes: a comment of up to
    /// 64 KiB may follow it), or the zip64 end record it points to.
    private static func centralDirectory(
        of source: any ByteSource, size: UInt64
    ) throws(ArchiveError) -> (count: UInt64, size: UInt64, offset: UInt64) {
        let tailStart = size > 65_557 ? size - 65_557 : 0
        let tail = try bytes(source, at: tailStart, count: Int(size - tailStart))
        guard
            let end = stride(from: tail.count - 22, through: 0, by: -1).first(where: { tail[$0..<($0 + 4)].elementsEqual([0x50, 0x4B, 0x05, 0x06]) })
        else { throw ArchiveError("no zip end record (not a zip, or truncated)") }
        var count = UInt64(le(tail, end + 10, 2))
        var directorySize = UInt64(le(tail, end + 12, 4))
        var directoryOffset = UInt64(le(tail, end + 16, 4))
        if count == 0xFFFF || directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF, end >= 20,
            tail[(end - 20)..<(end - 16)].elementsEqual([0x50, 0x4B, 0x06, 0x07])
        {
            let recordOffset = le(tail, end - 12, 8)
            let record = try bytes(source, at: recordOffset, count: 56)
            guard record.count == 56, record[0..<4].elementsEqual([0x50, 0x4B, 0x06, 0x06]) else { throw ArchiveError("a damaged zip64 end record") }
            count = le(record, 32, 8)
            directorySize = le(record, 40, 8)
            directoryOffset = le(record, 48, 8)
        }
        return (count, directorySize, directoryOffset)
    }

    /// The zip64 extra field's sizes and offset, in that order, for the
    /// fields of the entry that overflowed (0xFFFFFFFF); the extra fields
    /// start at `start` in `variable`.
    private static func zip64Sizes(
        in variable: [UInt8], from start: Int, uncompressed: inout UInt64, compressed: inout UInt64, offset localOffset: inout UInt64
    ) {
        var extra = start
        while extra + 4 <= variable.count {
            let id = le(variable, extra, 2)
            let length = Int(le(variable, extra + 2, 2))
            let body = extra + 4
            guard body + length <= variable.count else { break }
            if id == 1 {
                var field = body
                if uncompressed == 0xFFFF_FFFF, field + 8 <= body + length {
                    uncompressed = le(variable, field, 8)
                    field += 8
                }
                if compressed == 0xFFFF_FFFF, field + 8 <= body + length {
                    compressed = le(variable, field, 8)
                    field += 8
                }
                if localOffset == 0xFFFF_FFFF, field + 8 <= body + length { localOffset = le(variable, field, 8) }
            }
            extra = body + length
        }
    }

    /// A member from its central directory entry: kind and mode from the
    /// system that made it (Unix modes, or DOS attributes), DOS time.
    private static func entry(
        _ header: [UInt8], name: [UInt8], size: UInt64, compressed: UInt64, dataOffset: UInt64, at position: UInt64
    ) -> ArchiveMember {
        let madeBy = le(header, 4, 2) >> 8
        let external = UInt32(le(header, 38, 4))
        let unixMode = madeBy == 3 ? external >> 16 : 0
        let isDirectory = name.last == 0x2F || unixMode & 0o170000 == 0o040000 || (madeBy != 3 && external & 0x10 != 0)
        let kind: FileKind = isDirectory ? .directory : (unixMode & 0o170000 == 0o120000 ? .symlink : .file)
        let permissions = FilePermissions(rawValue: unixMode != 0 ? unixMode : (isDirectory ? 0o755 : 0o644))
        var member = ArchiveMember(
            path: name, kind: kind, size: isDirectory ? 0 : size, permissions: permissions,
            modificationTime: dosTime(date: le(header, 14, 2), time: le(header, 12, 2)), headerOffset: position, dataOffset: dataOffset)
        member.compressedSize = compressed
        member.method = UInt16(le(header, 10, 2))
        member.crc = UInt32(le(header, 16, 4))
        return member
    }

    /// Where a member's data starts: after its local header's name and extra field.
    public static func dataStart(of member: ArchiveMember, in source: any ByteSource) throws(ArchiveError) -> UInt64 {
        let local = try bytes(source, at: member.dataOffset, count: 30)
        guard local.count == 30, local[0..<4].elementsEqual([0x50, 0x4B, 0x03, 0x04]) else {
            throw ArchiveError("the member's local header is missing (damaged)")
        }
        return member.dataOffset + 30 + le(local, 26, 2) + le(local, 28, 2)
    }

    /// A little-endian number of `count` bytes at `offset`.
    private static func le(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> UInt64 {
        (0..<count).reversed().reduce(UInt64(0)) { $0 << 8 | UInt64(bytes[offset + $1]) }
    }

    private static func bytes(_ source: any ByteSource, at offset: UInt64, count: Int) throws(ArchiveError) -> [UInt8] {
        do {
            return try source.bytes(at: offset, count: count)
        } catch {
            throw ArchiveError(reading: error)
        }
    }

    /// MS-DOS date and time (local time, 2-second steps), taken as UTC as `unzip -Z` shows them.
    private static func dosTime(date: UInt64, time: UInt64) -> Timestamp {
        let year = Int(date >> 9) + 1980
        let month = max(1, min(12, Int(date >> 5 & 15)))
        let day = max(1, Int(date & 31))
        // Days from 1970-01-01 to the date (civil calendar).
        let y = month <= 2 ? year - 1 : year
        let era = y / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        let seconds = Int64(days) * 86_400 + Int64(time >> 11) * 3600 + Int64(time >> 5 & 63) * 60 + Int64(time & 31) * 2
        return Timestamp(seconds: seconds)
    }
}
