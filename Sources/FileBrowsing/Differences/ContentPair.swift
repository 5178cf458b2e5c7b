import SystemSeam

/// Whether two regular files hold the same bytes: read side by side in
/// blocks and compared, never assumed. A file that changed while it was
/// read (its identity, size or modification time moved) is reported as
/// such, never as the same. One comparer a thread: it owns its buffers.
final class ContentPair {
    enum Verdict: Equatable {
        case same
        case differ
        case changed
    }

    static let blockSize = 256 << 10
    private let first = UnsafeMutableRawPointer.allocate(byteCount: blockSize, alignment: 64)
    private let second = UnsafeMutableRawPointer.allocate(byteCount: blockSize, alignment: 64)

    deinit {
        first.deallocate()
        second.deallocate()
    }

    /// Compares `firstName` in `firstDirectory` with `secondName` in
    /// `secondDirectory`, whose statuses (links followed) were `firstStatus`
    /// and `secondStatus`. Throws which side could not be read.
    func compare(
        _ firstName: UnsafePointer<CChar>, in firstDirectory: Int32, status firstStatus: FileStatus, with secondName: UnsafePointer<CChar>,
        in secondDirectory: Int32, status secondStatus: FileStatus
    ) throws(ContentPairFailure) -> Verdict {
        // One file under two names holds the same bytes.
        if firstStatus.identity == secondStatus.identity { return .same }
        if firstStatus.size != secondStatus.size { return .differ }
        let a = try open(firstName, in: firstDirectory, side: 0)
        defer { Syscalls.close(a) }
        let b = try open(secondName, in: secondDirectory, side: 1)
        defer { Syscalls.close(b) }
        return try compare(open: a, status: firstStatus, with: b, status: secondStatus)
    }

    /// Compares two open regular files (the caller owns and closes both
    /// descriptors) whose statuses were `firstStatus` and `secondStatus`,
    /// taken before either was read. Throws which side could not be read.
    func compare(
        open a: Int32, status firstStatus: FileStatus, with b: Int32, status secondStatus: FileStatus
    )
        throws(ContentPairFailure) -> Verdict
    {
        if firstStatus.identity == secondStatus.identity { return .same }
        if firstStatus.size != secondStatus.size { return .differ }
        // Read up to the size seen: a file that grew or shrank meanwhile fails the check after.
        let size = UInt64(firstStatus.size)
        var offset: UInt64 = 0
        while offset < size {
            let wanted = Int(min(UInt64(Self.blockSize), size - offset))
            let gotFirst = try read(a, into: first, count: wanted, at: offset, side: 0)
            let gotSecond = try read(b, into: second, count: wanted, at: offset, side: 1)
            guard gotFirst == wanted, gotSecond == wanted else { return .changed }
            if Syscalls.compareMemory(first, second, wanted) != 0 { return .differ }
            offset += UInt64(wanted)
        }
        // The same bytes: claimed only if neither file moved while read.
        guard Self.unchanged(a, firstStatus), Self.unchanged(b, secondStatus) else { return .changed }
        return .same
    }

    private func open(_ name: UnsafePointer<CChar>, in directory: Int32, side: Int) throws(ContentPairFailure) -> Int32 {
        switch Syscalls.openFile(at: directory, name: name) {
        case .success(let fd): return fd
        case .failure(let errno): throw ContentPairFailure(side: side, errno: errno)
        }
    }

    /// `count` bytes at `offset`, all of them unless the file ends.
    private func read(_ fd: Int32, into buffer: UnsafeMutableRawPointer, count: Int, at offset: UInt64, side: Int) throws(ContentPairFailure) -> Int {
        var got = 0
        while got < count {
            switch Syscalls.positionedRead(fd, into: buffer + got, count: count - got, at: offset + UInt64(got)) {
            case .success(0): return got
            case .success(let read): got += read
            case .failure(let errno): throw ContentPairFailure(side: side, errno: errno)
            }
        }
        return got
    }

    /// Whether the open file is still the regular file first seen, of its size and time.
    private static func unchanged(_ fd: Int32, _ seen: FileStatus) -> Bool {
        guard case .success(let raw) = Syscalls.status(of: fd) else { return false }
        let now = FileStatus(raw)
        return now.kind == .file && now.identity == seen.identity && now.size == seen.size
            && now.modificationTime == seen.modificationTime
    }
}

/// A side of a pair that could not be opened or read (0: the first).
struct ContentPairFailure: Error {
    let side: Int
    let errno: Errno
}
