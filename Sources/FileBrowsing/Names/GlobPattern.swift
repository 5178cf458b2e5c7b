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

    public var description: String { pattern }
}
