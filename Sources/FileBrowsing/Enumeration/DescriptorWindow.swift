import SystemSeam

/// How many directory descriptors a walk keeps open, from the open-file
/// limit (`ulimit -n`): the deepest few levels on each side of the walk
/// (the traversal that opens directories, the walker that uses them) and
/// the listings read ahead between them. Deeper levels let theirs go and
/// open them again on the way back up, so depth is limited by memory only.
enum DescriptorWindow {
    /// The soft limit on open files, read once (the program raises it to
    /// the hard limit at start).
    static let openFileLimit = Syscalls.openFileLimit()

    /// Levels kept open at the deep end of a walk, on each side: 16 where
    /// descriptors are plenty (no reopening in trees of usual depth), fewer
    /// under a small limit.
    static let levels = max(2, min(16, openFileLimit / 16))

    /// Listings read ahead of the walker (each holds its descriptor).
    static let readAheadDirectories = max(2, min(64, openFileLimit / 4))

    /// After a level was pushed on a stack of `count` levels (deepest last,
    /// `level(i)` the i-th's directory): the one `levels` below the new top
    /// leaves the window and lets its claim go.
    static func pushed(count: Int, level: (Int) -> DirectoryHandle) {
        let leaving = count - 1 - levels
        if leaving >= 0 { level(leaving).releaseDescriptorClaim() }
    }

    /// After `popped` left a stack now `count` levels deep: the level that
    /// comes back into the window is claimed again (found as its open
    /// child's `..`), and the popped level's claim is let go.
    static func popped(_ popped: DirectoryHandle, count: Int, level: (Int) -> DirectoryHandle) {
        let entering = count - levels
        if entering >= 0 { level(entering).claimDescriptor(through: entering + 1 < count ? level(entering + 1) : popped) }
        popped.releaseDescriptorClaim()
    }
}
