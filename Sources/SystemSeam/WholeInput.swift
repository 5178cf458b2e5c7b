import Glibc

extension Syscalls {
    /// The most read from an input that is not a regular file (a pipe, a
    /// device) when a reader asks for a bound: `/dev/zero` never ends.
    public static let endlessInputLimit = 1 << 30

    /// Everything `path` holds, read to its end (`-`: standard input; a
    /// pipe is read until it closes): a list of operands, as du's
    /// `--files0-from` takes them. A directory is refused (`EISDIR`).
    /// `startsAs`, when given, is asked about the first bytes read (up to a
    /// chunk, fewer only at the end) before anything more is read: a false
    /// answer ends the read with `.unexpectedStart`. With `bounded`, an
    /// input that is not a regular file ends with `.endlessInput` past
    /// `endlessInputLimit` bytes.
    public static func readWholeInput(
        _ path: [UInt8], startsAs: (([UInt8]) -> Bool)? = nil, bounded: Bool = false
    ) -> Result<[UInt8], Errno> {
        let opened: Result<Int32, Errno> =
            path == [0x2D]
            ? .success(0)
            : withCString(path) { name in
                valueOrErrno { open(name, O_RDONLY | O_CLOEXEC) }
            }
        return opened.flatMap { fd in
            defer { if fd != 0 { Syscalls.close(fd) } }
            var expected = 0
            var isRegular = false
            if case .success(let status) = Syscalls.status(of: fd) {
                if FileKind(mode: status.st_mode) == .directory { return .failure(.isADirectory) }
                isRegular = FileKind(mode: status.st_mode) == .file
                // At most 256 MiB ahead: a sparse file may claim any size; past that the chunks grow the array as read.
                if FileKind(mode: status.st_mode) == .file { expected = Int(min(max(0, status.st_size), 1 << 28)) }
            }
            // A regular file is read straight into one array of its size (one copy, no growing); what follows
            // its size (a file that grew meanwhile) and any other input come a chunk at a time.
            var failure: Errno?
            var bytes = [UInt8](unsafeUninitializedCapacity: expected) { buffer, initialized in
                while initialized < expected {
                    switch Syscalls.read(fd, into: buffer.baseAddress! + initialized, count: expected - initialized) {
                    case .success(0): return
                    case .success(let count): initialized += count
                    case .failure(let errno):
                        failure = errno
                        return
                    }
                }
            }
            if let failure { return .failure(failure) }
            var chunk = [UInt8](repeating: 0, count: 65536)
            var checked = startsAs == nil
            while true {
                if !checked, bytes.count >= 64 {
                    guard startsAs?(bytes) ?? true else { return .failure(.unexpectedStart) }
                    checked = true
                }
                if bounded, !isRegular, bytes.count > endlessInputLimit { return .failure(.endlessInput) }
                switch chunk.withUnsafeMutableBytes({ Syscalls.read(fd, into: $0.baseAddress!, count: $0.count) }) {
                case .success(0):
                    if !checked, !(startsAs?(bytes) ?? true) { return .failure(.unexpectedStart) }
                    return .success(bytes)
                case .success(let count): bytes += chunk[..<count]
                case .failure(let errno): return .failure(errno)
                }
            }
        }
    }
}
