import SystemSeam

/// Splits files of one size into classes of identical contents, byte for
/// byte. Each file's first 4 KiB come first (most files differ there and are
/// never read further, as jdupes does), read here or beforehand (`HeadHashes`,
/// as the search does); files that agree there are compared again byte for
/// byte. Longer files that agree there
/// are told apart by their last block (over 64 KiB), then compared with the
/// first file of their bucket block by block; a bucket of more than two is
/// hashed whole first, so each file is compared with the one it may equal.
/// One comparison a worker thread: it owns its read buffers.
final class ContentComparison {
    /// What became of a size's files.
    struct Outcome {
        /// Classes of two or more identical files (candidate indices).
        var classes: [[Int]] = []
        /// Files that changed while they were read (left out).
        var changed: [Int] = []
        var unreadable: [(candidate: Int, errno: Errno)] = []
    }

    /// The first block read of every file.
    static let headBlock = 4096
    /// Files over this size are told apart by their last block too.
    static let tailCheckAbove: Int64 = 64 * 1024
    static let tailBlock = 16 * 1024
    static let blockSize = 1 << 20

    private let first = UnsafeMutableRawPointer.allocate(byteCount: blockSize, alignment: 64)
    private let second = UnsafeMutableRawPointer.allocate(byteCount: blockSize, alignment: 64)
    /// Bytes read so far (for progress).
    private(set) var bytesRead: Int64 = 0
    let isCancelled: () -> Bool
    /// Opens a candidate's file by its record (without following a symlink):
    /// a descriptor the comparison then owns, or why not.
    private let opener: (Int) -> Result<Int32, Errno>

    init(open: @escaping (Int) -> Result<Int32, Errno>, isCancelled: @escaping () -> Bool) {
        opener = open
        self.isCancelled = isCancelled
    }

    private func open(_ candidate: CopyCandidate) throws(FileContents.Failure) -> FileContents {
        try FileContents(candidate, opened: opener(candidate.record))
    }

    deinit {
        first.deallocate()
        second.deallocate()
    }

    /// Classes of identical contents among `candidates` (all of `size`,
    /// distinct identities), read in the order given; `heads`, when given,
    /// are the candidates' head hashes already read (`HeadHashes`), which
    /// take the place of the first reads.
    func classes(of candidates: [CopyCandidate], size: Int64, heads headHashes: [UInt32]? = nil) -> Outcome {
        var outcome = Outcome()
        // Empty files hold the same (no) bytes: nothing to read.
        if size == 0 {
            if candidates.count >= 2 { outcome.classes = [Array(candidates.indices)] }
            return outcome
        }
        let headLength = Int(min(size, Int64(Self.headBlock)))
        let wholeInHead = size <= Int64(Self.headBlock)
        var buckets = split(Array(candidates.indices), into: &outcome) { member throws(FileContents.Failure) in
            if let headHashes { return UInt64(headHashes[member]) }
            return try hash(of: candidates[member], ranges: [(0, headLength)])
        }
        if size > Self.tailCheckAbove {
            buckets = buckets.filter { $0.count >= 2 }.flatMap { bucket in
                split(bucket, into: &outcome) { member throws(FileContents.Failure) in
                    try hash(of: candidates[member], ranges: [(size - Int64(Self.tailBlock), Self.tailBlock)])
                }
            }
        }
        for bucket in buckets where bucket.count >= 2 {
            if isCancelled() { break }
            // Two files, or files the head hash already covered whole: compared at once.
            guard bucket.count > 2 && !wholeInHead else {
                confirm(bucket, of: candidates, size: size, into: &outcome)
                continue
            }
            let byWhole = split(bucket, into: &outcome) { member throws(FileContents.Failure) in
                try hash(of: candidates[member], ranges: Self.blocks(of: size))
            }
            for sameHash in byWhole where sameHash.count >= 2 { confirm(sameHash, of: candidates, size: size, into: &outcome) }
        }
        return outcome
    }

    /// The whole file as block-sized ranges.
    private static func blocks(of size: Int64) -> [(Int64, Int)] {
        stride(from: Int64(0), to: size, by: blockSize).map { ($0, Int(min(Int64(blockSize), size - $0))) }
    }

