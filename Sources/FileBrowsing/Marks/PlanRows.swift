/// The deletion plan as rows of a table (`marks` at the prompt): each mark
/// an entry of the directory its path names now, one section per directory.
public enum PlanRows {
    /// The rows of `marks`, in the order given (`MarkStore.all` keeps a
    /// directory's marks together). Each directory is opened once by its
    /// path; one that cannot be opened any more still gets its section,
    /// whose rows then say they cannot be read. Entry `i` is `marks[i]`.
    public static func contents(of marks: [Mark]) -> PathRows.Contents {
        var contents = PathRows.Contents()
        contents.names.reserve(entries: marks.count, bytes: marks.reduce(0) { $0 + $1.nameLength + 1 })
        var parent: [UInt8]?
        var place = 0
        for mark in marks {
            let (directory, name) = mark.parentAndName
            if directory != parent {
                let handle = (try? DirectoryHandle.open(resolving: directory)) ?? .unreachable(path: directory)
                place = contents.addPlace(handle, title: NameEscaping.escape(directory))
                parent = directory
            }
            name.withUnsafeBufferPointer { contents.append($0, kind: mark.snapshot.kind, inode: mark.snapshot.inode, place: place) }
        }
        return contents
    }
}

extension Mark {
    /// The length of the path's last component.
    var nameLength: Int {
        (path.lastIndex(of: 0x2F).map { path.count - $0 - 1 }) ?? path.count
    }
}
