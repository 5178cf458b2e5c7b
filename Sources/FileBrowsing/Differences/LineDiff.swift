/// The shortest edit script between two sequences of lines, by Myers'
/// O(ND) difference algorithm in linear space (E. Myers, "An O(ND)
/// Difference Algorithm and Its Variations", 1986, section 4b): each range
/// is trimmed of the lines equal at both ends, then split at the middle
/// snake of an optimal path (found by searching from both corners at once)
/// until one side is empty. Lines are compared as numbers (`numbered`
/// gives equal lines equal numbers). Within a change, deletions come
/// before insertions, as `diff` prints them.
public struct LineDiff {
    /// For each line of the first sequence, whether the script deletes it.
    public private(set) var deleted: [Bool]
    /// For each line of the second sequence, whether the script inserts it.
    public private(set) var inserted: [Bool]

    private let a: [Int32]
    private let b: [Int32]
    /// The furthest x reached on each diagonal (x - y), searching forward
    /// and backward; indexed from `diagonalOffset`.
    private var forward: [Int]
    private var backward: [Int]
    private let diagonalOffset: Int
    /// The edits one split may search before it settles for a good split.
    private let tooExpensive: Int

    /// The script turning `a` into `b`. A line with no equal on the other
    /// side is changed in every script: such lines are set aside first
    /// (as diff does), so two unrelated files cost a pass, not a search.
    public init(_ a: [Int32], _ b: [Int32]) {
        var onlyIn = (a: Set(a), b: Set(b))
        (onlyIn.a, onlyIn.b) = (onlyIn.a.subtracting(onlyIn.b), onlyIn.b.subtracting(onlyIn.a))
        let keptA = onlyIn.a.isEmpty ? Array(a.indices) : a.indices.filter { !onlyIn.a.contains(a[$0]) }
        let keptB = onlyIn.b.isEmpty ? Array(b.indices) : b.indices.filter { !onlyIn.b.contains(b[$0]) }
        self.a = keptA.map { a[$0] }
        self.b = keptB.map { b[$0] }
        deleted = [Bool](repeating: false, count: self.a.count)
        inserted = [Bool](repeating: false, count: self.b.count)
        // Diagonals run from -b.count to a.count, with a sentinel beyond each end.
        diagonalOffset = self.b.count + 1
        forward = [Int](repeating: 0, count: self.a.count + self.b.count + 3)
        backward = forward
        tooExpensive = max(4096, Int(Double(self.a.count + self.b.count).squareRoot()))
        compare(0, self.a.count, 0, self.b.count)
        deleted = Self.spread(deleted, over: keptA, count: a.count)
        inserted = Self.spread(inserted, over: keptB, count: b.count)
        Self.slideRuns(&deleted, lines: a, other: inserted)
        Self.slideRuns(&inserted, lines: b, other: deleted)
    }

    /// The flags of the lines compared, at their places among all `count`
    /// lines; a line set aside is changed.
    private static func spread(_ flags: [Bool], over kept: [Int], count: Int) -> [Bool] {
        guard kept.count != count else { return flags }
        var all = [Bool](repeating: true, count: count)
        for (index, place) in kept.enumerated() { all[place] = flags[index] }
        return all
    }

    /// Slides each run of changed lines of one side to where diff shows it:
    /// a run whose first line equals the line after it (or whose last line
    /// equals the line before it) says the same thing one line lower (or
    /// higher). Each run goes as far down as it can, joining the runs it
    /// meets, then back up to the lowest place where it lines up with a
    /// run of changes on the other side, if it met one: one edit, shown
    /// once, beside what replaced it. The script stays as short.
    static func slideRuns(_ changed: inout [Bool], lines: [Int32], other: [Bool]) {
        let count = changed.count
        func isChanged(_ index: Int) -> Bool { index >= 0 && index < count && changed[index] }
        func otherChanged(_ index: Int) -> Bool { index >= 0 && index < other.count && other[index] }
        var i = 0
        // The line of the other side that lines up with line i here.
        var j = 0
        while true {
            while i < count && !changed[i] {
                while otherChanged(j) { j += 1 }
                j += 1
                i += 1
            }
            guard i < count else { return }
            var start = i
            i += 1
            while isChanged(i) { i += 1 }
            while otherChanged(j) { j += 1 }
            var length: Int
            var linedUp: Int
            repeat {
                length = i - start
                // Up, while the line above equals the run's last line (joining runs above).
                while start > 0 && lines[start - 1] == lines[i - 1] {
                    start -= 1
                    changed[start] = true
                    i -= 1
                    changed[i] = false
                    while isChanged(start - 1) { start -= 1 }
                    j -= 1
                    while otherChanged(j) { j -= 1 }
                }
                // Where the run ends as it lines up with a change there (none: `count`).
                linedUp = otherChanged(j - 1) ? i : count
                // Down, while the run's first line equals the line below (joining runs below).
                while i < count && lines[start] == lines[i] {
                    changed[start] = false
                    start += 1
                    changed[i] = true
                    i += 1
                    while isChanged(i) { i += 1 }
                    j += 1
                    while otherChanged(j) {
                        j += 1
                        linedUp = i
                    }
                }
            } while length != i - start
            // Back up to the last place it lined up with a change there.
            while linedUp < i {
                start -= 1
                changed[start] = true
                i -= 1
                changed[i] = false
                j -= 1
                while otherChanged(j) { j -= 1 }
            }
        }
    }

