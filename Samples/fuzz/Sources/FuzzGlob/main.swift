import FuzzSupport

@testable import FileBrowsing

/// Glob matching: a pattern and a name split at the first NUL; the two ways
/// of matching (bytes, C string) agree, `*` matches every name, and a name
/// with no special characters matches itself.
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
    if !GlobPattern("*").matches(name) && name.first != 0x2E { fatalError("* did not match \(name)") }
    let plain = name.filter { !"*?[]\\".utf8.contains($0) }
    if !plain.isEmpty, UTF8Validation.isValid(plain), !GlobPattern(String(decoding: plain, as: UTF8.self)).matches(plain) {
        fatalError("a plain name did not match itself")
    }
    return 0
}
