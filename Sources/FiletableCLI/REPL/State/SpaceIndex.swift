import FileBrowsing
import SystemSeam

/// What `du` found, by identity: every directory it sized with the space it
/// takes on disk, so a level already scanned, or below one, shows its
/// figures without another scan; and what the last scan could not read.
final class SpaceIndex {
    /// Bytes on disk of each directory sized, by identity.
    private(set) var onDisk: [FileIdentity: Int64] = [:]
    /// Bytes in the files below each directory sized (their lengths: du's
    /// `--apparent-size`, ncdu's `a`).
    private(set) var apparent: [FileIdentity: Int64] = [:]
    /// Files and directories below each directory sized, itself not
    /// counted (ncdu's `c`).
    private(set) var items: [FileIdentity: Int] = [:]
    /// What the last scan could not read; nil before any scan.
    private(set) var unreadableInLastScan: [FileError]?

    /// Takes in a scan's figures (newer ones replace older) and what it could not read.
    func record(_ directories: [FileIdentity: SpaceTotals], unreadable: [FileError]) {
        onDisk.merge(directories.mapValues(\.diskBytes)) { _, new in new }
        apparent.merge(directories.mapValues(\.apparentBytes)) { _, new in new }
        items.merge(directories.mapValues { max(0, $0.files + $0.directories - 1) }) { _, new in new }
        unreadableInLastScan = unreadable
    }

    /// Each directory's figure in `measure`.
    func figures(_ measure: SpaceMeasure) -> [FileIdentity: Int64] { measure == .apparent ? apparent : onDisk }

    /// Whether the directory with `identity` has been sized.
    func hasFigures(for identity: FileIdentity) -> Bool { onDisk[identity] != nil }
}
