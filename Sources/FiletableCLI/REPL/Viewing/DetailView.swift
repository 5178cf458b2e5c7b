import FileBrowsing

/// The detail view of one row (`info N`, and `open N` on a file): TableDemo's
/// "File Selected", grown into what `stat` and `file` would tell.
struct DetailView {
    let model: any FileRows
    let row: Int
    /// The row's absolute path, as the level names it.
    let path: [UInt8]
    /// git's status of the row in words, when the git column shows.
    var git: String?

    /// One labelled fact (`size`, `12 bytes`): the prompt prints them in
    /// aligned lines, the screen's detail pane picks the ones it has room for.
    struct Fact: Equatable {
        let label: String
        /// Already escaped where it holds a name.
        let value: String
    }

    /// The row's facts as `info` prints them, label and value aligned.
    func text() -> String {
        let facts = self.facts()
        return Self.lines(facts, labelWidth: facts.map(\.label.count).max() ?? 0).joined(separator: "\n") + "\n"
    }

    /// `facts` a line each, their values starting after `labelWidth` columns of label.
    static func lines(_ facts: [Fact], labelWidth: Int) -> [String] {
        facts.map { "\($0.label):" + String(repeating: " ", count: max(1, labelWidth - $0.label.count + 1)) + $0.value }
    }

    /// The row's facts, in `info`'s order.
    func facts() -> [Fact] {
        let location = model.location(ofRow: row)
        var lines: [(String, String)] = [("path", NameEscaping.escape(path))]
        switch model.status(ofRow: row) {
        case .failure(let errno):
            lines.append(("error", errno.description))
            // What the source still knows of it (a removed entry's figures from a saved scan).
            lines += model.sourceFacts(ofRow: row).map { ($0.label, $0.value) }
        case .success(let status):
            let accounts = AccountNames()
            lines.append(("type", status.kind.jsonName))
            lines.append(("size", "\(status.size) bytes" + (status.size >= 1024 ? " (\(HumanSize.format(status.size)))" : "")))
            lines.append(("permissions", "\(status.permissions.lsString(kind: status.kind)) (\(status.permissions.octal))"))
            lines.append(("owner", "\(accounts.userName(status.userID)) (\(status.userID))"))
            lines.append(("group", "\(accounts.groupName(status.groupID)) (\(status.groupID))"))
            if location != nil {
                lines.append(("inode", String(status.inode)))
                lines.append(("device", String(status.device)))
                lines.append(("links", String(status.linkCount)))
                lines.append(("accessed", TimeFormat.full(status.accessTime)))
                lines.append(("modified", TimeFormat.full(status.modificationTime)))
                lines.append(("changed", TimeFormat.full(status.changeTime)))
                lines += model.sourceFacts(ofRow: row).map { ($0.label, $0.value) }
            } else {
                // Not a file on disk (a member of an archive): the facts its source keeps.
                lines.append(("modified", TimeFormat.full(status.modificationTime)))
                lines += model.sourceFacts(ofRow: row).map { ($0.label, $0.value) }
            }
            if let birth = model.birthTime(ofRow: row) { lines.append(("born", TimeFormat.full(birth))) }
            if let git { lines.append(("git", git)) }
            switch status.kind {
            case .symlink:
                let target = model.linkTarget(ofRow: row).map { NameEscaping.escape($0) }
                // Why the target cannot be reached, in the words a user acts on: a loop is not a missing file.
                let problem: String
                switch model.targetStatus(ofRow: row) {
                case .success: problem = ""
                case .failure(let errno) where errno == .noSuchFileOrDirectory: problem = " (dangling)"
                case .failure(let errno) where errno == .tooManySymbolicLinks: problem = " (a loop: too many levels of symbolic links)"
                case .failure(let errno): problem = " (cannot be followed: \(errno.description))"
                }
                lines.append(("target", ((try? target.get()) ?? "?") + problem))
            case .directory:
                // A directory not on disk counts its entries among its source's facts.
                guard let location else { break }
                if let handle = try? DirectoryHandle.open(location.name, in: location.directory), let entries = try? DirectoryEnumerator.list(handle)
                {
                    lines.append(("entries", String(entries.count)))
                } else {
                    lines.append(("entries", "unreadable"))
                }
            case .file:
                // The row's bytes as its source reads them.
                let kind: Result<ContentKind, FileError>
                var unreadable: String?
                do {
                    let source = try model.contents(ofRow: row, path: path)
                    kind = ContentKind.of(source)
                    unreadable = UnreadableFormat.name(of: source)
                } catch {
                    kind = .failure(error)
                }
                switch kind {
                case .success(.empty): lines.append(("content", "empty"))
                case .success(.text): lines.append(("content", "text"))
                case .success(.binary) where unreadable != nil: lines.append(("content", UnreadableFormat.refusal(unreadable ?? "")))
                case .success(.binary(let reason)): lines.append(("content", "binary (\(reason) in the first 8 KiB)"))
                case .failure(let error): lines.append(("content", "unreadable: \(error.reasonText)"))
                }
            default:
                break
            }
        }
        return lines.map { Fact(label: $0.0, value: $0.1) }
    }
}
