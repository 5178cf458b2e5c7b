import FileBrowsing

/// An open hex or text view: what `more` continues.
enum Viewer {
    /// A hex dump of `name` in `directory`, next screen from `offset`, up to `end`.
    case hex(name: [UInt8], directory: DirectoryHandle, path: [UInt8], offset: UInt64, end: UInt64?)
    /// A text view, next screen from byte `offset`, whose first line is
    /// `line`; long lines wrapped over several rows or cut with `…`.
    case text(name: [UInt8], directory: DirectoryHandle, path: [UInt8], offset: UInt64, line: Int, wraps: Bool)
    /// Lines filetable wrote itself (help), the next screen from `next`.
    case lines([String], next: Int)
}
