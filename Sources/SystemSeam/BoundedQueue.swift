/// A first-in, first-out hand-over from one producer thread to one consumer,
/// bounded by a count and a total weight: the producer waits while the queue
/// is full, the consumer while it is empty. Either side may `close` it: the
/// producer when it is done, the consumer when it stops early, which lets a
/// waiting producer go. The project's lock (`Monitor`) with two conditions.
///
/// A consumer that finds the queue empty sleeps until a batch has arrived
/// (`wakeCount` elements or `wakeWeight` in all, or the end); a producer that
/// finds it full sleeps until it has drained to half its bounds. Each side is
/// signalled only when it waits, and after the lock is let go (a thread
/// woken under it would wake only to wait for it): handing over many small
/// elements then costs a few wake-ups, not two system calls each.
///
/// Sendable by hand: every field below is touched only under `lock`; an
/// element passes from one thread to the other and is not shared.
public final class BoundedQueue<Element>: @unchecked Sendable {
    private var items: [(element: Element?, weight: Int)] = []
    private var head = 0
    private var weight = 0
    private var closed = false
    private var producerWaits = false
    private var consumerWaits = false
    private let maximumCount: Int
    private let maximumWeight: Int
    private let wakeCount: Int
    private let wakeWeight: Int
    /// The lock, with two conditions: `roomMade` and `batchArrived`.
    private let monitor = Monitor(conditions: 2)
    private let roomMade = 0
    private let batchArrived = 1

    /// At most `maximumCount` elements waiting, and at most `maximumWeight`
    /// in all, unless the queue is empty (one element of any weight passes).
    public init(maximumCount: Int, maximumWeight: Int = .max, wakeCount: Int = 1, wakeWeight: Int = .max) {
        self.maximumCount = max(1, maximumCount)
        self.maximumWeight = maximumWeight
        self.wakeCount = min(max(1, wakeCount), self.maximumCount)
        self.wakeWeight = wakeWeight
    }

    private var count: Int { items.count - head }
    private var batchIsReady: Bool { closed || count >= wakeCount || weight >= wakeWeight }

    /// Adds `element`, waiting for room; false if the queue was closed.
    @discardableResult
    public func push(_ element: Element, weight elementWeight: Int = 1) -> Bool {
        let (accepted, wakeConsumer) = monitor.withLock { () -> (Bool, Bool) in
            while !closed && count > 0 && (count >= maximumCount || weight + elementWeight > maximumWeight) {
                producerWaits = true
                monitor.wait(roomMade)
            }
            guard !closed else { return (false, false) }
            items.append((element, elementWeight))
            weight += elementWeight
            guard consumerWaits && batchIsReady else { return (true, false) }
            consumerWaits = false
            return (true, true)
        }
        // Signalled with the lock let go, so the consumer does not wake only to wait for it.
        if wakeConsumer { monitor.signal(batchArrived) }
        return accepted
    }

    /// The oldest element; when there is none, waits for a batch. Nil once
    /// the queue is closed and empty.
    public func pop() -> Element? {
        let (element, wakeProducer) = monitor.withLock { () -> (Element?, Bool) in
            if count == 0 {
                while !batchIsReady {
                    consumerWaits = true
                    monitor.wait(batchArrived)
                }
                consumerWaits = false
            }
            return takeOldest()
        }
        if wakeProducer { monitor.signal(roomMade) }
        return element
    }

    /// Whether a producer waits for room right now (a test waits for this
    /// rather than sleeping).
    var producerIsWaiting: Bool { monitor.withLock { producerWaits } }
    /// Whether the consumer waits for a batch right now.
    var consumerIsWaiting: Bool { monitor.withLock { consumerWaits } }

    /// The oldest element if one waits, without waiting; nil otherwise.
    func tryPop() -> Element? {
        let (element, wakeProducer) = monitor.withLock { count > 0 ? takeOldest() : (nil, false) }
        if wakeProducer { monitor.signal(roomMade) }
        return element
    }

    /// Takes the oldest element off, if any (lock held), and whether a
    /// waiting producer is to be let go: once the queue is down to half its
    /// bounds. The caller signals it after letting go of the lock.
    private func takeOldest() -> (Element?, Bool) {
        guard count > 0 else { return (nil, false) }
        let (element, elementWeight) = items[head]
        // The slot lets go of the element at once (it may hold memory or descriptors).
        items[head].element = nil
        head += 1
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        }
        weight -= elementWeight
        guard producerWaits && (count <= maximumCount / 2 && weight <= maximumWeight / 2 || count == 0) else { return (element, false) }
        producerWaits = false
        return (element, true)
    }

    /// No more pushes: a waiting producer returns false, the consumer takes
    /// what is left and then nil. Elements left behind are dropped with the queue.
    public func close() {
        monitor.withLock {
            closed = true
            monitor.broadcast(roomMade)
            monitor.broadcast(batchArrived)
        }
    }
}
