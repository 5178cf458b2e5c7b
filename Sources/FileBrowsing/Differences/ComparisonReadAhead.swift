import SystemSeam

/// Reads two trees ahead of a comparison's walk, so the walk only merges
/// what is ready and reports: a lister thread lists the directory pairs in
/// the order the walk will enter them (depth first, names in byte order),
/// and worker threads prepare each listing's common names (statuses and
/// contents) a range at a time, in the order listed. A listing waits, ready,
/// until the walk takes it; at most `lookahead` wait at once, which bounds
/// the descriptors and memory held ahead of the walk.
///
/// The lister guesses which names the walk will enter from what the
/// directories say (two directories, or links to them) and skips a
/// directory met again below itself; the walk decides from the statuses it
/// is given. Where the two disagree (a tree changing under them) the walk
/// lists that pair itself (`take` answers nil) and the unwanted listing is
/// let go.
///
/// Thread contract: `take` and `finish` are called by the walk's thread
/// only, which must call `finish` when done: it stops and joins the threads
/// started here (they hold the read-ahead until then).
final class ComparisonReadAhead: @unchecked Sendable {
    /// A range of a listing's slots for a worker.
    private struct Job {
        let listing: DirectoryPairListing
        let slots: Range<Int>
    }

    /// Names a worker prepares at a time: short enough to spread a
    /// directory over the workers, long enough that the lock is rare.
    static let slotsPerJob = 48

    private let monitor = Monitor(conditions: 3)
    private static let jobsArrived = 0
    private static let listingChanged = 1
    private static let roomMade = 2

    private let lookahead: Int
    /// Listings not yet taken by the walk, in walk order (behind `monitor`).
    private var ready = FIFO<DirectoryPairListing>()
    /// Ranges still to prepare, oldest first (behind `monitor`).
    private var jobs = FIFO<Job>()
    private var listerDone = false
    private var stopped = false
    private var threads: [JoinableThread] = []
    /// One comparer for the walk's own help with ranges.
    private let walkComparer = ContentPair()

    /// Starts reading `first` and `second` (the tops, which the walk takes
    /// first) on a lister and `workers` worker threads.
    init(first: DirectoryHandle, second: DirectoryHandle, workers: Int, lookahead: Int = 64) {
        self.lookahead = max(2, lookahead)
        // Asked here, once, so no thread sets it while another reads it.
        _ = (first.mayHang, second.mayHang, first.identity, second.identity)
        let top = Sendable2(first, second)
        if let lister = JoinableThread({ self.list(from: top.first, top.second) }) {
            threads.append(lister)
        } else {
            monitor.withLock { listerDone = true }
        }
        for _ in 0..<max(0, workers) {
            if let worker = JoinableThread({ self.work() }) { threads.append(worker) }
        }
    }

    /// The listing of `directory` (below the tops; "" for the tops), with
    /// every name prepared, once the lister has reached it; nil when the
    /// lister did not list it (the walk then lists it itself). Listings
    /// before it in walk order that the walk never asked for are let go.
    func take(directory: [UInt8]) -> DirectoryPairListing? {
        monitor.withLock {
            while true {
                if let head = ready.first {
                    let order = Self.walkOrder(head.directory, directory)
                    if order > 0 { return nil }
                    if order < 0 {
                        dropHead()
                        continue
                    }
                    // Help with the ranges still queued, then wait for those being prepared.
                    if head.rangesLeft > 0 {
                        if !prepareOne() { monitor.wait(Self.listingChanged) }
                        continue
                    }
                    dropHead()
                    return head
                }
                if listerDone || stopped { return nil }
                monitor.wait(Self.listingChanged)
            }
        }
    }

    /// Stops the threads and waits for them; listings not taken are let go.
    func finish() {
        monitor.withLock {
            stopped = true
            monitor.broadcast(Self.jobsArrived)
            monitor.broadcast(Self.roomMade)
        }
        for thread in threads { thread.join() }
        threads = []
        monitor.withLock {
            ready = FIFO()
            jobs = FIFO()
        }
    }

    /// Byte order of two paths below the tops, component by component: the
    /// order the walk meets directories (a directory before what is in it).
    static func walkOrder(_ a: [UInt8], _ b: [UInt8]) -> Int {
        var index = 0
        while index < a.count && index < b.count {
            // "/" sorts before every byte a name can hold.
            let x = a[index] == 0x2F ? 0 : Int(a[index]) + 1
            let y = b[index] == 0x2F ? 0 : Int(b[index]) + 1
            if x != y { return x - y }
            index += 1
        }
        return a.count - b.count
    }

    // MARK: The walk's side, behind the lock

    private func dropHead() {
        ready.removeFirst().isWanted = false
        monitor.signal(Self.roomMade)
    }

    /// Prepares the oldest queued range on the walk's thread (the lock let
    /// go meanwhile); false when none is queued.
    private func prepareOne() -> Bool {
        guard let job = nextJob() else { return false }
        monitor.unlocked { PairPreparation.prepare(job.listing, slots: job.slots, with: walkComparer) { Interruption.isRequested } }
        completed(job)
        return true
    }

    // MARK: Workers

