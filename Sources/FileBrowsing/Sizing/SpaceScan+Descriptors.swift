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

    /// A let-go descriptor to open again, planned under the lock and opened
    /// outside it (claim, unlock, open, relock), so a file system that stops
    /// answering holds up the worker that asked, never every worker: the
    /// names from the nearest open ancestor (or the caller's root) down to
    /// `index`, that ancestor kept open meanwhile.
    struct Reopening: Sendable {
        let index: Int
        /// The descriptor the first name is opened in.
        let start: Int32
        /// The ancestor `start` belongs to (nil: the caller's root), kept open until `finish`.
        let pinned: Int?
        let steps: [(node: Int, name: [UInt8], identity: FileIdentity?)]
    }

    /// A directory's descriptor as a worker finds it: open, or to be opened again.
    enum Descriptor: Sendable {
        case open(Int32)
        case reopen(Reopening)
    }

    /// How to get the descriptor of `index` (a directory children wait on):
    /// it is open, or it must be opened again (`Reopening`).
    mutating func descriptorOrReopening(of index: Int) -> Descriptor {
        if nodes[index].fd >= 0 { return .open(nodes[index].fd) }
        var chain: [Int] = []
        var above = index
        while above >= 0, nodes[above].fd < 0 {
            chain.append(above)
            above = nodes[above].parent
        }
        // Up to a closed root: from the caller's descriptor, which the root was opened as `.` of.
        if above < 0 { chain.removeLast() }
        // The ancestor opened through stays open meanwhile: neither the budget
        // (a child is being opened through it) nor its last reference closes it.
        if above >= 0 {
            nodes[above].openingChildren += 1
            nodes[above].fdReferences += 1
        }
        let steps = chain.reversed().map { (node: $0, name: nodes[$0].path.component, identity: nodes[$0].identity) }
        return .reopen(Reopening(index: index, start: above < 0 ? callersRootFD : nodes[above].fd, pinned: above >= 0 ? above : nil, steps: steps))
    }

    /// Opens a `Reopening`'s names one below the other, each checked to be
    /// the directory it was (device and inode). Called without the lock.
    /// Every descriptor opened, in order; on a failure none is left open.
    static func open(_ plan: Reopening) -> Swift.Result<[Int32], Errno> {
        var opened: [Int32] = []
        var fd = plan.start
        for step in plan.steps {
            let next = withCString(step.name) { Syscalls.openDirectory(at: fd, name: $0, followSymlink: false) }
            guard case .success(let child) = next, identity(of: child) == step.identity else {
                if case .success(let child) = next { Syscalls.close(child) }
                for earlier in opened { Syscalls.close(earlier) }
                return .failure(next.failureValue ?? .noSuchFileOrDirectory)
            }
            opened.append(child)
            fd = child
        }
        return .success(opened)
    }

    /// Records what a `Reopening` opened (with the lock held again): each
    /// directory children still wait on keeps its descriptor, unless another
    /// worker opened it meanwhile; the rest are closed. The descriptor of
    /// the plan's directory, or why it could not be opened.
    mutating func finish(_ plan: Reopening, opened: Swift.Result<[Int32], Errno>) -> Swift.Result<Int32, Errno> {
        guard case .success(let descriptors) = opened else {
            unpin(plan)
            return .failure(opened.failureValue ?? .noSuchFileOrDirectory)
        }
        for (step, fd) in zip(plan.steps, descriptors) {
            if nodes[step.node].fd >= 0 {
                Syscalls.close(fd)
            } else if step.node == plan.index || nodes[step.node].fdReferences > 0 {
                noteOpened(step.node, fd: fd, sparing: plan.index)
            } else {
                Syscalls.close(fd)
            }
        }
        unpin(plan)
        return nodes[plan.index].fd >= 0 ? .success(nodes[plan.index].fd) : .failure(.noSuchFileOrDirectory)
    }

    /// Lets the ancestor a `Reopening` opened through go (closed now if
    /// nothing else needs it).
    private mutating func unpin(_ plan: Reopening) {
        guard let pinned = plan.pinned else { return }
        nodes[pinned].openingChildren -= 1
        release(pinned)
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
