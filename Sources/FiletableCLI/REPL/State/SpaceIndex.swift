import FileBrowsing
import SystemSeam

/// What `du` found, by identity: every directory it sized with the space it
/// takes on disk, so a level already scanned, or below one, shows its
/// figures without another scan; and what the last scan could not read.
final class SpaceIndex {
    /// Bytes on disk of each directory sized, by identity.
    private(set) var onDisk: [FileIdentity: Int64] = [:]
    /// What the last scan could not read; nil before any scan.
    private(set) var unreadableInLastScan: [FileError]?

    /// Takes in a scan's figures (newer ones replace older) and what it could not read.
    func record(_ directories: [FileIdentity: Int64], unreadable: [FileError]) {
        onDisk.merge(directories) { _, new in new }
        unreadableInLastScan = unreadable
    }

    /// Whether the directory with `identity` has been sized.
    func hasFigures(for identity: FileIdentity) -> Bool { onDisk[identity] != nil }
}