    private func work() {
        let comparer = ContentPair()
        while let job = monitor.withLock({ () -> Job? in
            while !stopped {
                if let job = nextJob() { return job }
                monitor.wait(Self.jobsArrived)
            }
            return nil
        }) {
            PairPreparation.prepare(job.listing, slots: job.slots, with: comparer) { Interruption.isRequested }
            monitor.withLock { completed(job) }
        }
    }

    /// The oldest range still wanted, taken off the queue (lock held).
    private func nextJob() -> Job? {
        while !jobs.isEmpty {
            let job = jobs.removeFirst()
            // A listing let go needs no more work.
            if job.listing.isWanted { return job }
        }
        return nil
    }

    /// A range is in (lock held).
    private func completed(_ job: Job) {
        job.listing.rangesLeft -= 1
        if job.listing.rangesLeft == 0 { monitor.broadcast(Self.listingChanged) }
    }
}

extension ComparisonReadAhead {
    /// A directory pair on the lister's way down, and the next of its entries to look at.
    private struct Level {
        let listing: DirectoryPairListing
        var next = 0
    }

    /// Lists the pairs depth first, each directory's entries in byte order:
    /// the walk's order.
    fileprivate func list(from first: DirectoryHandle, _ second: DirectoryHandle) {
        defer {
            monitor.withLock {
                listerDone = true
                monitor.broadcast(Self.listingChanged)
            }
        }
        guard waitForRoom() else { return }
        var stack = [Level(listing: publish(DirectoryPairListing(first: first, second: second, directory: [])))]
        while let index = stack.indices.last {
            if Interruption.isRequested { return }
            guard let (name, childFirst, childSecond) = nextChild(of: &stack[index], below: stack) else {
                stack.removeLast()
                continue
            }
            guard waitForRoom() else { return }
            let parent = stack[index].listing.directory
            let directory = parent.isEmpty ? name : parent + [0x2F] + name
            stack.append(Level(listing: publish(DirectoryPairListing(first: childFirst, second: childSecond, directory: directory))))
        }
    }

    /// The next entry of `level` the walk will enter, opened on both sides:
    /// a name both sides may hold a directory under (or a link to one),
    /// not one directory reached from both, not a directory met again below
    /// itself. Nil when none is left.
    private func nextChild(of level: inout Level, below stack: [Level]) -> ([UInt8], DirectoryHandle, DirectoryHandle)? {
        let listing = level.listing
        while level.next < listing.entries.count {
            let entry = listing.entries[level.next]
            level.next += 1
            guard entry.inFirst, entry.inSecond, Self.mayBeDirectory(listing.firstNames.kind(at: Int(entry.first))),
                Self.mayBeDirectory(listing.secondNames.kind(at: Int(entry.second)))
            else { continue }
            let name = listing.name(of: entry)
            guard let first = try? DirectoryHandle.open(child: name, of: listing.first, followSymlink: true),
                let second = try? DirectoryHandle.open(child: name, of: listing.second, followSymlink: true)
            else { continue }
            // Asked here, once, before the walk shares them.
            _ = (first.mayHang, second.mayHang)
            guard let x = first.identity, let y = second.identity, x != y else { continue }
            if stack.contains(where: { $0.listing.first.identity == x || $0.listing.second.identity == y }) { continue }
            return (name, first, second)
        }
        return nil
    }

    private static func mayBeDirectory(_ kind: FileKind) -> Bool {
        kind == .directory || kind == .symlink || kind == .unknown
    }

    /// Waits until fewer than `lookahead` listings wait for the walk; false once stopped.
    private func waitForRoom() -> Bool {
        monitor.withLock {
            while !stopped && ready.count >= lookahead { monitor.wait(Self.roomMade) }
            return !stopped
        }
    }

    /// Hands a listing to the walk and its ranges to the workers.
    private func publish(_ listing: DirectoryPairListing) -> DirectoryPairListing {
        monitor.withLock {
            for start in stride(from: 0, to: listing.common.count, by: Self.slotsPerJob) {
                jobs.append(Job(listing: listing, slots: start..<min(start + Self.slotsPerJob, listing.common.count)))
                listing.rangesLeft += 1
            }
            ready.append(listing)
            monitor.broadcast(Self.jobsArrived)
            monitor.broadcast(Self.listingChanged)
        }
        return listing
    }
}

/// Two handles carried to the lister thread, which alone uses them until
/// it hands them to the walk through the lock.
private struct Sendable2: @unchecked Sendable {
    let first: DirectoryHandle
    let second: DirectoryHandle
    init(_ first: DirectoryHandle, _ second: DirectoryHandle) {
        self.first = first
        self.second = second
    }
}

/// A first-in, first-out list over an array: taken from the front by
/// moving an index, the array emptied (keeping its room) when all is taken.
private struct FIFO<Element> {
    private var items: [Element] = []
    private var head = 0

    var isEmpty: Bool { head == items.count }
    var count: Int { items.count - head }
    var first: Element? { isEmpty ? nil : items[head] }

    mutating func append(_ element: Element) { items.append(element) }

    /// The oldest element, taken off (the list must not be empty).
    mutating func removeFirst() -> Element {
        let element = items[head]
        head += 1
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        }
        return element
    }
}
