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

/// The directories below one base that another program's paths name, each
/// opened once by `DirectoryHandle.open(below:relative:)` however many of
/// the paths it holds (a tree's ignored files, a comparison's rows).
public final class DirectoriesBelow {
    public let base: DirectoryHandle
    /// Each relative path asked so far: its directory, or nil where it could not be opened.
    private var opened: [[UInt8]: DirectoryHandle?] = [:]

    public init(_ base: DirectoryHandle) { self.base = base }

    /// The directory `relative` names below the base (the base itself for
    /// an empty path); nil when it cannot be opened.
    public func directory(at relative: [UInt8]) -> DirectoryHandle? {
        if relative.isEmpty { return base }
        if let known = opened[relative] { return known }
        let handle = try? DirectoryHandle.open(below: base, relative: relative)
        opened[relative] = handle
        return handle
    }
}
