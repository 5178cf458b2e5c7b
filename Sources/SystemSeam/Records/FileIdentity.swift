/// What a file is, as opposed to what it is called: its device and inode.
/// A row, a mark and a loop check name a file by this; a path is only a way
/// to reach it, and is checked against it.
public struct FileIdentity: Hashable, Sendable, CustomStringConvertible {
    public let device: UInt64
    public let inode: UInt64

    public init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }

    public var description: String { "device \(device), inode \(inode)" }
}

extension FileStatus {
    public var identity: FileIdentity { FileIdentity(device: device, inode: inode) }
}
