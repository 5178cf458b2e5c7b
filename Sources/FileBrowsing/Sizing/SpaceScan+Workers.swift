import Synchronization
import SystemSeam

/// The scan's workers: each takes a directory off the shared stack (waiting
/// on a condition while others may still add some), reads it, sizes its
/// files, and puts its subdirectories on the stack.
extension SpaceScan {
    func workLoop(rootDevice: UInt64) {
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: 64 * 1024, alignment: 8)
        let status = UnsafeMutableRawPointer.allocate(byteCount: 256, alignment: 8)
        let recorders = Recorders()
        defer {
            buffer.deallocate()
            status.deallocate()
            state.withLock { $0.workersLeft += 1 }
            state.broadcast(Self.workerLeft)
        }
        /// What a worker takes: a directory to read (opened through its
        /// parent's descriptor), or the end of the scan.
        enum Take {
            case read(index: Int, parent: State.Descriptor, path: PathNode, depth: Int, earlier: Int32)
            case stop
        }
        while true {
            // Take a directory, or wait (woken, not polling) while others may still add some.
            let take: Take = state.wait(on: Self.workOrEnd) { state in
                guard !state.pending.isEmpty else {
                    return state.finished || cancelFlag.load(ordering: .relaxed) ? .stop : nil
                }
                // The newest directory whose parent is not being opened again as a `..` right now.
                guard let position = state.pending.lastIndex(where: { !state.nodes[max(0, state.nodes[$0].parent)].awaitsDotDot }) else {
                    return cancelFlag.load(ordering: .relaxed) ? .stop : nil
                }
                let index = state.pending.remove(at: position)
                let node = state.nodes[index]
                if index == 0 { return .read(index: 0, parent: .open(node.fd), path: node.path, depth: 0, earlier: node.earlier) }
                // Kept open until the child is opened through it.
                let parent = state.descriptorOrReopening(of: node.parent)
                state.nodes[node.parent].openingChildren += 1
                return .read(index: index, parent: parent, path: node.path, depth: node.depth, earlier: node.earlier)
            }
            guard case .read(let index, let planned, let path, let depth, let earlier) = take else { return }
            // A parent whose descriptor was let go is opened again here, outside the lock.
            let parentFD: Swift.Result<Int32, Errno>
            switch planned {
            case .open(let fd): parentFD = .success(fd)
            case .reopen(let plan):
                let opened = State.open(plan, followingLinks: options.followsLinks)
                let (fd, due) = state.withLock { state in (state.finish(plan, opened: opened), state.takeDueParents()) }
                parentFD = fd
                reopen(due)
            }
            var reading = DirectoryReading(path: path, recorders: recorders)
            reading.earlier.directory = earlier
            if options.followsLinks && options.countsEveryLink { reading.ancestors = state.withLock { $0.identities(upFrom: index) } }
            scan(index, parentFD: parentFD, depth: depth, rootDevice: rootDevice, into: reading, buffer: buffer, status: status)
        }
    }

    /// Reads one directory: its files' sizes into its own total, its
    /// subdirectories onto the shared stack.
    private func scan(
        _ index: Int, parentFD: Swift.Result<Int32, Errno>, depth: Int, rootDevice: UInt64, into reading: DirectoryReading,
        buffer: UnsafeMutableRawPointer, status: UnsafeMutableRawPointer
    ) {
        // The root is opened by the caller (its node's component is its whole path); any other by its name.
        guard let fd = openDirectory(index, parentFD: parentFD, name: reading.path.component) else { return }
        // Both found at run time: without them nothing can be counted, and the directory says so.
        guard Syscalls.readsSizes else {
            finishUnreadable(index, errno: .notImplemented)
            return
        }
        let reading = read(fd, depth: depth, rootDevice: rootDevice, into: reading, buffer: buffer, status: status)
        reopen(record(reading, of: index, depth: depth))
        // New directories to read, or the end: the waiting workers look again.
        state.broadcast(Self.workOrEnd)
    }

    /// The directory `index` opened through its parent's descriptor (the
    /// root: the descriptor passed), its parent released; nil when it
    /// cannot be opened (then reported and finished).
    private func openDirectory(_ index: Int, parentFD: Swift.Result<Int32, Errno>, name: [UInt8]) -> Int32? {
        // The root's own descriptor is passed for the root.
        var fd = (try? parentFD.get()) ?? -1
        if index != 0 {
            let opened = parentFD.flatMap { parentFD in
                withCString(name) { Syscalls.openDirectory(at: parentFD, name: $0, followSymlink: options.followsLinks) }
            }
            let due = state.withLock { state in
                let parent = state.nodes[index].parent
                state.nodes[parent].openingChildren -= 1
                state.release(parent)
                if case .success(let opened) = opened {
                    state.nodes[index].fdReferences = 1
                    state.noteOpened(index, fd: opened)
                }
                return state.takeDueParents()
            }
            reopen(due)
            guard case .success(let opened) = opened else {
                let errno = opened.failureValue ?? .noSuchFileOrDirectory
                finishUnreadable(index, errno: errno)
                return nil
            }
            fd = opened
        }
        return fd
    }

    /// What reading one directory found, to be recorded under the lock.
    private struct DirectoryReading {
        var own = SpaceTotals()
        var children: [(name: [UInt8], identity: FileIdentity, totals: SpaceTotals, earlier: Int32, position: Int32)] = []
        /// Entries met so far: the next one's place in the reading (`Entry.position`).
        var entriesMet: Int32 = 0
        /// Files with several links met here, counted or not (`SpaceScan+LinkAttribution.swift`).
        var linkOccurrences: [LinkOccurrence] = []
        /// The directory's path (its node: the files recorded link to it).
        let path: PathNode
        /// Its bytes, made on first need (`--exclude` matches whole paths).
        var pathBytes: [UInt8]?
        /// The files to record: names (with kinds) and sizes, a column a
        /// field (no `SpaceTotals` of 64 bytes a file), times only when read.
        /// The worker's own recorders (`Recorders`), emptied for this directory.
        let recordedNames: NameRecorder
        let recordedSizes: SizeRecorder
        var regularFiles = RecordedFiles.Batch()
        var unreadableEntries: [(name: [UInt8], errno: Errno)] = []
        var failure: Errno?
        /// Against the earlier scan (`Options.earlier`).
        var earlier = EarlierComparison()
        /// The directory and those above it, when links are followed and
        /// every link counted (`du -L -l`): a link back up to one is a loop.
        var ancestors: Set<FileIdentity> = []

        init(path: PathNode, recorders: Recorders) {
            self.path = path
            recorders.names.removeAll()
            recorders.sizes.removeAll()
            recordedNames = recorders.names
            recordedSizes = recorders.sizes
        }
    }

    /// A worker's recorders of the files it reads, one pair for all its
    /// directories: their room is kept from one directory to the next (a
    /// pair a directory grew its buffers from nothing each time, 7,000
    /// allocations and copies for 200,000 files in 400 directories).
    private struct Recorders {
        let names = NameRecorder()
        let sizes = SizeRecorder()
    }

    /// Reads the directory open at `fd` (without the lock): each entry's
    /// size, its subdirectories, the files to record.
    private func read(
        _ fd: Int32, depth: Int, rootDevice: UInt64, into reading: DirectoryReading, buffer: UnsafeMutableRawPointer,
        status: UnsafeMutableRawPointer
    ) -> DirectoryReading {
        var found = reading
        let recordsFiles = depth < options.recordedDepth
        reading: while true {
            if cancelFlag.load(ordering: .relaxed) { break }
            let count: Int
            switch Syscalls.readDirectoryRecords(fd, into: buffer, capacity: 64 * 1024) {
            case .success(0): break reading
            case .success(let read): count = read
            case .failure(let errno):
                found.failure = errno
                break reading
            }
            Syscalls.decodeRecords(UnsafeRawBufferPointer(start: buffer, count: count)) { record in
                take(record, in: fd, depth: depth, rootDevice: rootDevice, status: status, recordsFiles: recordsFiles, into: &found)
            }
            // The names point into `buffer`: compared before it is read into again.
            if let earlier = options.earlier { compareFiles(with: earlier, into: &found.earlier) }
            if cancelFlag.load(ordering: .relaxed) { break reading }
        }
        return found
    }

    /// One entry of a directory being read: a subdirectory to read next,
    /// or a file counted (a hard link once), unless left out.
    @inline(__always)
    private func take(
        _ record: DirectoryRecord, in fd: Int32, depth: Int, rootDevice: UInt64, status: UnsafeMutableRawPointer, recordsFiles: Bool,
        into reading: inout DirectoryReading
    ) {
        if record.isDotEntry { return }
        let position = reading.entriesMet
        reading.entriesMet &+= 1
        // The record's name is NUL-terminated in the buffer.
        let namePointer = UnsafeRawPointer(record.name.baseAddress!).assumingMemoryBound(to: CChar.self)
        if !options.skippedNames.isEmpty, options.skippedNames.contains(Array(UnsafeRawBufferPointer(record.name))) {
            if reading.pathBytes == nil { reading.pathBytes = reading.path.bytes }
            if options.skippedPaths.contains(PathBytes.join(reading.pathBytes ?? [], Array(UnsafeRawBufferPointer(record.name)))) { return }
        }
        let found: ExtendedStatusRecord
        switch Syscalls.sizeStatus(at: fd, name: namePointer, buffer: status, followSymlink: options.followsLinks) {
        case .success(let record): found = record
        case .failure(let errno):
            // Reported and counted, as du's "cannot access" (status 1).
            reading.unreadableEntries.append((Array(UnsafeRawBufferPointer(record.name)), errno))
            return
        }
        let identity = FileIdentity(device: found.device, inode: found.inode)
        var sizes = SpaceTotals(apparentBytes: found.size, diskBytes: found.blocks * 512)
        if let field = options.latestTime { sizes.latestTime = found.time(field) }
        let nameBytes = UnsafeRawBufferPointer(record.name)
        if options.skipsHidden && nameBytes.first == 0x2E { return }
        if !options.excluded.isEmpty {
            // Matched as du matches them: the path from the operand on, or any part of it after a `/`
            // (the directory's path made once a directory).
            if reading.pathBytes == nil { reading.pathBytes = reading.path.bytes }
            let path = PathBytes.join(reading.pathBytes ?? [], Array(nameBytes))
            if options.excluded.contains(where: { $0.matchesPathOrSuffix(path) }) { return }
        }
        if found.isDirectory {
            guard !options.oneFileSystem || found.device == rootDevice else { return }
            if !options.skippedDirectories.isEmpty, options.skippedDirectories.contains(identity) { return }
            if let counted = options.countedBefore, counted.contains(directory: identity) { return }
            guard depth < options.maximumDepth else { return }
            if options.followsLinks {
                // du -L: each directory once; with -l (each link counted) only a loop back up is not entered, as du.
                let entered =
                    options.countsEveryLink ? !reading.ancestors.contains(identity) : directoriesEntered.withLock { $0.insert(identity).inserted }
                if !entered { return }
            }
            sizes.directories = 1
            let compared = depth < options.earlierDepth
            let earlier =
                compared ? options.earlier?.lookup(parent: reading.earlier.directory, name: nameBytes) ?? ScanIndex.absent : ScanIndex.absent
            reading.children.append((Array(nameBytes), identity, sizes, earlier, position))
            return
        }
        if options.recordsRegularFiles, found.kind == .file, found.size >= options.smallestRecordedSize,
            options.recordedNames?.matches(Array(nameBytes)) ?? true
        {
            reading.regularFiles.append(
                name: nameBytes.assumingMemoryBound(to: UInt8.self), identity: identity, size: found.size,
                modified: found.modificationTime)
        }
        if (found.linkCount > 1 && !options.countsEveryLink) || options.remembersEveryFile {
            let first = hardLinks.withLock { $0.insert(identity).inserted }
            if options.attributesLinksInWalkOrder && found.linkCount > 1 && !options.countsEveryLink {
                var counted = sizes
                counted.files = 1
                reading.linkOccurrences.append(
                    LinkOccurrence(identity: identity, name: Array(nameBytes), kind: found.kind, position: position, sizes: counted, counted: first))
            }
            if !first { return }
        }
        sizes.files = 1
        reading.own += sizes
        filesSeen.add(1, ordering: .relaxed)
        bytesSeen.add(sizes.diskBytes, ordering: .relaxed)
        if recordsFiles {
            reading.recordedNames.append(nameBytes.assumingMemoryBound(to: UInt8.self), kind: found.kind)
            reading.recordedSizes.append(sizes, position: options.recordsPositions ? position : nil)
        }
        if options.earlier != nil && depth < options.earlierDepth { reading.earlier.pending.append((nameBytes, found.kind, sizes)) }
    }

    /// What reading `index` found, recorded with the lock held: its files,
    /// its errors, its own total, its subdirectories pushed to be read;
    /// then it is released, and complete if nothing waits below it. The
    /// parents its release found due to open again (`reopen`).
    private func record(_ reading: DirectoryReading, of index: Int, depth: Int) -> [State.DotDotReopening] {
        var own = reading.own
        // Put in name order here, outside the lock.
        let batch =
            reading.recordedNames.count == 0
            ? nil : FileBatch(directory: index, path: reading.path, names: reading.recordedNames, sizes: reading.recordedSizes)
        return state.withLock { state in
            let parent = state.nodes[index].path
            if let batch { state.fileBatches.append(batch) }
            state.note(reading.linkOccurrences, in: index)
            if !reading.regularFiles.isEmpty { state.files.add(reading.regularFiles, in: parent) }
            if let earlier = options.earlier { state.note(reading.earlier, of: index, earlier: earlier) }
            if let failure = reading.failure {
                state.errors.append(FileError(path: state.path(of: index), errno: failure))
                own.unreadable += 1
            }
            for entry in reading.unreadableEntries {
                state.errors.append(FileError(path: PathBytes.join(state.path(of: index), entry.name), errno: entry.errno))
                own.unreadable += 1
            }
            state.nodes[index].own += own
            if !cancelFlag.load(ordering: .relaxed) {
                for child in reading.children {
                    var node = Node(parent: index, path: PathNode(parent: state.nodes[index].path, component: child.name), depth: depth + 1)
                    node.identity = child.identity
                    node.own = child.totals
                    node.earlier = child.earlier
                    node.position = child.position
                    state.nodes.append(node)
                    state.pending.append(state.nodes.count - 1)
                    state.nodes[index].childrenLeft += 1
                    state.nodes[index].fdReferences += 1
                    state.unfinished += 1
                }
            }
            state.nodes[index].read = true
            state.release(index)
            if cancelFlag.load(ordering: .relaxed) {
                // Nothing more will be read: the scan ends with what it has.
                state.unfinished = 0
                state.pending.removeAll()
            }
            state.completeIfDone(index)
            return state.takeDueParents()
        }
    }

    /// Opens again, outside the lock, the parents `State.release` found
    /// due as a finished child's `..` (see `State.DotDotReopening`), taken
    /// from the state in the same hold of the lock that released them.
    private func reopen(_ due: [State.DotDotReopening]) {
        guard !due.isEmpty else { return }
        let opened = due.map(State.open)
        state.withLock { state in
            for (plan, fd) in zip(due, opened) { state.finishReopening(plan, opened: fd) }
        }
        // Their waiting children may be taken now.
        state.broadcast(Self.workOrEnd)
    }

    /// A directory that cannot be opened keeps its own size (as du counts
    /// it) and is reported.
    private func finishUnreadable(_ index: Int, errno: Errno) {
        state.withLock { state in
            state.errors.append(FileError(path: state.path(of: index), errno: errno))
            state.nodes[index].own.unreadable += 1
            state.nodes[index].read = true
            state.completeIfDone(index)
        }
        state.broadcast(Self.workOrEnd)
    }
}

extension SpaceScan.State {
    /// The identities of directory `index` and every directory above it.
    func identities(upFrom index: Int) -> Set<FileIdentity> {
        var found: Set<FileIdentity> = []
        var next = index
        while next >= 0 {
            if let identity = nodes[next].identity { found.insert(identity) }
            next = nodes[next].parent
        }
        return found
    }
}
