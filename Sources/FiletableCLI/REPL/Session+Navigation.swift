import Glibc
import FileBrowsing

/// Navigation commands: open, back, up, cd, pwd.
extension Session {
    /// A directory (or a link to one) is pushed as a new level; a file shows its details.
    func open(_ number: Int) throws(CommandError) {
        let row = try checkedRow(number, for: "open")
        let model = current.model
        guard model.isDirectory(row: row, followSymlinks: true) else {
            try info(number)
            return
        }
        try push(model.name(ofRow: row), relativeTo: model.directory, path: current.path(ofRow: row), command: "open")
    }

    func back(all: Bool) throws(CommandError) {
        guard stack.canGoBack else { throw CommandError("back: nothing to go back to (this is the first level)") }
        if all { stack.popToRoot() } else { stack.pop() }
        printPage()
    }

    func up() throws(CommandError) {
        let parent = DisplayPath.normalize(current.path + Array("/..".utf8))
        try push(Array("..".utf8), relativeTo: current.model.directory, path: parent, command: "up")
    }

    /// `cd PATH`: absolute, relative to the current level, `~` or `~/x`; names
    /// may be typed as they are shown (with escapes).
    func changeDirectory(_ text: String) throws(CommandError) {
        var bytes = NameEscaping.unescape(text) ?? Array(text.utf8)
        if bytes == [0x7E] || bytes.starts(with: Array("~/".utf8)) {
            guard let home = settings.home else { throw CommandError("cd: HOME is not set") }
            bytes = home + bytes.dropFirst()
        }
        if bytes.first == 0x2F {
            try push(bytes, relativeTo: nil, path: DisplayPath.normalize(bytes), command: "cd")
        } else {
            try push(bytes, relativeTo: current.model.directory,
                     path: DisplayPath.normalize(PathBytes.join(current.path, bytes)), command: "cd")
        }
    }

    func printBreadcrumb() {
        write(stack.breadcrumb { level in level === self.stack.root ? NameEscaping.escape(level.path) : level.title })
        write(NameEscaping.escape(current.path))
    }

    /// Opens a directory and pushes it, keeping the current sort and visibility
    /// settings (a filter or sections belong to the level they were set on).
    private func push(_ name: [UInt8], relativeTo parent: DirectoryHandle?, path: [UInt8], command: String) throws(CommandError) {
        Interruption.clear()
        do {
            let handle = try DirectoryHandle.open(name, in: parent, displayPath: path, followSymlink: true)
            var options = current.model.options
            options.filter = nil
            options.grouping = .none
            let model = try DirectoryListModel(directory: handle, options: options)
            let level = TableLevel(model: model, path: path, decoration: settings.decoration)
            level.style = current.style
            stack.push(level)
        } catch {
            throw CommandError("\(command): \(error.description)")
        }
        printPage()
    }
}
