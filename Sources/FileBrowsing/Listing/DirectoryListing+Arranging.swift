import SystemSeam

/// Filtering, sorting and sectioning: from the arena's entries to `rows` and
/// `sections`. Only sorts by size or time (and names the directory did not type)
/// need `stat`; everything else works on names and `d_type`.
extension DirectoryListing {
    /// Recomputes `rows` and `sections` from the arena and the options.
    func arrange() {
        let arena = self.arena
        let nothingShown = exclusion.excludesAll
        let everyNameShown =
            options.hidden != .hidden && options.filter == nil && exclusion.leavesOutNoName && leftOutPatterns.isEmpty && options.gitIgnored == nil
            && options.gitKind == nil
        var sorted: [UInt32]
        if options.sortKey == .name, let naturalOrder = arena.naturalOrder {
            // The enumerator sorted the names while reading them: keep that
            // order. What is shown is decided in arena order, reading the
            // names in turn rather than jumping around them.
            var shown: [UInt32] = []
            if everyNameShown {
                shown = nothingShown ? [] : naturalOrder
            } else if !nothingShown {
                shown = Self.select(naturalOrder, where: shownEntries())
            }
            sorted = groupedAndReversed(shown)
        } else {
            var candidates: [UInt32] = []
            if !nothingShown {
                candidates.reserveCapacity(arena.count)
                if everyNameShown {
                    candidates.append(contentsOf: 0..<UInt32(arena.count))
                } else {
                    for (index, shown) in shownEntries().enumerated() where shown { candidates.append(UInt32(index)) }
                }
            }
            sorted = sort(candidates)
        }
        if let git = options.gitChangesFirst { sorted = changesFirst(sorted, status: git.status(in: directory.path)) }
        let (ordered, sectionList) = makeSections(sorted)
        rows = ordered
        sections = sectionList
        forgetDisplayNames()
    }

    /// `sort git`: the entries git says changed first (conflicted, then
    /// changed, then new), then the unchanged, then the ignored; the order
    /// kept within each.
    private func changesFirst(_ order: [UInt32], status: GitDirectoryStatus?) -> [UInt32] {
        guard let status else { return order }
        let rank = { (flags: GitFlags) -> Int in
            if flags.contains(.conflicted) { return 0 }
            if flags.contains(.ignored) { return 4 }
            if flags.isEmpty { return 3 }
            return flags.isDisjoint(with: [.indexNew, .workTreeNew]) ? 1 : 2
        }
        let ranks = order.map { entry in arena.withName(at: Int(entry)) { rank(status.flags(ofName: Array($0))) } }
        return order.indices.sorted { ranks[$0] != ranks[$1] ? ranks[$0] < ranks[$1] : $0 < $1 }.map { order[$0] }
    }

    /// The entries of `order` whose flag is set, in that order: the flags
    /// are read at random, so a long order goes in two halves on two threads.
    static func select(_ order: [UInt32], where flags: [Bool], parallelThreshold: Int = 1 << 16) -> [UInt32] {
        @Sendable func select(_ part: UnsafeBufferPointer<UInt32>, _ flags: UnsafeBufferPointer<Bool>) -> [UInt32] {
            var chosen: [UInt32] = []
            chosen.reserveCapacity(part.count)
            for index in part where flags[Int(index)] { chosen.append(index) }
            return chosen
        }
        return order.withUnsafeBufferPointer { order in
            flags.withUnsafeBufferPointer { flags in
                guard order.count >= max(2, parallelThreshold) else { return select(order, flags) }
                let half = order.count / 2
                var first: [UInt32] = []
                // Both threads only read the order and the flags.
                let shared = SharedMemory((UnsafeBufferPointer(rebasing: order[half...]), flags))
                let second = TwoThreads.run(
                    { first = select(UnsafeBufferPointer(rebasing: order[..<half]), flags) },
                    alongside: { select(shared.pointer.0, shared.pointer.1) })
                first.append(contentsOf: second)
                return first
            }
        }
    }

    /// The patterns of names left out now: `-I` always, `--hide` unless hidden entries are shown.
    private var leftOutPatterns: [GlobPattern] {
        options.ignored + (options.hidden == .hidden ? options.hiddenPatterns : [])
    }

