/// A `MarkSnapshot` as the store and batches keep it: 32 bytes instead of
/// 40, its device left out when it is its directory's (anything but a mount
/// point), so a million marks take 8 MB less.
struct StoredSnapshot {
    let inode: UInt64
    let size: Int64
    let seconds: Int64
    let nanoseconds: Int32
    let kind: FileKind
    /// The device differs from the directory's; the store keeps it aside.
    let onOtherDevice: Bool

    init(_ snapshot: MarkSnapshot, directoryDevice: UInt64) {
        inode = snapshot.inode
        size = snapshot.size
        seconds = snapshot.modificationTime.seconds
        nanoseconds = snapshot.modificationTime.nanoseconds
        kind = snapshot.kind
        onOtherDevice = snapshot.device != directoryDevice
    }

    /// The snapshot, given its device.
    func snapshot(device: UInt64) -> MarkSnapshot {
        MarkSnapshot(
            device: device, inode: inode, size: size, modificationTime: Timestamp(seconds: seconds, nanoseconds: nanoseconds), kind: kind)
    }

    static let placeholder = StoredSnapshot(MarkSnapshot.placeholder, directoryDevice: 0)
}
