import XCTest

@testable import FileBrowsing
@testable import SystemSeam

/// The hand-over between the walk's reading thread and the printer: order
/// kept, the bounds held, and either side able to end it without leaving the
/// other waiting.
final class BoundedQueueTests: XCTestCase {
    func testElementsArriveInOrderAndTheProducerWaitsAtTheBound() {
        let queue = BoundedQueue<Int>(maximumCount: 4, maximumWeight: 10, wakeCount: 3, wakeWeight: 5)
        let largestWaiting = Locked(0)
        let waiting = Locked(0)
        let producer = JoinableThread {
            for i in 0..<5_000 {
                queue.push(i, weight: i % 3 + 1)
                waiting.withLock { count in
                    count += 1
                    largestWaiting.withLock { $0 = max($0, count) }
                }
            }
            queue.close()
        }
        var received: [Int] = []
        while let element = queue.pop() {
            waiting.withLock { $0 -= 1 }
            received.append(element)
        }
        producer?.join()
        XCTAssertEqual(received, Array(0..<5_000))
        // The counter lags the queue by one element each side.
        XCTAssertLessThanOrEqual(largestWaiting.withLock { $0 }, 4 + 1)
    }

    func testAHeavyElementPassesAnEmptyQueue() {
        let queue = BoundedQueue<String>(maximumCount: 8, maximumWeight: 10)
        XCTAssertTrue(queue.push("huge", weight: 1_000_000))
        XCTAssertEqual(queue.pop(), "huge")
    }

    func testClosingReleasesAWaitingProducerAndEndsTheConsumer() {
        let queue = BoundedQueue<Int>(maximumCount: 1)
        queue.push(1)
        let pushed = Locked<Bool?>(nil)
        let producer = JoinableThread {
            let accepted = queue.push(2)  // waits: the queue is full
            pushed.withLock { $0 = accepted }
        }
        waitUntil { queue.producerIsWaiting }
        XCTAssertNil(pushed.withLock { $0 }, "the producer waits while the queue is full")
        queue.close()
        producer?.join()
        XCTAssertEqual(pushed.withLock { $0 }, false, "a push after close is refused")
        XCTAssertEqual(queue.pop(), 1, "what was queued before the close is still handed out")
        XCTAssertNil(queue.pop())
    }

    func testAConsumerWaitingForABatchWakesAtTheEnd() {
        let queue = BoundedQueue<Int>(maximumCount: 64, wakeCount: 16)
        let producer = JoinableThread {
            // The consumer is waiting for its batch first.
            while !queue.consumerIsWaiting { sched_yield() }
            queue.push(7)
            queue.close()
        }
        XCTAssertEqual(queue.pop(), 7, "fewer than a batch, but the queue closed: the element comes")
        XCTAssertNil(queue.pop())
        producer?.join()
    }

    /// Waits until `condition` holds (a thread reached its wait), at most 10 s.
    private func waitUntil(_ condition: () -> Bool, file: StaticString = #filePath, line: UInt = #line) {
        let deadline = Date().addingTimeInterval(10)
        while !condition() {
            guard Date() < deadline else { return XCTFail("the condition never held", file: file, line: line) }
            sched_yield()
        }
    }
}
