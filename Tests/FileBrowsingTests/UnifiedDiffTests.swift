import FileBrowsing
import Foundation
import TestSupport
import XCTest

/// `diff -u`'s output, byte for byte: hand-made pairs for each rule of its
/// format, and generated pairs (a small vocabulary, so lines repeat and an
/// edit could be placed several ways) compared with the installed diff.
final class UnifiedDiffTests: XCTestCase {
    private func ours(_ temp: TemporaryTree, _ first: String, _ second: String) throws -> String {
        func side(_ name: String) throws -> UnifiedDiff.Side {
            let path = temp.path + "/" + name
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            let status = try FileStatusReader.status(of: Array(path.utf8), followSymlink: false).get()
            return UnifiedDiff.Side(label: Array(name.utf8), modificationTime: status.modificationTime, bytes: bytes)
        }
        return String(decoding: UnifiedDiff.text(try side(first), try side(second)), as: UTF8.self)
    }

    private func theirs(_ temp: TemporaryTree, _ first: String, _ second: String) throws -> String? {
        let result = try SpawnedProcess.shell("LC_ALL=C diff -u \(first) \(second)", in: temp.path)
        return result.status == 127 ? nil : result.output
    }

    private func write(_ text: String, to name: String, in temp: TemporaryTree) throws {
        try Data(text.utf8).write(to: temp.url.appendingPathComponent(name))
    }

    /// Each rule of the format: one line changed, lines added at the start
    /// and the end, a file emptied, no newline at the end on either side,
    /// changes six lines apart (one hunk) and seven (two), a binary file.
    func testEachRuleOfTheFormat() throws {
        let temp = try TemporaryTree()
        let lines = (1...20).map { "line \($0)\n" }
        let pairs: [(String, String)] = [
            (lines.joined(), lines.enumerated().map { $0.offset == 9 ? "changed\n" : $0.element }.joined()),
            (lines.joined(), "new first\n" + lines.joined() + "new last\n"),
            (lines.joined(), ""),
            ("", "only\n"),
            ("a\nb\nc", "a\nb\nc\n"),
            ("a\nb\nc\n", "a\nB\nc"),
            (lines.joined(), lines.enumerated().map { [2, 9].contains($0.offset) ? "x\n" : $0.element }.joined()),
            (lines.joined(), lines.enumerated().map { [2, 10].contains($0.offset) ? "x\n" : $0.element }.joined()),
            ("text\n", "te\u{0}xt\n"),
        ]
        var compared = 0
        for (index, pair) in pairs.enumerated() {
            try write(pair.0, to: "a\(index)", in: temp)
            try write(pair.1, to: "b\(index)", in: temp)
            let mine = try ours(temp, "a\(index)", "b\(index)")
            XCTAssertFalse(mine.isEmpty)
            guard let reference = try theirs(temp, "a\(index)", "b\(index)") else { continue }
            XCTAssertEqual(mine, reference, "pair \(index)")
            compared += 1
        }
        if compared == 0 { print("skipped the comparison with diff -u: diff is not installed") }
        XCTAssertEqual(try ours(temp, "a0", "a0"), "", "the same text: no output, as diff")
    }

    /// 300 generated pairs: lines drawn from five words, then lines
    /// changed, removed and added at random places.
    func testGeneratedPairsAsDiffWritesThem() throws {
        let temp = try TemporaryTree()
        guard try theirs(temp, "/dev/null", "/dev/null") != nil else { throw XCTSkip("diff is not installed") }
        var generator = SplitMix(seed: 7)
        let words = ["alpha", "beta", "gamma", "delta", "}"]
        var differing: [Int] = []
        for index in 0..<300 {
            var lines = (0..<generator.next(below: 40)).map { _ in words[generator.next(below: words.count)] + "\n" }
            try write(lines.joined(), to: "a", in: temp)
            for _ in 0..<(1 + generator.next(below: 5)) {
                let place = generator.next(below: lines.count + 1)
                switch generator.next(below: 3) {
                case 0 where place < lines.count: lines[place] = words[generator.next(below: words.count)] + "\n"
                case 1 where place < lines.count: lines.remove(at: place)
                default: lines.insert("added \(generator.next(below: 3))\n", at: place)
                }
            }
            try write(lines.joined(), to: "b", in: temp)
            let mine = try ours(temp, "a", "b")
            let reference = try theirs(temp, "a", "b") ?? ""
            if mine != reference { differing.append(index) }
        }
        XCTAssertEqual(differing, [], "pairs whose output differs from diff -u")
    }

