import FileBrowsing

/// `--choose-files FILE`, the picker (ranger's `--choosefiles`, nnn's
/// `-p`, lf's `-selection-path`, yazi's `--chooser-file`): the files
/// selected so far, in the order they were selected, and what was picked
/// when the session ended on a pick. The session's one owner of it; there
/// are no deletion marks while it is picking.
final class FilePicking {
    /// The selected files' paths (as walked), in the order selected.
    private(set) var selected: [[UInt8]] = []
    private var selectedSet: Set<[UInt8]> = []
    /// What was picked, once a pick ended the session; nil until then.
    private(set) var picked: [[UInt8]]?

    func isSelected(_ path: [UInt8]) -> Bool { selectedSet.contains(path) }

    /// Selects `path`, or lets it go when selected; whether it is selected now.
    @discardableResult
    func toggle(_ path: [UInt8]) -> Bool {
        if selectedSet.remove(path) != nil {
            selected.removeAll { $0 == path }
            return false
        }
        selectedSet.insert(path)
        selected.append(path)
        return true
    }

    /// Picks `paths` (the selection when empty): what the session writes as it ends.
    func pick(_ paths: [[UInt8]]) {
        picked = paths.isEmpty ? selected : paths
    }

    /// The paths picked, a line each (the exact bytes, each ended by a newline).
    var pickedLines: [UInt8] {
        (picked ?? []).flatMap { $0 + [0x0A] }
    }
}
