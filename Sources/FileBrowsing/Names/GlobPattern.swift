import SystemSeam

/// A shell glob (`*.log`, `data-??.csv`, `[a-c]*`) matched against name bytes
/// with `fnmatch`, so names that are not valid UTF-8 match too.
public struct GlobPattern: Sendable, Equatable, CustomStringConvertible {
    public let pattern: String
    private let cPattern: [CChar]

    public init(_ pattern: String) {
        self.pattern = pattern
        cPattern = pattern.utf8CString.map { $0 }
    }

    /// Matches a NUL-terminated name.
    public func matches(cName: UnsafePointer<CChar>) -> Bool {
        cPattern.withUnsafeBufferPointer { Syscalls.globMatches($0.baseAddress!, cName) }
    }

    public func matches(_ name: [UInt8]) -> Bool {
        (name + [0]).withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { matches(cName: $0) }
        }
    }

    /// du's `--exclude`: the pattern matches the whole path or what follows
    /// any `/` in it (gnulib's unanchored exclude: `x` leaves out `a/x`,
    /// `a/u` leaves out `a/u`, `b/c` leaves out `a/b/c`).
    public func matchesPathOrSuffix(_ path: [UInt8]) -> Bool {
        (path + [0]).withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { start in
                if matches(cName: start) { return true }
                for index in path.indices.dropLast() where path[index] == 0x2F && path[index + 1] != 0x2F {
                    if matches(cName: start + index + 1) { return true }
                }
                return false
            }
        }
    }

    public var description: String { pattern }
}
