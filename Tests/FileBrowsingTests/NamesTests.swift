import XCTest

@testable import FileBrowsing
@testable import SystemSeam

final class NaturalOrderTests: XCTestCase {
    private func sorted(_ names: [String]) -> [String] {
        names.map { Array($0.utf8) }.sorted(by: NaturalOrder.precedes).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The one-pass search over a listing's names finds what a search of
    /// each name finds (smart case included).
    func testAFilterFoundInOnePassMatchesNameByName() {
        var arena = NameArena()
        let names = ["passwd", "sshd_config", "SS", "", "a-ss-b", "nothing", "xs", "ssss", String(repeating: "q", count: 40) + "ss"]
        for name in names { arena.append(Array(name.utf8), kind: .file) }
        for text in ["ss", "SS", "s", "d_c", "zz", "qqqqqqqqqqqqqqqqqqqqss"] {
            let filter = NameFilter(typed: text)
            guard case .substring(let search) = filter.rule else { return XCTFail("\(text) is not a substring filter") }
            XCTAssertEqual(arena.entriesHolding(search), names.map { filter.matches(Array($0.utf8)) }, text)
        }
    }

    /// The same on names of every length from 0 to 40 (the fast path takes
    /// names of up to sixteen places whole; longer ones and the last names of
    /// the arena are searched), with the work split on two threads as a long
    /// listing's is: a name's flag never depends on its neighbours.
    func testAFilterFoundInOnePassMatchesNameByNameAtEveryLength() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("aAbB9.".utf8)
        for _ in 0..<200 {
            var arena = NameArena()
            var names: [[UInt8]] = []
            for _ in 0..<Int.random(in: 1...60, using: &generator) {
                let name = (0..<Int.random(in: 0...40, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
                names.append(name)
                arena.append(name, kind: .file)
            }
            let needle = String(
                decoding: (0..<Int.random(in: 1...4, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }, as: UTF8.self)
            let filter = NameFilter(typed: needle)
            guard case .substring(let search) = filter.rule else { return XCTFail("\(needle) is not a substring filter") }
            XCTAssertEqual(arena.entriesHolding(search, parallelThreshold: 2), names.map { filter.matches($0) }, needle)
        }
    }

    /// Rows in an order chosen by flags keep the order, on one thread or two.
    func testSelectionKeepsTheOrder() {
        let order: [UInt32] = (0..<1000).map { UInt32(($0 * 7919) % 1000) }
        let flags = (0..<1000).map { $0 % 3 == 0 }
        let expected = order.filter { flags[Int($0)] }
        XCTAssertEqual(DirectoryListing.select(order, where: flags), expected)
        XCTAssertEqual(DirectoryListing.select(order, where: flags, parallelThreshold: 2), expected)
    }

    func testFinderLikeOrder() {
        XCTAssertEqual(sorted(["b", "a10", "A2", "a1"]), ["a1", "A2", "a10", "b"])
        XCTAssertEqual(sorted(["img12.png", "img2.png", "img1.png", "IMG10.png"]), ["img1.png", "img2.png", "IMG10.png", "img12.png"])
        XCTAssertEqual(sorted(["x-9", "x-10", "x", "x-"]), ["x", "x-", "x-9", "x-10"])
    }

    /// Many names sharing more than the sixteen-byte radix prefix (sorted
    /// on full keys built once) come out as `NaturalOrder.precedes` orders
    /// them: numbers by value, case, leading zeros and bytes as ties.
    func testManyNamesWithALongSharedStartSortAsOneByOne() {
        var names: [[UInt8]] = []
        for n in [7, 70, 700, 007, 1, 10, 100, 9, 99] {
            for stem in ["shared-long-prefix-for-all-", "Shared-Long-Prefix-For-All-", "shared-long-prefix-for-all-0"] {
                for suffix in [".txt", ".TXT", "", "-a", "-B", "\u{E9}"] { names.append(Array("\(stem)\(n)\(suffix)".utf8)) }
            }
        }
        names.append(Array("shared-long-prefix-for-all-\u{FF}".utf8) + [0xFF])
        var arena = NameArena()
        for name in names { arena.append(name, kind: .file) }
        let ours = NameSorting.naturalOrder(Array(0..<UInt32(names.count)), in: arena).map { names[Int($0)] }
        XCTAssertGreaterThan(names.count, 64, "the tied path sorts more than 64")
        XCTAssertEqual(ours, names.sorted(by: NaturalOrder.precedes))
    }

    func testTiesAreBrokenByBytes() {
        XCTAssertEqual(sorted(["a", "A"]), ["A", "a"])
        XCTAssertEqual(sorted(["f1", "f01", "f001"]), ["f001", "f01", "f1"])
    }

    func testHugeNumbersCompareByValue() {
        XCTAssertEqual(sorted(["n100000000000000000000", "n99999999999999999999"]), ["n99999999999999999999", "n100000000000000000000"])
    }

    func testPrefixAgreesWithTheFullKey() {
        // The sixteen-byte prefix must never order two names against their full keys.
        let names = ["file_0000001", "file_0000010", "File_2", "a", "a0", "a00", "ab", "a b", "Zeta9", "zeta10", "é", "e"]
        for x in names {
            for y in names {
                let a = Array(x.utf8)
                let b = Array(y.utf8)
                let px = a.withUnsafeBufferPointer { NaturalOrder.keyPrefix(of: $0) }
                let py = b.withUnsafeBufferPointer { NaturalOrder.keyPrefix(of: $0) }
                if (px.high, px.low) < (py.high, py.low) {
                    XCTAssertTrue(NaturalOrder.precedes(a, b), "\(x) vs \(y)")
                }
            }
        }
    }
}

extension NaturalOrderTests {
    /// The key walked a byte at a time (how tied names compare) orders any
    /// two names as their built keys do: digit runs with and without
    /// leading zeros, all zeros, runs longer than 255 digits, case, bytes
    /// past ASCII, one name a prefix of the other.
    func testTheWalkedKeyAgreesWithTheBuiltOne() {
        var names = ["", "a", "A", "a0", "a00", "a000b", "a1", "a01", "a10", "a9z", "a09z", "x-0", "x-00-1", "0", "00", "007", "7", "\u{E9}9"]
        names.append("n" + String(repeating: "9", count: 300))
        names.append("n" + String(repeating: "9", count: 299) + "8")
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("aZ09.-_ 0\u{E9}".utf8)
        var random: [[UInt8]] = (0..<300).map { _ in
            (0..<Int.random(in: 0...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
        }
        random += names.map { Array($0.utf8) }
        let sign = { (value: Int) in value < 0 ? -1 : value > 0 ? 1 : 0 }
        for a in random {
            for b in random.prefix(80) {
                let built = NaturalOrder.key(of: a).withUnsafeBufferPointer { x in
                    NaturalOrder.key(of: b).withUnsafeBufferPointer { y in NaturalOrder.compareBytes(x, y) }
                }
                let walked = a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in NaturalKeyCursor.compare(x, y) } }
                XCTAssertEqual(sign(walked), sign(built), "\(a) against \(b)")
            }
        }
    }
}

final class NameEscapingTests: XCTestCase {
    func testEscapes() {
        XCTAssertEqual(NameEscaping.escape(Array("plain name.txt".utf8)), "plain name.txt")
        XCTAssertEqual(NameEscaping.escape(Array("a\nb\tc\r".utf8)), "a\\nb\\tc\\r")
        XCTAssertEqual(NameEscaping.escape([0x1B, 0x5B, 0x32, 0x4A]), "\\x1B[2J")
        XCTAssertEqual(NameEscaping.escape([0x7F]), "\\x7F")
        XCTAssertEqual(NameEscaping.escape(Array("back\\slash".utf8)), "back\\\\slash")
        XCTAssertEqual(NameEscaping.escape([0x9B]), "\\x9B", "a raw C1 byte is invalid UTF-8")
        XCTAssertEqual(NameEscaping.escape(Array("\u{9B}".utf8)), "\\u{9B}", "an encoded C1 control")
        XCTAssertEqual(NameEscaping.escape(Array("a\u{202E}b\u{2066}".utf8)), "a\\u{202E}b\\u{2066}")
        XCTAssertEqual(NameEscaping.escape(Array("café 日本".utf8)), "café 日本")
        XCTAssertEqual(NameEscaping.escape([0xC3]), "\\xC3", "a truncated sequence")
        XCTAssertEqual(NameEscaping.escape([0xED, 0xA0, 0x80]), "\\xED\\xA0\\x80", "an encoded surrogate")
        XCTAssertEqual(NameEscaping.escape([0xC0, 0xAF]), "\\xC0\\xAF", "an overlong encoding")
    }

    func testEscapesReadBackToTheExactBytes() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let name = (0..<Int.random(in: 1...12, using: &generator)).map { _ in UInt8.random(in: 1...255, using: &generator) }
            let escaped = NameEscaping.escape(name)
            XCTAssertEqual(NameEscaping.unescape(escaped), name, escaped)
            XCTAssertFalse(escaped.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || (0x80...0x9F).contains($0.value) })
        }
    }

