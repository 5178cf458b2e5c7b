/// Which names a table shows: a shell glob (`*.log`), or text a name must
/// hold somewhere (`ss` shows `passwd` and `sshd_config`), in any case
/// unless the text has a capital letter ("smart case", as in nnn, vim and
/// fd). Typed text is a glob when it has a wildcard (`*`, `?`, `[`).
public struct NameFilter: Sendable, Equatable, CustomStringConvertible {
    public enum Rule: Sendable, Equatable {
        case glob(GlobPattern)
        case substring(TextSearch)
    }

    public let rule: Rule
    /// The text as the user typed it, for headers.
    public let pattern: String

    /// A filter from what the user typed: a glob when it has a wildcard,
    /// else a substring (smart case).
    public init(typed text: String) {
        pattern = text
        if text.contains(where: { "*?[".contains($0) }) {
            rule = .glob(GlobPattern(text))
        } else {
            let bytes = NameEscaping.typedName(text)
            let hasCapital = bytes.contains { (0x41...0x5A).contains($0) }
            rule = .substring(hasCapital ? TextSearch(bytes: bytes) : TextSearch(text: text))
        }
    }

    /// A filter that is always a glob (`--filter GLOB` on the command line).
    public static func glob(_ pattern: String) -> NameFilter { NameFilter(glob: GlobPattern(pattern)) }

    private init(glob: GlobPattern) {
        pattern = glob.pattern
        rule = .glob(glob)
    }

    /// Matches a NUL-terminated name.
    public func matches(cName: UnsafePointer<CChar>) -> Bool {
        switch rule {
        case .glob(let glob): return glob.matches(cName: cName)
        case .substring(let search):
            if search.needle.isEmpty { return true }
            var length = 0
            while cName[length] != 0 { length += 1 }
            return search.firstMatch(in: UnsafeRawBufferPointer(start: cName, count: length), from: 0) != nil
        }
    }

    public func matches(_ name: [UInt8]) -> Bool {
        switch rule {
        case .glob(let glob): return glob.matches(name)
        case .substring(let search): return search.needle.isEmpty || name.withUnsafeBytes { search.firstMatch(in: $0, from: 0) } != nil
        }
    }

    /// Whether the filter is a glob (tree's `-P` and `find -name` read it so).
    public var isGlob: Bool {
        if case .glob = rule { return true }
        return false
    }

    public var description: String { pattern }
}