    /// Which entries the hidden setting, the filter and the exclusion let
    /// through, by entry number: each test a pass over every entry (a
    /// substring filter one vectorised pass over the names), so filtering a
    /// million names as one types costs a few milliseconds.
    private func shownEntries() -> [Bool] {
        let arena = self.arena
        var flags: [Bool]
        switch options.filter?.rule {
        case nil:
            flags = [Bool](repeating: true, count: arena.count)
        case .substring(let search):
            flags = arena.entriesHolding(search)
        case .glob(let glob):
            flags = (0..<arena.count).map { index in arena.withCName(at: index) { glob.matches(cName: $0) } }
        }
        if options.filter != nil && options.filterSparesDirectories {
            for index in flags.indices where !flags[index] && kind(ofEntry: index) == .directory { flags[index] = true }
        }
        if options.hidden == .hidden { arena.clearDotNames(in: &flags) }
        for pattern in leftOutPatterns {
            for index in flags.indices where flags[index] && arena.withCName(at: index, { pattern.matches(cName: $0) }) { flags[index] = false }
        }
        if let gitIgnored = options.gitIgnored {
            let leftOut = gitIgnored.leftOut(in: directory.path)
            for index in flags.indices where flags[index] && (leftOut.all || arena.withName(at: index, { leftOut.names.contains(Array($0)) })) {
                flags[index] = false
            }
        }
        if let kind = options.gitKind {
            let status = kind.names.status(in: directory.path)
            for index in flags.indices where flags[index] {
                let entry = arena.withName(at: index) { name in status?.flags(ofName: Array(name)) ?? [] }
                if !kind.keeps(entry) { flags[index] = false }
            }
        }
        if !exclusion.leavesOutNoName {
            let exclusion = self.exclusion
            for index in flags.indices where flags[index] && arena.withName(at: index, { exclusion.leavesOut($0) }) {
                flags[index] = false
            }
        }
        return flags
    }

    /// Rows already in name order, with directories first when asked (a
    /// stable partition) and reversed within each group when asked: what
    /// `sort` gives for the name key.
    private func groupedAndReversed(_ byName: [UInt32]) -> [UInt32] {
        var result = byName
        var firstOther = result.count
        if options.directoriesFirst || options.filesFirst {
            // The first group: directories, or with --filesfirst the rest.
            let first = byName.map { groupsAsDirectory(entry: Int($0)) != options.filesFirst }
            let leading = byName.indices.filter { first[$0] }.map { byName[$0] }
            firstOther = leading.count
            if firstOther != 0 && firstOther != byName.count {
                result = leading + byName.indices.filter { !first[$0] }.map { byName[$0] }
            }
        }
        reverseWithinGroups(&result, firstOther: firstOther)
        return result
    }

    /// Whether `--group-directories-first` puts an entry with the
    /// directories: a directory, or a link to one (as ls counts it).
    private func groupsAsDirectory(entry index: Int) -> Bool {
        switch kind(ofEntry: index) {
        case .directory: return true
        case .symlink:
            let target = arena.withCName(at: index) { Syscalls.status(at: directory.fd, name: $0, followSymlink: true) }
            if case .success(let status) = target { return FileKind(mode: status.st_mode) == .directory }
            return false
        default: return false
        }
    }

    /// With `-r`, reverses directories (before `firstOther`) and the rest
    /// each on their own, so directories stay first.
    private func reverseWithinGroups(_ rows: inout [UInt32], firstOther: Int) {
        guard options.reversed else { return }
        rows[0..<firstOther].reverse()
        rows[firstOther...].reverse()
    }

