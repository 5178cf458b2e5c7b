/// One section of an arranged listing: a run of rows with its titles.
public struct ListSection: Sendable, Equatable {
    /// The header title (`A`, `Folders`); nil when the listing has no sections.
    public var title: String?
    /// The index title that jumps here (`A`, `#`, `Folders`).
    public var indexTitle: String?
    /// The section's rows, as flat row numbers.
    public var rows: Range<Int>
}
