import FileBrowsing
import SystemSeam

extension ListingContext {
    /// `--git`'s column: each path's two letters from its directory's work
    /// tree (git asked once a work tree); `--` where git cannot say, with a
    /// note on standard error once a reason.
    static func gitColumn(diagnostics: Diagnostics) -> ([UInt8]) -> String {
        let trees = GitWorkTrees()
        var said: Set<String> = []
        return { path in
            let (directory, name) = PathBytes.split(path)
            switch trees.status(ofDirectory: directory.isEmpty ? [0x2E] : directory) {
            case .success(let status):
                return status.flags(ofName: name).letters
            case .failure(let reason):
                let note = reason.columnMessage(for: NameEscaping.escape(directory.isEmpty ? [0x2E] : directory))
                if said.insert(note).inserted { diagnostics.report(note, severity: .success) }
                return "--"
            }
        }
    }
}
