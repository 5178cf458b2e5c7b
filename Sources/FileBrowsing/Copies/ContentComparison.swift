/// Splits files of one size into classes of identical contents, byte for
/// byte. Large files are first told apart by a block from their start and
/// one from their end, so most are never read whole; what remains is hashed
/// whole to find which files to compare, then compared with the first file
/// of its bucket, block by block (a bucket of two is compared at once). One
/// comparison a worker thread: it owns two read buffers.
final class ContentComparison {
    /// What became of a size's files.
    struct Outcome {
        /// Classes of two or more identical files (candidate indices).
        var classes: [[Int]] = []
        /// Files that changed while they were read (left out).
        var changed: [Int] = []
        var unreadable: [(candidate: Int, errno: Errno)] = []
    }

    /// Files up to this size are read whole at once.
    static let smallFileLimit: Int64 = 64 * 1024
    /// The block read from each end of a larger file first.
    static let endBlock = 16 * 1024
    static let blockSize = 1 << 20

    private let first = UnsafeMutableRawPointer.allocate(byteCount: blockSize, alignment: 64)
    private let second = UnsafeMutableRawPointer.allocate(byteCount: blockSize, alignment: 64)
    /// Bytes read so far (for progress), added to by the caller.
    private(set) var bytesRead: Int64 = 0
    let isCancelled: () -> Bool

    init(isCancelled: @escaping () -> Bool) { self.isCancelled = isCancelled }

    deinit {
        first.deallocate()
        second.deallocate()
    }

    /// Classes of identical contents among `candidates` (all of `size`,
    /// distinct identities), read in the order given.
    func classes(of candidates: [CopyCandidate], size: Int64) -> Outcome {
        var outcome = Outcome()
        var buckets: [[Int]] = [Array(candidates.indices)]
        if size > Self.smallFileLimit {
            buckets = split(
                buckets[0], by: { member throws(FileContents.Failure) in try endsHash(of: candidates[member], size: size) }, into: &outcome)
        }
        for bucket in buckets where bucket.count >= 2 {
            if isCancelled() { break }
            if bucket.count == 2 && size > Self.smallFileLimit {
                confirm(bucket, of: candidates, size: size, into: &outcome)
                continue
            }
            for sameHash in split(
                bucket, by: { member throws(FileContents.Failure) in try wholeHash(of: candidates[member], size: size) }, into: &outcome)
            where sameHash.count >= 2 {
                confirm(sameHash, of: candidates, size: size, into: &outcome)
            }
        }
        return outcome
    }

    /// Groups `members` by a key read from each; those whose read failed go to `outcome`.
    private func split(_ members: [Int], by key: (Int) throws(FileContents.Failure) -> UInt64, into outcome: inout Outcome) -> [[Int]] {
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
            try FileContents(candidate).finish()
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

    /// A hash of the file's first and last blocks.
    private func endsHash(of candidate: CopyCandidate, size: Int64) throws(FileContents.Failure) -> UInt64 {
        let file = try FileContents(candidate)
        var hash = ContentHash()
        do throws(FileContents.Failure) {
            let head = try file.read(into: first, count: Self.endBlock, at: 0)
            let tail = try file.read(into: second, count: Self.endBlock, at: size - Int64(Self.endBlock))
            guard head == Self.endBlock, tail == Self.endBlock else { throw FileContents.Failure.changed }
            hash.add(UnsafeRawBufferPointer(start: first, count: head))
            hash.add(UnsafeRawBufferPointer(start: second, count: tail))
            bytesRead += Int64(head + tail)
        } catch {
            file.close()
            throw error
        }
        try file.finish()
        return hash.value
    }

    /// A hash of the whole file, read in blocks.
    private func wholeHash(of candidate: CopyCandidate, size: Int64) throws(FileContents.Failure) -> UInt64 {
        let file = try FileContents(candidate)
        var hash = ContentHash()
        var offset: Int64 = 0
        do throws(FileContents.Failure) {
            while offset < size {
                let want = Int(min(Int64(Self.blockSize), size - offset))
                let got = try file.read(into: first, count: want, at: offset)
                guard got == want else { throw FileContents.Failure.changed }
                hash.add(UnsafeRawBufferPointer(start: first, count: got))
                offset += Int64(got)
                bytesRead += Int64(got)
                if isCancelled() { break }
            }
        } catch {
            file.close()
            throw error
        }
        try file.finish()
        return hash.value
    }

    /// Whether two files hold the same bytes, compared block by block.
    private func equal(_ a: CopyCandidate, _ b: CopyCandidate, size: Int64) throws(FileContents.Failure) -> Bool {
        let left = try FileContents(a)
        let right: FileContents
        do { right = try FileContents(b) } catch {
            left.close()
            throw error
        }
        var same = true
        var offset: Int64 = 0
        do throws(FileContents.Failure) {
            while offset < size && same {
                let want = Int(min(Int64(Self.blockSize), size - offset))
                let gotLeft = try left.read(into: first, count: want, at: offset)
                let gotRight = try right.read(into: second, count: want, at: offset)
                guard gotLeft == want, gotRight == want else { throw FileContents.Failure.changed }
                same = Syscalls.compareMemory(first, second, want) == 0
                offset += Int64(want)
                bytesRead += Int64(2 * want)
                if isCancelled() { same = false }
            }
        } catch {
            left.close()
            right.close()
            throw error
        }
        // Either file changing while read is reported as the second's; `confirm` asks again which.
        let leftUnchanged = left.isUnchanged()
        left.close()
        try right.finish()
        if !leftUnchanged { throw .changed }
        return same
    }
}
