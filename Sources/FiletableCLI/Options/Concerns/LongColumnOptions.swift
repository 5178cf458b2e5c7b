/// Which of `-l`'s columns show, and how.
struct LongColumnOptions {
    /// The long format's owner column (not with `-g`) and group column (not with `-o`, `-G`).
    var showsOwner = true
    var showsGroup = true
    /// `--author`: -l's author column (the owner, as Linux keeps no other).
    var showsAuthor = false
    /// User and group ids as numbers (`-n`).
    var numericIDs = false
    /// An allocated-size column first (`-s`).
    var showsAllocatedSize = false
    /// An inode column (`-i`).
    var showsInode = false
    /// `-Z`: each entry's security context.
    var showsContext = false
    /// `--git`: git's status of each entry, before its name (eza's `--git`).
    var git = false
}
