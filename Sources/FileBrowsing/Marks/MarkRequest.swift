import SystemSeam

/// Entries about to be marked, before their status is read: names in one
/// buffer, each with the inode its row showed and the taker of its
/// directory. `take` reads them all, on two threads when there are many
/// and the file system cannot hang, and gives the batch to show or add.
public struct MarkRequest {
    private var takers: [MarkTaker] = []
    public private(set) var names = NameArena()
    private var takerOfEntry: [UInt32] = []
    /// The inode each row showed (0: not known).
    private var shownInodes: [UInt64] = []
    /// For a request of every row of one listing: the listing's own inodes
    /// by entry and entries by row, shared instead of copied into `shownInodes`.
    private var listingInodes: (inodes: [UInt64], entries: [UInt32])?

    /// No entry is appended twice (the rows of one table): said by the
    /// caller, so adding the batch need not look for repeats within it.
    public var entriesAreDistinct = false

    public init() {}

    public var count: Int { takerOfEntry.count }

    /// Adds the flat rows `range` of a directory's listing, entries of taker
    /// `taker`'s directory: the names as the listing holds them in display
    /// order (shared, not copied, when they are all of them).
    public mutating func append(rows range: Range<Int>, of listing: DirectoryListing, taker: Int) {
        let inodes = listing.reportedInodes
        let entries = listing.rows
        if count == 0 && range == 0..<listing.rowCount {
            names = listing.namesInDisplayOrder()
            takerOfEntry = [UInt32](repeating: UInt32(taker), count: range.count)
            listingInodes = (inodes, entries)
            return
        }
        copySharedInodes()
        reserve(entries: range.count)
        listing.withNames(ofRows: range) { _, name in names.append(name, kind: .unknown) }
        takerOfEntry += repeatElement(UInt32(taker), count: range.count)
        shownInodes.reserveCapacity(shownInodes.count + range.count)
        for row in range {
            let entry = Int(entries[row])
            shownInodes.append(entry < inodes.count ? inodes[entry] : 0)
        }
    }

    /// Entries appended after a whole listing: its shared inodes become a copy.
    private mutating func copySharedInodes() {
        guard let shared = listingInodes else { return }
        shownInodes = shared.entries.map { Int($0) < shared.inodes.count ? shared.inodes[Int($0)] : 0 }
        listingInodes = nil
    }

    /// The inodes the rows showed, as plain values either thread may read.
    private var inodesShown: ShownInodes { ShownInodes(listing: listingInodes, own: shownInodes) }

    /// The inode each entry's row showed (0: not known): the request's own,
    /// or a whole listing's, by entry.
    private struct ShownInodes: @unchecked Sendable {
        let listing: (inodes: [UInt64], entries: [UInt32])?
        let own: [UInt64]

        /// Entries `range`'s inodes into `block`, in one tight loop: the
        /// listing's inodes are in directory order and the rows in display
        /// order, so each read misses the cache, and read one between two
        /// `statx` calls each missed alone (a tenth of a million marks' time).
        func gather(_ range: Range<Int>, into block: inout [UInt64]) {
            block.removeAll(keepingCapacity: true)
            guard let shared = listing else {
                block += own[range]
                return
            }
            shared.inodes.withUnsafeBufferPointer { inodes in
                shared.entries.withUnsafeBufferPointer { entries in
                    for index in range {
                        let entry = Int(entries[index])
                        block.append(entry < inodes.count ? inodes[entry] : 0)
                    }
                }
            }
        }
    }

    /// Entries are read a block at a time: their inodes gathered, then
    /// Ctrl-C checked between blocks.
    private static let blockSize = 1024

    /// Makes room for `entries` more entries.
    public mutating func reserve(entries: Int) {
        names.reserve(entries: names.count + entries, bytes: names.byteCount + entries * 16)
        takerOfEntry.reserveCapacity(takerOfEntry.count + entries)
        shownInodes.reserveCapacity(shownInodes.count + entries)
    }

    /// Adds a directory's taker; returns its number for `append`.
    public mutating func add(_ taker: MarkTaker) -> Int {
        takers.append(taker)
        return takers.count - 1
    }

    /// Adds the entry `name` of taker `taker`'s directory.
    public mutating func append(_ name: UnsafeBufferPointer<UInt8>, shownInode: UInt64?, taker: Int) {
        copySharedInodes()
        names.append(name, kind: .unknown)
        takerOfEntry.append(UInt32(taker))
        shownInodes.append(shownInode ?? 0)
    }

    /// Why `take` stopped: the entry it could not mark, or Ctrl-C.
    public enum Failure: Error {
        case refused(entry: Int, MarkRefusal)
        case interrupted(read: Int)
    }