    /// Larger pairs, full of repeated lines and with many edits, where
    /// diff's own shortcuts (it sets aside lines that are too common or
    /// have no match before it compares) may place an edit elsewhere: the
    /// script here is still right (the lines kept on each side are the same
    /// lines) and never longer than diff's.
    func testLargerPairsGiveARightScriptNoLongerThanDiffs() throws {
        let temp = try TemporaryTree()
        let diffInstalled = try theirs(temp, "/dev/null", "/dev/null") != nil
        var generator = SplitMix(seed: 11)
        let words = ["alpha", "beta", "gamma", "delta", "}"]
        var identical = 0
        for _ in 0..<200 {
            let first = (0..<generator.next(below: 200)).map { _ in words[generator.next(below: words.count)] + "\n" }
            var second = first
            for _ in 0..<(1 + generator.next(below: 30)) {
                let place = generator.next(below: second.count + 1)
                if generator.next(below: 2) == 0 && place < second.count { second.remove(at: place) } else { second.insert("added\n", at: place) }
            }
            let a = first.map { ArraySlice(Array($0.utf8)) }
            let b = second.map { ArraySlice(Array($0.utf8)) }
            let (numbersA, numbersB) = LineDiff.numbered(a, b)
            let script = LineDiff(numbersA, numbersB)
            let keptA = numbersA.indices.filter { !script.deleted[$0] }.map { numbersA[$0] }
            let keptB = numbersB.indices.filter { !script.inserted[$0] }.map { numbersB[$0] }
            XCTAssertEqual(keptA, keptB, "the lines neither deleted nor inserted are the same on both sides")
            guard diffInstalled else { continue }
            try write(first.joined(), to: "a", in: temp)
            try write(second.joined(), to: "b", in: temp)
            let mine = try ours(temp, "a", "b")
            let reference = try theirs(temp, "a", "b") ?? ""
            func edits(_ text: String) -> Int {
                text.split(separator: "\n").dropFirst(2).filter { $0.hasPrefix("-") || $0.hasPrefix("+") }.count
            }
            XCTAssertLessThanOrEqual(edits(mine), edits(reference))
            if mine == reference { identical += 1 }
        }
        if diffInstalled { print("larger pairs: \(identical) of 200 identical to diff -u") }
    }

    /// Files of 20,000 lines with nothing in common, and with a few lines
    /// changed: a script in well under a second each (a cost bound keeps
    /// the first from growing with the square of the lines).
    func testLargeFilesStayQuick() {
        let count = 20000
        let first = (0..<count).map { Int32($0) }
        let unrelated = (0..<count).map { Int32(count + $0) }
        var edited = first
        for place in stride(from: 100, to: count, by: 997) { edited[place] = -1 }
        let start = Date()
        let apart = LineDiff(first, unrelated)
        XCTAssertEqual(apart.deleted.filter { $0 }.count, count)
        XCTAssertEqual(apart.inserted.filter { $0 }.count, count)
        let near = LineDiff(first, edited)
        XCTAssertEqual(near.deleted.filter { $0 }.count, (count - 100 + 996) / 997)
        XCTAssertLessThan(Date().timeIntervalSince(start), 10, "a bound, not a benchmark: minutes would mean no cost bound")
    }
}

/// A small seeded generator (SplitMix64), so a failure can be replayed.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(below bound: Int) -> Int {
        guard bound > 0 else { return 0 }
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