    /// Numbers for the lines of both sides: equal lines, equal numbers.
    public static func numbered(_ first: [ArraySlice<UInt8>], _ second: [ArraySlice<UInt8>]) -> ([Int32], [Int32]) {
        var numbers: [ArraySlice<UInt8>: Int32] = [:]
        func number(_ line: ArraySlice<UInt8>) -> Int32 {
            if let known = numbers[line] { return known }
            let next = Int32(numbers.count)
            numbers[line] = next
            return next
        }
        return (first.map(number), second.map(number))
    }

    /// The script for `a[xoff..<xlim]` against `b[yoff..<ylim]`, a range at
    /// a time from a stack (no recursion however many changes).
    private mutating func compare(_ xoff: Int, _ xlim: Int, _ yoff: Int, _ ylim: Int) {
        var ranges = [(xoff, xlim, yoff, ylim)]
        while let (x0, x1, y0, y1) = ranges.popLast() {
            var xoff = x0
            var xlim = x1
            var yoff = y0
            var ylim = y1
            while xoff < xlim && yoff < ylim && a[xoff] == b[yoff] {
                xoff += 1
                yoff += 1
            }
            while xoff < xlim && yoff < ylim && a[xlim - 1] == b[ylim - 1] {
                xlim -= 1
                ylim -= 1
            }
            if xoff == xlim {
                for y in yoff..<ylim { inserted[y] = true }
            } else if yoff == ylim {
                for x in xoff..<xlim { deleted[x] = true }
            } else {
                let (xmid, ymid) = middleSnake(xoff, xlim, yoff, ylim)
                guard (xmid, ymid) != (xoff, yoff) && (xmid, ymid) != (xlim, ylim) else {
                    // No split inside (it cannot happen on a trimmed range; were it to, the range is replaced whole).
                    for x in xoff..<xlim { deleted[x] = true }
                    for y in yoff..<ylim { inserted[y] = true }
                    continue
                }
                // The lower half last onto the stack: done first (the order does not change the script).
                ranges.append((xmid, xlim, ymid, ylim))
                ranges.append((xoff, xmid, yoff, ymid))
            }
        }
    }

    /// A point on an optimal path through the range where the forward and
    /// backward searches meet. The range is trimmed: its first and last
    /// lines differ, so the point lies strictly inside it.
    private mutating func middleSnake(_ xoff: Int, _ xlim: Int, _ yoff: Int, _ ylim: Int) -> (Int, Int) {
        let lowest = xoff - ylim
        let highest = xlim - yoff
        let forwardStart = xoff - yoff
        let backwardStart = xlim - ylim
        let odd = (forwardStart - backwardStart) & 1 != 0
        let o = diagonalOffset
        forward[forwardStart + o] = xoff
        backward[backwardStart + o] = xlim
        var forwardLow = forwardStart
        var forwardHigh = forwardStart
        var backwardLow = backwardStart
        var backwardHigh = backwardStart
        var edits = 0
        while true {
            edits += 1
            // Past this many edits an optimal split costs too much: the
            // point the forward search took furthest (x + y) splits the
            // range, a correct script if not always the shortest.
            if edits > tooExpensive {
                let best = stride(from: forwardHigh, through: forwardLow, by: -2).max { 2 * forward[$0 + o] - $0 < 2 * forward[$1 + o] - $1 }
                let d = best ?? forwardStart
                let x = min(forward[d + o], xlim)
                return (x, x - d)
            }
            // One more edit forward: the diagonals reached widen by one each way, within the range.
            if forwardLow > lowest {
                forwardLow -= 1
                forward[forwardLow - 1 + o] = -1
            } else {
                forwardLow += 1
            }
            if forwardHigh < highest {
                forwardHigh += 1
                forward[forwardHigh + 1 + o] = -1
            } else {
                forwardHigh -= 1
            }
            for d in stride(from: forwardHigh, through: forwardLow, by: -2) {
                let below = forward[d - 1 + o]
                let above = forward[d + 1 + o]
                // A deletion from the diagonal below, unless an insertion from above reaches further.
                // (Held inside the range: a point past its edge is no point of a path.)
                var x = min(below >= above ? below + 1 : above, xlim, ylim + d)
                var y = x - d
                while x < xlim && y < ylim && a[x] == b[y] {
                    x += 1
                    y += 1
                }
                forward[d + o] = x
                if odd && backwardLow <= d && d <= backwardHigh && backward[d + o] <= x { return (x, y) }
            }
            // One more edit backward.
            if backwardLow > lowest {
                backwardLow -= 1
                backward[backwardLow - 1 + o] = Int.max
            } else {
                backwardLow += 1
            }
            if backwardHigh < highest {
                backwardHigh += 1
                backward[backwardHigh + 1 + o] = Int.max
            } else {
                backwardHigh -= 1
            }
            for d in stride(from: backwardHigh, through: backwardLow, by: -2) {
                let below = backward[d - 1 + o]
                let above = backward[d + 1 + o]
                var x = max(below < above ? below : above - 1, xoff, yoff + d)
                var y = x - d
                while x > xoff && y > yoff && a[x - 1] == b[y - 1] {
                    x -= 1
                    y -= 1
                }
                backward[d + o] = x
                if !odd && forwardLow <= d && d <= forwardHigh && x <= forward[d + o] { return (x, y) }
            }
        }
    }
}