    /// Reads every entry's status through its directory (`MarkTaker`'s
    /// checks); the first refusal, in entry order, or Ctrl-C stops it and
    /// nothing is marked. The request's buffers become the batch's.
    public consuming func take() -> Result<MarkBatch, Failure> {
        let total = count
        let parallel = total >= 4096 && !takers.contains { $0.isGuarded }
        var reading = Reading()
        let snapshots = [StoredSnapshot](unsafeUninitializedCapacity: total) { buffer, initialized in
            // Every slot holds a value even when reading stopped (the array is thrown away then).
            reading = parallel ? readInHalves(into: SendableBuffer(buffer)) : readOnThisThread(into: SendableBuffer(buffer))
            initialized = total
        }
        if let stop = reading.stop {
            if let refusal = stop.refusal { return .failure(.refused(entry: stop.firstUnread - 1, refusal)) }
            return .failure(.interrupted(read: stop.firstUnread))
        }
        var folders: [(identity: FileIdentity, path: [UInt8])] = []
        folders.reserveCapacity(takers.count)
        for taker in takers { folders.append((taker.directoryIdentity, taker.directoryPath)) }
        for index in 0..<total { names.setKind(snapshots[index].kind, at: index) }
        var batch = MarkBatch(
            folders: folders, names: names, folderOfEntry: takerOfEntry, stored: snapshots, otherDevices: reading.otherDevices)
        batch.entriesAreDistinct = entriesAreDistinct
        return .success(batch)
    }

    /// Where reading stopped: the entry after the last one read (after the
    /// refused one, when one was refused).
    private struct Stop: Sendable {
        var firstUnread: Int
        var refusal: MarkRefusal?
    }

    /// What reading a range came to: where it stopped, if it did, and the
    /// entries not on their directory's device.
    private struct Reading: Sendable {
        var stop: Stop?
        var otherDevices: [Int: UInt64] = [:]
    }

    /// Reads entries `range` into their slots, a block at a time, with
    /// `take` (an entry's snapshot from its index and the inode its row
    /// showed, and its directory's device); when it stops, the rest of the
    /// range gets placeholders. The one loop of either thread.
    private static func read(
        _ range: Range<Int>, shown: ShownInodes, into slots: SendableBuffer,
        take: (_ index: Int, _ shownInode: UInt64?) -> (Result<MarkSnapshot, MarkRefusal>, directoryDevice: UInt64)
    ) -> Reading {
        var reading = Reading()
        func stop(at index: Int, firstUnread: Int, refusal: MarkRefusal? = nil) -> Reading {
            for rest in index..<range.upperBound { slots.buffer.initializeElement(at: rest, to: .placeholder) }
            reading.stop = Stop(firstUnread: firstUnread, refusal: refusal)
            return reading
        }
        var block: [UInt64] = []
        block.reserveCapacity(blockSize)
        for blockStart in stride(from: range.lowerBound, to: range.upperBound, by: blockSize) {
            if blockStart != range.lowerBound && Interruption.isRequested { return stop(at: blockStart, firstUnread: blockStart) }
            let blockRange = blockStart..<min(blockStart + blockSize, range.upperBound)
            shown.gather(blockRange, into: &block)
            for index in blockRange {
                let inode = block[index - blockStart]
                switch take(index, inode == 0 ? nil : inode) {
                case (.success(let snapshot), let device):
                    if snapshot.device != device { reading.otherDevices[index] = snapshot.device }
                    slots.buffer.initializeElement(at: index, to: StoredSnapshot(snapshot, directoryDevice: device))
                case (.failure(let refusal), _):
                    return stop(at: index, firstUnread: index + 1, refusal: refusal)
                }
            }
        }
        return reading
    }

    /// Every entry on this thread, through its taker (one call at a time
    /// under the hang guard where its directory needs one).
    private func readOnThisThread(into slots: SendableBuffer) -> Reading {
        Self.read(0..<count, shown: inodesShown, into: slots) { index, inode in
            let taker = takers[Int(takerOfEntry[index])]
            let device = taker.directoryIdentity.device
            guard !taker.isGuarded else { return (names.withName(at: index) { taker.snapshot(of: $0, shownInode: inode) }, device) }
            return (names.withCName(at: index) { MarkTaker.snapshot(ofCName: $0, in: taker.descriptor, device: device, shownInode: inode) }, device)
        }
    }

    /// The first half here, the second on another thread into its own
    /// slots (only plain values cross: descriptors, identities, the shared
    /// name bytes and the buffer's address). No directory here is guarded.
    private func readInHalves(into slots: SendableBuffer) -> Reading {
        let half = count / 2
        let total = count
        let plain = PlainTakers(takers.map { ($0.descriptor, $0.directoryIdentity.device) })
        let names = self.names
        let takerOfEntry = self.takerOfEntry
        let shown = inodesShown
        let take: @Sendable (Int, UInt64?) -> (Result<MarkSnapshot, MarkRefusal>, directoryDevice: UInt64) = { index, inode in
            let (fd, device) = plain.takers[Int(takerOfEntry[index])]
            return (names.withCName(at: index) { MarkTaker.snapshot(ofCName: $0, in: fd, device: device, shownInode: inode) }, device)
        }
        var first = Reading()
        let second = TwoThreads.run(
            { first = Self.read(0..<half, shown: shown, into: slots, take: take) },
            alongside: { Self.read(half..<total, shown: shown, into: slots, take: take) })
        // A stop in the first half comes first in entry order.
        return Reading(stop: first.stop ?? second.stop, otherDevices: first.otherDevices.merging(second.otherDevices) { a, _ in a })
    }

    /// The snapshot buffer's address, handed to the second thread, which
    /// writes only its own half.
    private struct SendableBuffer: @unchecked Sendable {
        let buffer: UnsafeMutableBufferPointer<StoredSnapshot>
        init(_ buffer: UnsafeMutableBufferPointer<StoredSnapshot>) { self.buffer = buffer }
    }

    private struct PlainTakers: Sendable {
        let takers: [(Int32, UInt64)]
        init(_ takers: [(Int32, UInt64)]) { self.takers = takers }
    }
}
