import SystemSeam
import TableKit

/// Buffered writing to a file descriptor with one `write` per 64 KiB.
///
/// A closed pipe (EPIPE) ends the program quietly, the way `SIGPIPE` ends
/// `ls | head`; any other write error (`> /dev/full`) is reported by the caller.
public final class OutputSink {
    public let fd: Int32
    public var buffer: ByteBuffer
    private let flushThreshold = 1 << 16
    /// The first write error met, if any.
    public private(set) var writeError: Int32?
    /// Bytes handed on (written, or captured) so far; with `buffer`, every
    /// byte this sink was given (`ls --dired` counts positions by it).
    public private(set) var flushedCount = 0
    public var writtenCount: Int { flushedCount + buffer.count }

    public init(fd: Int32) {
        self.fd = fd
        buffer = ByteBuffer(capacity: flushThreshold * 2)
    }

    @inline(__always)
    public func write(_ text: String) {
        buffer.append(text)
        flushIfFull()
    }

    public func write(bytes: [UInt8]) {
        if bytes.isEmpty { return noticeClosedReader() }
        buffer.append(bytes)
        flushIfFull()
    }

    /// A dump that squeezes a long run writes nothing, so no write meets
    /// EPIPE: each empty write asks whether the reader went away
    /// (`--hex /dev/zero | head -c 10` ends when head does).
    /// What is buffered goes out first: the reader may be waiting for it.
    private func noticeClosedReader() {
        guard captured == nil else { return }
        flush()
        if Descriptor(fd).readerIsGone { ThisProcess.exitForClosedPipe() }
    }

    @inline(__always)
    public func flushIfFull() {
        if buffer.count >= flushThreshold { flush() }
    }

    /// Writes bytes straight to the descriptor (after anything buffered): for
    /// large blocks formatted in place, such as a hex dump's.
    public func write(raw: UnsafeRawBufferPointer) {
        if raw.isEmpty { return noticeClosedReader() }
        flush()
        flushedCount += raw.count
        if captured != nil {
            captured!.append(contentsOf: raw)
            return
        }
        writeAll(raw)
    }

    /// One `write` loop for everything: partial writes, EINTR, a closed pipe.
    private func writeAll(_ raw: UnsafeRawBufferPointer) {
        guard writeError == nil else { return }
        if case .failure(let errno) = Descriptor(fd).writeAll(raw) {
            if errno == .brokenPipe { ThisProcess.exitForClosedPipe() }
            writeError = errno.rawValue
        }
    }

    public var failed: Bool { writeError != nil }

    /// While set, what is written is kept here instead of written: the
    /// memory of a `ScriptedTerminal` (tests), and the frame tests.
    private var captured: [UInt8]?

    public func startCapturing() {
        flush()
        captured = []
    }

    /// What was written since `startCapturing` so far; capturing goes on.
    public func capturedSoFar() -> String {
        flush()
        return String(decoding: captured ?? [], as: UTF8.self)
    }

    /// What was written since `startCapturing`; writing goes out again.
    public func stopCapturing() -> String {
        flush()
        let text = String(decoding: captured ?? [], as: UTF8.self)
        captured = nil
        return text
    }

    public func flush() {
        guard !buffer.isEmpty else { return }
        flushedCount += buffer.count
        if captured != nil {
            buffer.withUnsafeBytes { captured!.append(contentsOf: $0) }
            buffer.removeAll()
            return
        }
        buffer.withUnsafeBytes { writeAll(UnsafeRawBufferPointer($0)) }
        buffer.removeAll()
    }
}