    /// Groups `members` by a key read from each; those whose read failed go to `outcome`.
    private func split(_ members: [Int], into outcome: inout Outcome, by key: (Int) throws(FileContents.Failure) -> UInt64) -> [[Int]] {
        var byKey: [UInt64: [Int]] = [:]
        var order: [UInt64] = []
        for member in members {
            if isCancelled() { break }
            do {
                let value = try key(member)
                if byKey[value] == nil { order.append(value) }
                byKey[value, default: []].append(member)
            } catch {
                record(error, for: member, in: &outcome)
            }
        }
        return order.map { byKey[$0]! }
    }

    /// Compares each member with the first of its class, byte for byte;
    /// a member equal to none starts a class of its own. When a comparison
    /// fails, each of the two files is checked on its own: one that changed
    /// or cannot be read leaves (the members already found equal to a first
    /// that left stay together, with the next as their first).
    private func confirm(_ members: [Int], of candidates: [CopyCandidate], size: Int64, into outcome: inout Outcome) {
        var classes: [[Int]] = []
        for member in members {
            if isCancelled() { return }
            var index = 0
            var placed = false
            while index < classes.count {
                let representative = classes[index][0]
                do {
                    if try equal(candidates[representative], candidates[member], size: size) {
                        classes[index].append(member)
                        placed = true
                        break
                    }
                    index += 1
                } catch {
                    if let failure = check(candidates[member]) {
                        record(failure, for: member, in: &outcome)
                        placed = true
                        break
                    }
                    record(check(candidates[representative]) ?? error, for: representative, in: &outcome)
                    classes[index].removeFirst()
                    if classes[index].isEmpty { classes.remove(at: index) }
                }
            }
            if !placed { classes.append([member]) }
        }
        outcome.classes += classes.filter { $0.count >= 2 }
    }

    /// Why a file cannot be compared now, or nil if it can.
    private func check(_ candidate: CopyCandidate) -> FileContents.Failure? {
        do {
            try open(candidate).finish()
            return nil
        } catch {
            return error
        }
    }

    private func record(_ failure: FileContents.Failure, for member: Int, in outcome: inout Outcome) {
        switch failure {
        case .changed: outcome.changed.append(member)
        case .unreadable(let errno): outcome.unreadable.append((member, errno))
        }
    }

    /// A hash of the file's bytes in `ranges` (offset, length), each read
    /// whole, the file checked after the reads (`FileContents.finish`).
    private func hash(of candidate: CopyCandidate, ranges: [(offset: Int64, length: Int)]) throws(FileContents.Failure) -> UInt64 {
        let file = try open(candidate)
        let hash: (value: UInt64, bytes: Int)
        do { hash = try file.hash(ranges, buffer: first, isCancelled: isCancelled) } catch {
            file.close()
            throw error
        }
        bytesRead += Int64(hash.bytes)
        try file.finish()
        return hash.value
    }

    /// Whether two files hold the same bytes, compared block by block (the
    /// first blocks small: two files that differ early cost little).
    private func equal(_ a: CopyCandidate, _ b: CopyCandidate, size: Int64) throws(FileContents.Failure) -> Bool {
        let left = try open(a)
        let right: FileContents
        do { right = try open(b) } catch {
            left.close()
            throw error
        }
        var same = true
        var offset: Int64 = 0
        var block = 64 * 1024
        do throws(FileContents.Failure) {
            while offset < size && same {
                let want = Int(min(Int64(block), size - offset))
                let gotLeft = try left.read(into: first, count: want, at: offset)
                let gotRight = try right.read(into: second, count: want, at: offset)
                guard gotLeft == want, gotRight == want else { throw FileContents.Failure.changed }
                same = Syscalls.compareMemory(first, second, want) == 0
                offset += Int64(want)
                bytesRead += Int64(2 * want)
                block = min(Self.blockSize, block * 4)
                if isCancelled() { same = false }
            }
        } catch {
            left.close()
            right.close()
            throw error
        }
        // Either file changing is reported as a failure; `confirm` asks again which.
        let leftUnchanged = left.isUnchanged()
        left.close()
        try right.finish()
        if !leftUnchanged { throw .changed }
        return same
    }
}
