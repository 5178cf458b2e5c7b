import SystemSeam

/// A `MarkSnapshot` as the store and batches keep it: its three times as
/// 64-bit nanosecond counts (good until 2262; the birth time `unknown`
/// where none was read), its device left out when it is its directory's
/// (anything but a mount point), and its kind and that flag in the top
/// byte of the size word (sizes to 2^56 bytes, 64 PiB; a larger one is
/// kept as that, and still compares as changed against any other): 40
/// bytes, where the snapshot takes 72 (a million marks: 40 MB, was 48).
struct StoredSnapshot {
    let inode: UInt64
    /// The size in the low 56 bits; the kind in bits 56-59; bit 63: the
    /// device differs from the directory's.
    private let sizeKindAndDevice: UInt64
    let modified: Int64
    let changed: Int64
    let born: Int64

    /// The birth time was not known.
    private static let unknown = Int64.min
    private static let sizeMask: UInt64 = (1 << 56) - 1
    private static let otherDeviceBit: UInt64 = 1 << 63

    init(_ snapshot: MarkSnapshot, directoryDevice: UInt64) {
        inode = snapshot.inode
        let size = UInt64(clamping: max(0, snapshot.size))
        sizeKindAndDevice =
            min(size, Self.sizeMask) | UInt64(snapshot.kind.rawValue & 0x0F) << 56
            | (snapshot.device != directoryDevice ? Self.otherDeviceBit : 0)
        modified = Self.nanoseconds(snapshot.modificationTime)
        changed = Self.nanoseconds(snapshot.changeTime)
        born = snapshot.birthTime.map(Self.nanoseconds) ?? Self.unknown
    }

    var size: Int64 { Int64(sizeKindAndDevice & Self.sizeMask) }
    var kind: FileKind { FileKind(rawValue: UInt8(truncatingIfNeeded: sizeKindAndDevice >> 56) & 0x0F) ?? .unknown }
    /// The device differs from the directory's; the store keeps it aside.
    var onOtherDevice: Bool { sizeKindAndDevice & Self.otherDeviceBit != 0 }

    /// The snapshot, given its device.
    func snapshot(device: UInt64) -> MarkSnapshot {
        MarkSnapshot(
            device: device, inode: inode, size: size, modificationTime: Self.timestamp(modified), changeTime: Self.timestamp(changed),
            birthTime: born == Self.unknown ? nil : Self.timestamp(born), kind: kind)
    }

    /// A time as nanoseconds since 1970, saturated outside what 64 bits hold.
    private static func nanoseconds(_ time: Timestamp) -> Int64 {
        let (scaled, overflow) = time.seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return time.seconds < 0 ? Int64.min + 1 : Int64.max }
        let (sum, past) = scaled.addingReportingOverflow(Int64(time.nanoseconds))
        return past ? Int64.max : max(sum, Int64.min + 1)
    }

    private static func timestamp(_ nanoseconds: Int64) -> Timestamp {
        let (seconds, rest) = nanoseconds.quotientAndRemainder(dividingBy: 1_000_000_000)
        return rest < 0
            ? Timestamp(seconds: seconds - 1, nanoseconds: Int32(rest + 1_000_000_000)) : Timestamp(seconds: seconds, nanoseconds: Int32(rest))
    }

    static let placeholder = StoredSnapshot(MarkSnapshot.placeholder, directoryDevice: 0)
}