    func testGlobMatchesBytes() {
        XCTAssertTrue(GlobPattern("*.log").matches(Array("app.log".utf8)))
        XCTAssertFalse(GlobPattern("*.log").matches(Array("app.txt".utf8)))
        XCTAssertTrue(GlobPattern("bad-*").matches([0x62, 0x61, 0x64, 0x2D, 0xFF]))
    }
}

final class NameArenaTests: XCTestCase {
    /// Copying names into display order on two threads gives the same arena
    /// as one thread: the halves meet exactly, long names included.
    func testReorderingInTwoHalvesMatchesOneThread() {
        var arena = NameArena()
        var generator = SystemRandomNumberGenerator()
        for i in 0..<5001 {
            let length = [1, 7, 15, 16, 17, 40, 255][i % 7]
            let name = (0..<length).map { _ in UInt8.random(in: 0x21...0x7E, using: &generator) }
            arena.append(name, kind: i % 3 == 0 ? .directory : .file)
        }
        var order = (0..<UInt32(arena.count)).shuffled()
        order.removeLast(1000)  // a filtered order: a subset of the entries
        let single = arena.reordered(order, parallelThreshold: Int.max)
        let halves = arena.reordered(order, parallelThreshold: 0)
        XCTAssertEqual(halves.count, order.count)
        XCTAssertEqual(halves.byteCount, single.byteCount)
        for position in 0..<order.count {
            XCTAssertEqual(halves.name(at: position), arena.name(at: Int(order[position])))
            XCTAssertEqual(halves.kind(at: position), single.kind(at: position))
        }
    }
}

