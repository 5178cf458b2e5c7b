import SystemSeam

extension DirectoryHandle {
    /// Opens the directory `relative` names below `base`, a component at a
    /// time through `openat`, never through a link and never above `base`
    /// (a `.` or `..` component is refused): the rule for a path another
    /// program names below a tree (git's paths), so that what it names, and
    /// what the plan then marks, is inside that tree even if a directory on
    /// the way was swapped for a link since the program looked.
    public static func open(below base: DirectoryHandle, relative: [UInt8]) throws(FileError) -> DirectoryHandle {
        var handle = base
        for component in relative.split(separator: 0x2F) {
            guard !component.elementsEqual([0x2E]), !component.elementsEqual([0x2E, 0x2E]) else {
                throw FileError(path: PathBytes.join(base.path, relative), reason: .custom("names a place above its tree"))
            }
            handle = try open(child: Array(component), of: handle, followSymlink: false)
        }
        return handle
    }
}
