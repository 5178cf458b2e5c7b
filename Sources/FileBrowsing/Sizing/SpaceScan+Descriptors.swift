/// The scan's descriptors, bounded: a directory keeps its descriptor open
/// while children wait to be opened through it, which in a deep tree with
/// siblings at every level is one a level. When more are open than the
/// budget (half of `ulimit -n`), the shallowest directory only waiting for
/// its children lets its descriptor go; it is opened again when needed, as
/// the `..` of a child that finishes below it (the walk comes back up that
/// way) or by names from the nearest open ancestor, and only if it is still
/// the same directory (device and inode). The root's stays open.
///
/// Called with the state's lock held (`State` is only ever used so).
extension SpaceScan.State {
    /// Records a descriptor opened for `index`; past the budget, lets another go.
    mutating func noteOpened(_ index: Int, fd: Int32, sparing spared: Int? = nil) {
        nodes[index].fd = fd
        openNodes.insert(index)
        if openNodes.count > descriptorBudget { closeShallowestWaiting(sparing: [index, spared ?? index]) }
    }

    mutating func closeDescriptor(of index: Int) {
        guard nodes[index].fd >= 0 else { return }
        Syscalls.close(nodes[index].fd)
        nodes[index].fd = -1
        openNodes.remove(index)
    }

    /// The descriptor of `index` (a directory children wait on), opened
    /// again if it was let go; why not, if it cannot be. Opened by names
    /// from the nearest ancestor still open (or the caller's root), keeping
    /// each directory on the way that children still wait on.
    mutating func descriptor(of index: Int) -> Swift.Result<Int32, Errno> {
        if nodes[index].fd >= 0 { return .success(nodes[index].fd) }
        var chain: [Int] = []
        var above = index
        while above >= 0, nodes[above].fd < 0 {
            chain.append(above)
            above = nodes[above].parent
        }
        // Up to a closed root: from the caller's descriptor, which the root was opened as `.` of.
        if above < 0 { chain.removeLast() }
        var fd = above < 0 ? callersRootFD : nodes[above].fd
        // Whether `fd` belongs to a node (or the caller), or is this walk's to close.
        var kept = true
        for step in chain.reversed() {
            let opened = withCString(nodes[step].path.component) { Syscalls.openDirectory(at: fd, name: $0, followSymlink: false) }
            if !kept { Syscalls.close(fd) }
            guard case .success(let next) = opened else { return opened }
            fd = next
            guard Self.identity(of: fd) == nodes[step].identity else {
                Syscalls.close(fd)
                return .failure(.noSuchFileOrDirectory)
            }
            kept = step == index || nodes[step].fdReferences > 0
            if kept { noteOpened(step, fd: fd, sparing: index) }
        }
        return .success(fd)
    }

    /// Before `index` closes for good: its parent, closed while children
    /// still wait on it, is opened again as `index`'s `..` (one call, where
    /// the path from an ancestor would take one a level).
    mutating func reopenParentThroughDotDot(of index: Int) {
        let parent = nodes[index].parent
        guard parent >= 0, nodes[parent].fd < 0, nodes[parent].fdReferences > 0 else { return }
        let opened = withCString([0x2E, 0x2E]) { Syscalls.openDirectory(at: nodes[index].fd, name: $0, followSymlink: false) }
        guard case .success(let fd) = opened else { return }
        guard Self.identity(of: fd) == nodes[parent].identity else {
            Syscalls.close(fd)
            return
        }
        noteOpened(parent, fd: fd)
    }

    /// Lets go of the descriptor of the shallowest directory that only
    /// waits for its children (not the root, not one being read or opened
    /// through, not `spared`).
    private mutating func closeShallowestWaiting(sparing spared: [Int]) {
        var chosen: Int?
        for index in openNodes where index != 0 && !spared.contains(index) && nodes[index].read && nodes[index].openingChildren == 0 {
            if chosen.map({ nodes[index].depth < nodes[$0].depth }) ?? true { chosen = index }
        }
        if let chosen { closeDescriptor(of: chosen) }
    }

    private static func identity(of fd: Int32) -> FileIdentity? {
        guard case .success(let status) = Syscalls.status(of: fd) else { return nil }
        return FileStatus(status).identity
    }
}