    /// Each candidate's sort item (its name's key prefix and its group:
    /// directories first or not) and, for the size, time, space and
    /// extension sorts, the number it is compared by first (by entry).
    private func sortItems(_ candidates: [UInt32], key: SortKey, grouped needsGroups: Bool) -> (items: [SortItem], numbers: [Int64]) {
        let arena = self.arena
        // Size, time and extension sorts compare a number first, by entry.
        var numbers: [Int64] = []
        if key == .size || key == .time || key == .ext || key == .space || key == .width {
            numbers = [Int64](repeating: 0, count: arena.count)
        }
        var items: [SortItem] = []
        items.reserveCapacity(candidates.count)
        for candidate in candidates {
            let index = Int(candidate)
            var high: UInt64 = 0
            var low: UInt64 = 0
            if key != .none {
                (high, low) = arena.withName(at: index) { NaturalOrder.keyPrefix(of: $0) }
            }
            switch key {
            case .size, .time, .space:
                switch status(ofEntry: index) {
                case .success(let status):
                    switch key {
                    case .size: numbers[index] = -status.size
                    case .space: numbers[index] = -(spaceFigure?(status.identity) ?? (spaceCountsApparentSize ? status.size : status.blocks * 512))
                    default:
                        let time = status.time(options.timeField)
                        numbers[index] = options.oldestFirstBySecond ? time.seconds : ~Self.timeKey(time)
                    }
                case .failure(let errno):
                    sortStatusFailures.append((arena.withName(at: index) { directory.childPath($0) }, errno))
                }
            case .ext:
                // The extension key's first eight bytes, as a signed number that sorts like them.
                let prefix = Self.withExtension(of: index, in: arena) { NaturalOrder.keyPrefix(of: $0).high }
                numbers[index] = Int64(bitPattern: prefix ^ (1 << 63))
            case .width:
                numbers[index] = Int64(arena.withName(at: index) { NameEscaping.displayWidth(of: $0) })
            case .name, .none, .bytes, .version:
                break
            }
            // Group 0 goes first: directories, or with --filesfirst the rest.
            let group: UInt8 = needsGroups && groupsAsDirectory(entry: index) == options.filesFirst ? 1 : 0
            items.append(SortItem(high: high, low: low, index: candidate, group: group))
        }
        return (items, numbers)
    }

    private func sort(_ candidates: [UInt32]) -> [UInt32] {
        let key = options.sortKey
        sortStatusFailures = []
        let needsGroups = options.directoriesFirst || options.filesFirst
        if key == .none && !needsGroups {
            return options.reversed ? candidates.reversed() : candidates
        }
        let arena = self.arena
        var (items, numbers) = sortItems(candidates, key: key, grouped: needsGroups)
        if options.namesByCollation && UserCollation.isActive && key != .none && key != .version {
            items = sortedAsLs(items, numbers: numbers, key: key)
        } else if key == .bytes || key == .version {
            items.sort { a, b in
                if a.group != b.group { return a.group < b.group }
                return arena.withName(at: Int(a.index)) { x in
                    arena.withName(at: Int(b.index)) { y in key == .bytes ? x.lexicographicallyPrecedes(y) : VersionOrder.precedes(x, y) }
                }
            }
        } else if options.namesInByteOrder && key != .none && key != .name {
            items = sortedAsLs(items, numbers: numbers, key: key)
        } else if key != .none {
            var comparator = NameComparator()
            func byName(_ a: SortItem, _ b: SortItem) -> Bool { comparator.precedes(a, b, in: arena) }
            if numbers.isEmpty {
                // Name order: a radix sort on the key prefix settles nearly everything.
                PrefixRadixSort.sort(
                    &items, by: { a, b in a.group != b.group ? a.group < b.group : byName(a, b) },
                    sortTied: { NameComparator.sortTied($0, in: arena) })
            } else {
                var extensionA: [UInt8] = []
                var extensionB: [UInt8] = []
                numbers.withUnsafeBufferPointer { numbers in
                    items.sort { a, b in
                        if a.group != b.group { return a.group < b.group }
                        let x = numbers[Int(a.index)]
                        let y = numbers[Int(b.index)]
                        if x != y { return x < y }
                        if key == .ext {
                            // Same first eight bytes: compare the whole extension keys.
                            extensionA.removeAll(keepingCapacity: true)
                            extensionB.removeAll(keepingCapacity: true)
                            Self.withExtension(of: Int(a.index), in: arena) { NaturalOrder.appendKey(of: $0, to: &extensionA) }
                            Self.withExtension(of: Int(b.index), in: arena) { NaturalOrder.appendKey(of: $0, to: &extensionB) }
                            if extensionA != extensionB { return extensionA.lexicographicallyPrecedes(extensionB) }
                        }
                        return byName(a, b)
                    }
                }
            }
        } else {
            // Directory order, directories first: a stable partition.
            items = items.filter { $0.group == 0 } + items.filter { $0.group != 0 }
        }
        var result = items.map(\.index)
        reverseWithinGroups(&result, firstOther: items.firstIndex { $0.group != 0 } ?? items.count)
        return result
    }

