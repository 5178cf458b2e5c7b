import SystemSeam

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
    /// the directory it was (device and inode), through links when the scan
    /// follows them. Called without the lock.
    /// Every descriptor opened, in order; on a failure none is left open.
    /// Only the last few directories of a long walk stay open (-1 for the
    /// ones closed on the way): a walk 250 levels down must not hold 250
    /// descriptors at once.
    static func open(_ plan: Reopening, followingLinks: Bool) -> Swift.Result<[Int32], Errno> {
        var opened: [Int32] = []
        var fd = plan.start
        for step in plan.steps {
            let next = withCString(step.name) { Syscalls.openDirectory(at: fd, name: $0, followSymlink: followingLinks) }
            guard case .success(let child) = next, identity(of: child) == step.identity else {
                if case .success(let child) = next { Syscalls.close(child) }
                for earlier in opened where earlier >= 0 { Syscalls.close(earlier) }
                return .failure(next.failureValue ?? .noSuchFileOrDirectory)
            }
            opened.append(child)
            fd = child
            let leftOpen = opened.count - keptOnAWalk - 1
            if leftOpen >= 0 && opened[leftOpen] >= 0 {
                Syscalls.close(opened[leftOpen])
                opened[leftOpen] = -1
            }
        }
        return .success(opened)
    }

    /// The directories above the one a walk reopens that stay open with it.
    static let keptOnAWalk = 3

    /// Records what a `Reopening` opened (with the lock held again): each
    /// directory children still wait on keeps its descriptor, unless another
    /// worker opened it meanwhile; the rest are closed. The descriptor of
    /// the plan's directory, or why it could not be opened.
    mutating func finish(_ plan: Reopening, opened: Swift.Result<[Int32], Errno>) -> Swift.Result<Int32, Errno> {
        guard case .success(let descriptors) = opened else {
            unpin(plan)
            return .failure(opened.failureValue ?? .noSuchFileOrDirectory)
        }
        for (step, fd) in zip(plan.steps, descriptors) where fd >= 0 {
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

    /// A parent to open again through a finished child's `..` (one call,
    /// where the path from an ancestor would take one a level): planned
    /// under the lock, opened outside it, so a file system that stops
    /// answering holds up the worker that finished, never every worker.
    struct DotDotReopening: Sendable {
        /// The finished child, its descriptor kept open until `finishReopening`.
        let child: Int
        let childFD: Int32
        let parent: Int
        let parentIdentity: FileIdentity?
    }

    /// Before `index` closes for good: whether its parent, closed while
    /// children still wait on it, is to be opened again as `index`'s `..`.
    /// If so, `index` stays open (and spared by the budget) until then.
    mutating func dotDotReopening(of index: Int) -> DotDotReopening? {
        let parent = nodes[index].parent
        guard parent >= 0, nodes[parent].fd < 0, nodes[parent].fdReferences > 0 else { return nil }
        nodes[index].openingChildren += 1
        nodes[parent].awaitsDotDot = true
        return DotDotReopening(child: index, childFD: nodes[index].fd, parent: parent, parentIdentity: nodes[parent].identity)
    }

    /// Opens the parent a `DotDotReopening` plans, checked to be the same
    /// directory (device and inode). Called without the lock.
    static func open(_ plan: DotDotReopening) -> Int32? {
        let opened = withCString([0x2E, 0x2E]) { Syscalls.openDirectory(at: plan.childFD, name: $0, followSymlink: false) }
        guard case .success(let fd) = opened else { return nil }
        guard identity(of: fd) == plan.parentIdentity else {
            Syscalls.close(fd)
            return nil
        }
        return fd
    }

    /// With the lock held again: the child closes, and the parent keeps the
    /// descriptor opened for it if children still wait on it and no other
    /// worker opened it meanwhile.
    mutating func finishReopening(_ plan: DotDotReopening, opened: Int32?) {
        nodes[plan.child].openingChildren -= 1
        nodes[plan.parent].awaitsDotDot = false
        closeDescriptor(of: plan.child)
        guard let fd = opened else { return }
        if nodes[plan.parent].fd < 0 && nodes[plan.parent].fdReferences > 0 {
            noteOpened(plan.parent, fd: fd)
        } else {
            Syscalls.close(fd)
        }
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