final class FormattingTests: XCTestCase {
    func testHumanSizesLikeLs() {
        let cases: [(Int64, String)] = [
            (0, "0"), (1023, "1023"), (1024, "1.0K"), (1025, "1.1K"), (1536, "1.5K"),
            (10 * 1024, "10K"), (10 * 1024 + 1, "11K"), (1_048_575, "1.0M"), (5_000_000, "4.8M"),
            (1 << 30, "1.0G"),
        ]
        for (bytes, expected) in cases { XCTAssertEqual(HumanSize.format(bytes), expected, "\(bytes)") }
    }

    func testPermissionStrings() {
        XCTAssertEqual(FilePermissions(rawValue: 0o644).lsString(kind: .file), "-rw-r--r--")
        XCTAssertEqual(FilePermissions(rawValue: 0o4755).lsString(kind: .file), "-rwsr-xr-x")
        XCTAssertEqual(FilePermissions(rawValue: 0o2640).lsString(kind: .file), "-rw-r-S---")
        XCTAssertEqual(FilePermissions(rawValue: 0o1777).lsString(kind: .directory), "drwxrwxrwt")
        XCTAssertEqual(FilePermissions(rawValue: 0o1770).lsString(kind: .directory), "drwxrwx--T")
        XCTAssertEqual(FilePermissions(rawValue: 0o755).octal, "0755")
    }

    func testRFC3339() {
        XCTAssertEqual(TimeFormat.rfc3339(Timestamp(seconds: 0)), "1970-01-01T00:00:00Z")
        XCTAssertEqual(TimeFormat.rfc3339(Timestamp(seconds: 1_795_312_759)), "2026-11-22T01:59:19Z")
    }
}
