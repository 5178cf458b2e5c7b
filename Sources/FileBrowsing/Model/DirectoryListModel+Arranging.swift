/// Filtering, sorting and sectioning: from the arena's entries to `rows` and
/// `sections`. Only sorts by size or time (and names the directory did not type)
/// need `stat`; everything else works on names and `d_type`.
extension DirectoryListModel {
    /// Recomputes `rows` and `sections` from the arena and the options.
    func arrange() {
        var candidates: [UInt32] = []
        candidates.reserveCapacity(arena.count)
        let hideDotFiles = options.hidden == .hidden
        let filter = options.filter
        for index in 0..<arena.count {
            let keep = arena.withName(at: index) { name -> Bool in
                if hideDotFiles && name.first == 0x2E { return false }
                return true
            }
            guard keep else { continue }
            if let filter, !arena.withCName(at: index, { filter.matches(cName: $0) }) { continue }
            if !deletedNames.isEmpty, deletedNames.contains(arena.name(at: index)) { continue }
            candidates.append(UInt32(index))
        }
        let sorted = sort(candidates)
        let (ordered, sectionList) = makeSections(sorted)
        rows = ordered
        sections = sectionList
    }

    /// One element to sort: a directories-first group, a number (size, time),
    /// the first eight bytes of the name key, and the entry.
    private struct SortItem {
        var group: UInt8
        var number: Int64
        var prefix: UInt64
        var index: UInt32
    }

    private func sort(_ candidates: [UInt32]) -> [UInt32] {
        let key = options.sortKey
        let needsGroups = options.directoriesFirst
        if key == .none && !needsGroups {
            return options.reversed ? candidates.reversed() : candidates
        }
        // Natural-order keys for every candidate (and extension keys for ext).
        var nameKeys: [UInt8] = [], nameStarts = [UInt32](repeating: 0, count: arena.count + 1)
        var extKeys: [UInt8] = [], extStarts = [UInt32](repeating: 0, count: key == .ext ? arena.count + 1 : 0)
        var items: [SortItem] = []
        items.reserveCapacity(candidates.count)
        if key != .none { nameKeys.reserveCapacity(arena.count * 12) }
        for candidate in candidates {
            let index = Int(candidate)
            var prefix: UInt64 = 0
            if key != .none {
                let start = nameKeys.count
                nameStarts[index] = UInt32(start)
                arena.withName(at: index) { NaturalOrder.appendKey(of: $0, to: &nameKeys) }
                nameStarts[index + 1] = UInt32(nameKeys.count)
                for k in 0..<8 {
                    prefix <<= 8
                    if start + k < nameKeys.count { prefix |= UInt64(nameKeys[start + k]) }
                }
                if key == .ext {
                    extStarts[index] = UInt32(extKeys.count)
                    arena.withName(at: index) { name in
                        if let dot = name.lastIndex(of: 0x2E), dot > 0 {
                            NaturalOrder.appendKey(of: UnsafeBufferPointer(rebasing: name[(dot + 1)...]), to: &extKeys)
                        }
                    }
                    extStarts[index + 1] = UInt32(extKeys.count)
                }
            }
            var number: Int64 = 0
            if key == .size || key == .time, case .success(let status) = status(ofEntry: index) {
                number = key == .size ? -status.size
                    : -(status.modificationTime.seconds &* 1_000_000_000 &+ Int64(status.modificationTime.nanoseconds))
            }
            let group: UInt8 = needsGroups && kind(ofEntry: index) != .directory ? 1 : 0
            items.append(SortItem(group: group, number: number, prefix: prefix, index: candidate))
        }
        if key != .none {
            nameKeys.withUnsafeBufferPointer { keys in
            nameStarts.withUnsafeBufferPointer { starts in
            extKeys.withUnsafeBufferPointer { eKeys in
            extStarts.withUnsafeBufferPointer { eStarts in
            arena.withStorage { names, nameOffsets in
                func slice(_ buffer: UnsafeBufferPointer<UInt8>, _ offsets: UnsafeBufferPointer<UInt32>, _ i: Int, trailingNul: Bool) -> UnsafeBufferPointer<UInt8> {
                    let start = Int(offsets[i]), end = Int(offsets[i + 1]) - (trailingNul ? 1 : 0)
                    return UnsafeBufferPointer(rebasing: buffer[start..<end])
                }
                items.sort { a, b in
                    if a.group != b.group { return a.group < b.group }
                    if a.number != b.number { return a.number < b.number }
                    let i = Int(a.index), j = Int(b.index)
                    if !eStarts.isEmpty {
                        let byExt = NaturalOrder.compareBytes(slice(eKeys, eStarts, i, trailingNul: false), slice(eKeys, eStarts, j, trailingNul: false))
                        if byExt != 0 { return byExt < 0 }
                    }
                    if a.prefix != b.prefix { return a.prefix < b.prefix }
                    let byKey = NaturalOrder.compareBytes(slice(keys, starts, i, trailingNul: false), slice(keys, starts, j, trailingNul: false))
                    if byKey != 0 { return byKey < 0 }
                    let byBytes = NaturalOrder.compareBytes(slice(names, nameOffsets, i, trailingNul: true), slice(names, nameOffsets, j, trailingNul: true))
                    if byBytes != 0 { return byBytes < 0 }
                    return a.index < b.index
                }
            }}}}}
        } else {
            // Directory order, directories first: a stable partition.
            items = items.filter { $0.group == 0 } + items.filter { $0.group != 0 }
        }
        var result = items.map(\.index)
        if options.reversed {
            // Reverse within each group, so directories stay first.
            let firstOther = items.firstIndex { $0.group != 0 } ?? items.count
            result[0..<firstOther].reverse()
            result[firstOther...].reverse()
        }
        return result
    }

    /// Splits sorted rows into sections (a stable partition by section key).
    private func makeSections(_ sorted: [UInt32]) -> ([UInt32], [ListSection]) {
        switch options.grouping {
        case .none:
            return (sorted, [ListSection(title: nil, indexTitle: nil, rows: 0..<sorted.count)])
        case .letter:
            let titles = (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { String(UnicodeScalar($0)) } + ["#"]
            return partition(sorted, titles: titles) { index in
                let first = self.arena.withName(at: index) { $0.first ?? 0 } | 0x20
                return first >= 0x61 && first <= 0x7A ? Int(first - 0x61) : 26
            }
        case .kind:
            return partition(sorted, titles: ["Folders", "Files", "Links", "Other"]) { index in
                switch self.kind(ofEntry: index) {
                case .directory: return 0
                case .file: return 1
                case .symlink: return 2
                default: return 3
                }
            }
        }
    }

    private func partition(_ sorted: [UInt32], titles: [String], bucket: (Int) -> Int) -> ([UInt32], [ListSection]) {
        var buckets = [[UInt32]](repeating: [], count: titles.count)
        for index in sorted { buckets[bucket(Int(index))].append(index) }
        var ordered: [UInt32] = [], sectionList: [ListSection] = []
        ordered.reserveCapacity(sorted.count)
        for (b, members) in buckets.enumerated() where !members.isEmpty {
            sectionList.append(ListSection(title: titles[b], indexTitle: titles[b], rows: ordered.count..<(ordered.count + members.count)))
            ordered.append(contentsOf: members)
        }
        if sectionList.isEmpty { sectionList.append(ListSection(title: nil, indexTitle: nil, rows: 0..<0)) }
        return (ordered, sectionList)
    }
}