    /// ls's and tree's order (`ListOptions.namesInByteOrder`,
    /// `namesByCollation`): the size, time or width first, then the
    /// extension, then the name; names and extensions compared byte by byte,
    /// or in a collating locale in its order (`strcoll`'s, by `UserCollation`
    /// keys, each name's made once).
    private func sortedAsLs(_ items: [SortItem], numbers: [Int64], key: SortKey) -> [SortItem] {
        let arena = self.arena
        guard options.namesByCollation && UserCollation.isActive else {
            return ordered(
                items, numbers: numbers, key: key,
                names: { a, b in
                    arena.withName(at: Int(items[a].index)) { x in arena.withName(at: Int(items[b].index)) { y in NaturalOrder.compareBytes(x, y) } }
                },
                extensions: { a, b in
                    Self.withExtension(of: Int(items[a].index), in: arena, asLs: true) { x in
                        Self.withExtension(of: Int(items[b].index), in: arena, asLs: true) { y in NaturalOrder.compareBytes(x, y) }
                    }
                })
        }
        var names = UserCollation.Keys(capacity: items.count)
        var extensions = UserCollation.Keys(capacity: key == .ext ? items.count : 0)
        for item in items {
            arena.withName(at: Int(item.index)) { names.append($0) }
            if key == .ext { Self.withExtension(of: Int(item.index), in: arena, asLs: true) { extensions.append($0) } }
        }
        return names.withView { names in
            extensions.withView { extensions in
                ordered(items, numbers: numbers, key: key, names: names.compare, extensions: extensions.compare)
            }
        }
    }

    /// `items` in ls's order, `names` and `extensions` comparing two of them
    /// by their places in `items` (below 0, 0 or above 0).
    private func ordered(
        _ items: [SortItem], numbers: [Int64], key: SortKey, names: (Int, Int) -> Int, extensions: (Int, Int) -> Int
    ) -> [SortItem] {
        let byNumber = key != .ext && !numbers.isEmpty
        let reversed = options.reversed
        let order = items.indices.sorted { a, b in
            let x = items[a]
            let y = items[b]
            if x.group != y.group { return x.group < y.group }
            if byNumber, numbers[Int(x.index)] != numbers[Int(y.index)] { return numbers[Int(x.index)] < numbers[Int(y.index)] }
            if key == .ext {
                let byExtension = extensions(a, b)
                if byExtension != 0 { return byExtension < 0 }
            }
            let byName = names(a, b)
            if byName != 0 { return byName < 0 }
            // Names that compare equal (the locale's, for invalid UTF-8 bytes; an operand
            // named twice) stay in directory order, reversed or not, as ls's and tree's stable sorts keep them.
            return reversed ? x.index > y.index : x.index < y.index
        }
        return order.map { items[$0] }
    }

    /// A time as one number that sorts like it, without overflow: seconds
    /// clamped to 34 bits (the years 1425 to 2514) above 30 bits of
    /// nanoseconds. Negated with `~`, which reverses the order and cannot trap.
    static func timeKey(_ time: Timestamp) -> Int64 {
        let limit: Int64 = 1 << 33
        let seconds = min(max(time.seconds, -limit), limit - 1)
        let nanoseconds = Int64(min(max(time.nanoseconds, 0), (1 << 30) - 1))
        return seconds << 30 | nanoseconds
    }

    /// Calls `body` with the bytes after a name's last dot (none for a name
    /// without one, or whose only dot leads it); `asLs`, as ls's `-X` takes
    /// it, from the last dot on, the dot included, a leading one too (`.x`
    /// is its own extension, `a.` has `.`).
    private static func withExtension<R>(
        of index: Int, in arena: NameArena, asLs: Bool = false, _ body: (UnsafeBufferPointer<UInt8>) -> R
    ) -> R {
        arena.withName(at: index) { name in
            guard let dot = name.lastIndex(of: 0x2E), asLs || dot > 0 else { return body(UnsafeBufferPointer(rebasing: name[0..<0])) }
            return body(UnsafeBufferPointer(rebasing: name[(asLs ? dot : dot + 1)...]))
        }
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
        var ordered: [UInt32] = []
        var sectionList: [ListSection] = []
        ordered.reserveCapacity(sorted.count)
        for (b, members) in buckets.enumerated() where !members.isEmpty {
            sectionList.append(ListSection(title: titles[b], indexTitle: titles[b], rows: ordered.count..<(ordered.count + members.count)))
            ordered.append(contentsOf: members)
        }
        if sectionList.isEmpty { sectionList.append(ListSection(title: nil, indexTitle: nil, rows: 0..<0)) }
        return (ordered, sectionList)
    }
}
