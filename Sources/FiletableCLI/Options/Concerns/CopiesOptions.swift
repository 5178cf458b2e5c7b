/// What `--dupes` was asked.
struct CopiesOptions {
    /// `--min-size N` for `--dupes` (nil: 1 byte, or 0 with `--empty`).
    var smallestSize: Int64?
    /// `--empty`: empty files count as copies.
    var includesEmptyFiles = false
}
