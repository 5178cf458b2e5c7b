import SystemSeam

/// A file with several hard links is counted once, where the scan's
/// workers first meet it: which worker that is varies from run to run, so
/// (`Options.attributesLinksInWalkOrder`) the file is then moved to the place du's
/// walk meets first (each directory's entries in the order its reading met
/// them, depth first), as du counts it: its size leaves the directories
/// above the place counted and joins those above du's, and with `-a` its
/// line moves with it. The totals of the directories the two places share
/// do not change.
extension SpaceScan {
    /// One place a file with several links was met, and whether the scan counted it there.
    struct LinkOccurrence {
        let identity: FileIdentity
        let name: [UInt8]
        let kind: FileKind
        let position: Int32
        let sizes: SpaceTotals
        let counted: Bool
        /// The scan's number of the directory it lies in (set under the lock).
        var directory = -1
    }

    /// A counted file moved to du's place: the entry no longer listed, and the one listed instead.
    public struct LinkMove: Sendable {
        let removedDirectory: Int
        let removedName: [UInt8]
        let added: Entry
    }
}

extension SpaceScan.State {
    /// Places noted at most: about 100 bytes each, so a tree of millions of
    /// links (a backup's snapshots) holds at most 50 MB of them; past that
    /// the scan's own counting stands (the totals are still right, though
    /// which directory carries a shared file may then differ from du's).
    static let mostLinkOccurrences = 500_000

    /// Notes the places of `occurrences` (met reading directory `index`).
    mutating func note(_ occurrences: [SpaceScan.LinkOccurrence], in index: Int) {
        guard !occurrences.isEmpty, !linkOccurrencesDropped else { return }
        guard linkOccurrences.count + occurrences.count <= Self.mostLinkOccurrences else {
            linkOccurrencesDropped = true
            linkOccurrences = []
            return
        }
        for var occurrence in occurrences {
            occurrence.directory = index
            linkOccurrences.append(occurrence)
        }
    }

    /// Moves each file counted at another place than du's first one (see
    /// above), adjusting the directories' totals, and says what moved.
    mutating func attributeLinksInWalkOrder() -> [SpaceScan.LinkMove] {
        var groups: [FileIdentity: [SpaceScan.LinkOccurrence]] = [:]
        for occurrence in linkOccurrences { groups[occurrence.identity, default: []].append(occurrence) }
        var moves: [SpaceScan.LinkMove] = []
        for (_, places) in groups where places.count > 1 {
            guard let counted = places.first(where: \.counted) else { continue }
            let keys = places.map { walkKey(of: $0) }
            let first = places.indices.min { keys[$0].lexicographicallyPrecedes(keys[$1]) }!
            let chosen = places[first]
            guard chosen.directory != counted.directory || chosen.name != counted.name else { continue }
            move(counted.sizes, from: counted.directory, to: chosen.directory)
            let added = SpaceScan.Entry(
                node: PathNode(parent: nodes[chosen.directory].path, component: chosen.name), directory: chosen.directory, scanNode: -1,
                kind: chosen.kind, totals: chosen.sizes, position: chosen.position)
            moves.append(SpaceScan.LinkMove(removedDirectory: counted.directory, removedName: counted.name, added: added))
        }
        return moves
    }

    /// Where du's walk meets a place: its directories' positions from the root down, then its own.
    private func walkKey(of occurrence: SpaceScan.LinkOccurrence) -> [Int32] {
        var key = [occurrence.position]
        var node = occurrence.directory
        while node > 0 {
            key.append(nodes[node].position)
            node = nodes[node].parent
        }
        return key.reversed()
    }

    /// `sizes` out of `from` and the directories above it, into `to` and those above it.
    private mutating func move(_ sizes: SpaceTotals, from: Int, to: Int) {
        var negated = SpaceTotals(apparentBytes: -sizes.apparentBytes, diskBytes: -sizes.diskBytes, files: -sizes.files)
        negated.latestTime = nil
        var added = sizes
        added.latestTime = nil
        nodes[from].own += negated
        nodes[to].own += added
        var node = from
        while node >= 0 {
            nodes[node].total += negated
            node = nodes[node].parent
        }
        node = to
        while node >= 0 {
            nodes[node].total += added
            node = nodes[node].parent
        }
    }
}
