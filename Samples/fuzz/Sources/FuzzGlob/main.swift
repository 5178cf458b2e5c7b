import FuzzSupport

@testable import FileBrowsing
@testable import HexDump
@testable import SystemSeam

/// Name filters: a pattern and a name split at the first NUL. Glob
/// matching: the two ways of matching (bytes, C string) agree, `*` matches
/// every name, and a name with no special characters matches itself; du's
/// path matching agrees with a whole-path match and takes any path.
/// Substring filtering: the one pass over a listing's names (the name split
/// at `/` into many, so names of every length sit next to each other and at
/// the arena's end) flags exactly the names a search of each name finds.
runFuzzer { data, count in

    let bytes = fuzzInput(data, count)
    let parts = bytes.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
    let pattern = GlobPattern(NameEscaping.typedText(Array(parts[0])))
    let name = parts.count > 1 ? Array(parts[1]).filter { $0 != 0 } : []
    let byBytes = pattern.matches(name)
    let byCString = (name + [0]).withUnsafeBufferPointer { buffer in
        buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { pattern.matches(cName: $0) }
    }
    if byBytes != byCString { fatalError("the two matchers disagree") }
    // du's --exclude matching: a whole-path match is a match, and any path (the empty one too) is safe to ask about.
    if byBytes && !pattern.matchesPathOrSuffix(name) { fatalError("a whole-path match was not a path match") }
    _ = pattern.matchesPathOrSuffix([])
    if !GlobPattern("*").matches(name) && name.first != 0x2E { fatalError("* did not match \(name)") }
    let plain = name.filter { !"*?[]\\".utf8.contains($0) }
    if !plain.isEmpty, UTF8Validation.isValid(plain), !GlobPattern(String(decoding: plain, as: UTF8.self)).matches(plain) {
        fatalError("a plain name did not match itself")
    }
    let substring = NameFilter(typed: NameEscaping.typedText(Array(parts[0])))
    if case .substring(let search) = substring.rule {
        var arena = NameArena()
        let names = name.split(separator: 0x2F, omittingEmptySubsequences: false).map(Array.init)
        for name in names { arena.append(name, kind: .file) }
        let expected = names.map { name in name.withUnsafeBytes { search.firstMatch(in: $0, from: 0) != nil } || search.needle.isEmpty }
        if arena.entriesHolding(search, parallelThreshold: 2) != expected { fatalError("the one-pass filter disagrees with the search of each name") }
    }
    return 0
}
