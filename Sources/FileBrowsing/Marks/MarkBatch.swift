import SystemSeam

/// Marks taken together, before they join the store: names in one buffer,
/// each with its snapshot and the directory (identity and path) it was read in.
public struct MarkBatch {
    public private(set) var folders: [(identity: FileIdentity, path: [UInt8])] = []
    private var lastFolder: Int?
    public private(set) var names = NameArena()
    public private(set) var folderOfEntry: [UInt32] = []
    private(set) var stored: [StoredSnapshot] = []
    /// Devices of entries not on their directory's device, by entry.
    private(set) var otherDevices: [Int: UInt64] = [:]

    /// No entry appears twice (rows of one table are distinct entries):
    /// adding skips the check against the batch's own earlier entries.
    public internal(set) var entriesAreDistinct = false

    public init() {}

    public var count: Int { stored.count }
    public var isEmpty: Bool { stored.isEmpty }

    /// Entry `index`'s snapshot.
    public func snapshot(at index: Int) -> MarkSnapshot {
        let folder = folders[Int(folderOfEntry[index])]
        return stored[index].snapshot(device: otherDevices[index] ?? folder.identity.device)
    }

    /// The kind of entry `index`.
    public func kind(at index: Int) -> FileKind { stored[index].kind }

    /// Adds the entry `name` of the directory `directory` reached by `path`.
    public mutating func append(_ name: UnsafeBufferPointer<UInt8>, snapshot: MarkSnapshot, directory: FileIdentity, path: [UInt8]) {
        append(name, snapshot: snapshot, folder: folder(directory, path))
    }

    /// The folder number of a directory (added when new).
    mutating func folder(_ directory: FileIdentity, _ path: [UInt8]) -> Int {
        let folder: Int
        if let last = lastFolder, folders[last].identity == directory, folders[last].path == path {
            folder = last
        } else if let known = folders.firstIndex(where: { $0.identity == directory && $0.path == path }) {
            folder = known
        } else {
            folders.append((directory, path))
            folder = folders.count - 1
        }
        lastFolder = folder
        return folder
    }

    /// Adds an entry of folder `folder`.
    mutating func append(_ name: UnsafeBufferPointer<UInt8>, snapshot: MarkSnapshot, folder: Int) {
        let device = folders[folder].identity.device
        if snapshot.device != device { otherDevices[stored.count] = snapshot.device }
        names.append(name, kind: snapshot.kind)
        folderOfEntry.append(UInt32(folder))
        stored.append(StoredSnapshot(snapshot, directoryDevice: device))
    }

    /// Takes the names and snapshots read by a `MarkRequest`.
    init(
        folders: [(identity: FileIdentity, path: [UInt8])], names: NameArena, folderOfEntry: [UInt32], stored: [StoredSnapshot],
        otherDevices: [Int: UInt64]
    ) {
        self.folders = folders
        self.names = names
        self.folderOfEntry = folderOfEntry
        self.stored = stored
        self.otherDevices = otherDevices
    }

    /// The entry at `index` as a mark (a path built for it).
    public func mark(at index: Int) -> Mark {
        let folder = folders[Int(folderOfEntry[index])]
        let name = names.name(at: index)
        return Mark(entry: EntryKey(directory: folder.identity, name: name), path: PathBytes.join(folder.path, name), snapshot: snapshot(at: index))
    }

    /// Every entry as a mark.
    public var marks: [Mark] { (0..<count).map(mark(at:)) }
}
