import SystemSeam

/// The members of an archive, held compactly: every name in one arena of
/// bytes and the facts of each in a fixed 40-byte record, so a tar of a
/// million members is not a million arrays. Reading one gives an
/// `ArchiveMember` made on demand; the tree and the rows read names and
/// kinds in place (`name(of:)`, `kind(of:)`), allocating nothing.
///
/// A zip's central-directory facts (header offset, compressed size,
/// method, CRC) are kept only for archives that have them: a tar member's
/// header is always the 512 bytes before its data.
public struct ArchiveMembers: RandomAccessCollection, Sendable {
    /// The facts every member has, in one record.
    private struct Facts: Sendable {
        var size: UInt64
        var dataOffset: UInt64
        var seconds: Int64
        var permissions: UInt32
        var userID: UInt32
        var groupID: UInt32
        var kind: FileKind
    }

    /// What only some archives give: zip's facts, a header that is not just
    /// before the data, a time with a fraction of a second.
    private struct Extra: Sendable {
        var headerOffset: UInt64
        var compressedSize: UInt64?
        var crc: UInt32?
        var method: UInt16
        var nanoseconds: Int32
    }

    /// Every member's name, one after another.
    public private(set) var nameArena: [UInt8] = []
    /// Where each member's name ends in `nameArena` (it starts where the one before ends).
    private var nameEnds: [UInt32] = []
    private var facts: [Facts] = []
    /// Empty, or one for every member once any member needed one (so
    /// `extras.isEmpty` says no member has any).
    private var extras: [Extra] = []
    /// The link targets of the members that have one, by index.
    private var linkTargets: [Int32: [UInt8]] = [:]

    /// The most bytes all names may take together (offsets are 32-bit).
    public static let nameArenaLimit = Int(UInt32.max)

    public init() {}

    /// The members of `members`, in order (tests and small archives).
    public init(_ members: [ArchiveMember]) throws(ArchiveError) {
        for member in members { try append(member) }
    }

    /// Room for `count` members and `nameBytes` bytes of names, reserved
    /// (address space only until they are written).
    public mutating func reserve(members count: Int, nameBytes: Int) {
        facts.reserveCapacity(count)
        nameEnds.reserveCapacity(count)
        nameArena.reserveCapacity(nameBytes)
    }

    /// Adds `member` at the end. Throws when the names would pass
    /// `nameArenaLimit`, one name is 1 GiB or more, or the archive holds
    /// more than `Int32.max` members: the listing then stops there, with
    /// the reason. (Tar's extended headers and zip's fields keep a name far
    /// shorter.)
    public mutating func append(_ member: ArchiveMember) throws(ArchiveError) {
        guard member.path.count < 1 << 30 else { throw ArchiveError("a member's name is longer than 1 GiB (damaged)") }
        guard nameArena.count + member.path.count <= Self.nameArenaLimit, facts.count < Int(Int32.max) else {
            throw ArchiveError("the archive's member names take more than 4 GiB; the rest were not read")
        }
        nameArena += member.path
        nameEnds.append(UInt32(nameArena.count))
        facts.append(
            Facts(
                size: member.size, dataOffset: member.dataOffset, seconds: member.modificationTime.seconds,
                permissions: member.permissions.rawValue, userID: member.userID, groupID: member.groupID, kind: member.kind))
        let extra = Extra(
            headerOffset: member.headerOffset, compressedSize: member.compressedSize, crc: member.crc, method: member.method,
            nanoseconds: member.modificationTime.nanoseconds)
        let plain =
            member.headerOffset &+ 512 == member.dataOffset && member.compressedSize == nil && member.crc == nil && member.method == 0
            && member.modificationTime.nanoseconds == 0
        // The first member that needs one gives every member before it one.
        if !plain || !extras.isEmpty {
            if extras.isEmpty {
                extras = facts.dropLast().map {
                    Extra(headerOffset: $0.dataOffset &- 512, compressedSize: nil, crc: nil, method: 0, nanoseconds: 0)
                }
            }
            extras.append(extra)
        }
        if let target = member.linkTarget { linkTargets[Int32(facts.count - 1)] = target }
    }

    // MARK: Collection

    public var startIndex: Int { 0 }
    public var endIndex: Int { facts.count }

    /// Member `index`, made whole (its name copied out of the arena).
    public subscript(index: Int) -> ArchiveMember {
        let facts = facts[index]
        var member = ArchiveMember(
            path: Array(name(of: index)), kind: facts.kind, size: facts.size, permissions: FilePermissions(rawValue: facts.permissions),
            modificationTime: Timestamp(seconds: facts.seconds, nanoseconds: extras.isEmpty ? 0 : extras[index].nanoseconds),
            headerOffset: extras.isEmpty ? facts.dataOffset &- 512 : extras[index].headerOffset, dataOffset: facts.dataOffset)
        member.userID = facts.userID
        member.groupID = facts.groupID
        member.linkTarget = linkTargets[Int32(index)]
        if !extras.isEmpty {
            member.compressedSize = extras[index].compressedSize
            member.crc = extras[index].crc
            member.method = extras[index].method
        }
        return member
    }

    // MARK: Reading in place

    /// Where member `index`'s name lies in `nameArena`.
    public func nameRange(of index: Int) -> Range<Int> {
        (index == 0 ? 0 : Int(nameEnds[index - 1]))..<Int(nameEnds[index])
    }

    /// Member `index`'s name as stored, without a copy.
    public func name(of index: Int) -> ArraySlice<UInt8> { nameArena[nameRange(of: index)] }

    public func kind(of index: Int) -> FileKind { facts[index].kind }

    /// The member's size once decompressed.
    public func size(of index: Int) -> UInt64 { facts[index].size }

    /// The member's modification time, in whole seconds.
    public func modificationSeconds(of index: Int) -> Int64 { facts[index].seconds }

    /// The bytes the member takes in the archive: compressed in a zip, whole in a tar.
    public func storedSize(of index: Int) -> UInt64 {
        (extras.isEmpty ? nil : extras[index].compressedSize) ?? facts[index].size
    }

    /// The last file member before `index` named `path` (what a hard link
    /// to `path` reads as), if any.
    public func lastFile(named path: [UInt8], before index: Int) -> Int? {
        stride(from: index - 1, through: 0, by: -1).first { facts[$0].kind == .file && name(of: $0).elementsEqual(path) }
    }
}
