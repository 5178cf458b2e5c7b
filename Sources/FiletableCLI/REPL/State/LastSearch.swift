/// The last `find` (a `SubtreeSearch`), which `find` alone or `n` right
/// after a match goes on with. Its one owner: `find` starts and ends it.
final class LastSearch {
    private(set) var search: SubtreeSearch?

    /// `search` is the one `find` and `n` go on with now.
    func start(_ search: SubtreeSearch) { self.search = search }

    /// The search ran out of matches: nothing to go on with.
    func end() { search = nil }
}
