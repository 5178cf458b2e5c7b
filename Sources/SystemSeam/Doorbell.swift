import Glibc

/// A pipe a worker rings when its answer is in, so a front end waiting for
/// a key (`poll` on the terminal and on `descriptor`) wakes and draws it.
/// Rung from any thread; answered on the thread that waits. Both ends are
/// the doorbell's, closed with it.
public final class Doorbell: Sendable {
    private let readEnd: Int32
    private let writeEnd: Int32

    /// Nil when the system gives no pipe.
    public init?() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        (readEnd, writeEnd) = (ends[0], ends[1])
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    /// Readable once rung, until answered.
    public var descriptor: Int32 { readEnd }

    /// Rings (a full pipe is rung already).
    public func ring() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Whether it rang since the last answer; empties the pipe.
    public func answer() -> Bool {
        var byte: UInt8 = 0
        var rang = false
        while read(readEnd, &byte, 1) == 1 { rang = true }
        return rang
    }
}
