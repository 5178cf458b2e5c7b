import FileBrowsing
import SystemSeam

/// The operands of a listing that go on inside an archive (`backup.tgz/`,
/// `site.zip/img`, `site.zip/index.html`): found through the archive's index
/// when the path cannot be read on disk, and listed as ls lists a directory's
/// entries or the files it is given, with the facts `tar tvf` and `unzip -l`
/// give in ls's and tree's layouts. A path that names the archive itself is
/// the file, as `ls` shows it; it never gets here.
struct ArchiveOperands {
    /// An operand found inside an archive: the archive and the place in it,
    /// and the path as typed (headers and messages show it).
    struct Place {
        let found: ArchivePath
        let typed: [UInt8]

        /// The typed path without a trailing slash: what a row's path continues.
        var shownPath: [UInt8] {
            var path = typed
            while path.count > 1, path.last == 0x2F { path.removeLast() }
            return path
        }

        var isDirectory: Bool { found.archive.tree.nodes[Int(found.node)].isDirectory }

        /// The rows of the directory the operand names, arranged by `options`.
        func rows(_ options: ListOptions) -> ArchiveRows {
            let rows = ArchiveRows(archive: found.archive, node: found.node, options: options)
            rows.shownPath = shownPath
            return rows
        }
    }

    /// Each archive read once, whatever the number of operands inside it.
    private let opened = OpenedArchives()

    /// Directories inside archives, in the order given.
    private(set) var directories: [Place] = []
    /// Members named themselves (files, links; directories with `-d`).
    private(set) var members: [Place] = []

    /// Takes `path` when `failure` (why it could not be read on disk) is a
    /// file on the way that is an archive the rest of the path is in; false
    /// when no archive is on the path (the failure is the operand's own).
    /// Throws the archive's problem (unreadable, the rest not in it).
    mutating func take(_ path: [UInt8], failure: FileError, listsDirectoriesThemselves: Bool) throws(FileError) -> Bool {
        guard failure.reason == .system(.notADirectory) else { return false }
        let found: ArchivePath?
        do throws(ArchiveError) {
            found = try ArchivePath.resolve(path, opened: opened, stop: { Interruption.isRequested })
        } catch {
            throw FileError(path: path, reason: .custom(error.description))
        }
        guard let found else { return false }
        let place = Place(found: found, typed: path)
        if place.isDirectory && !listsDirectoriesThemselves {
            directories.append(place)
        } else {
            members.append(place)
        }
        return true
    }

    /// The archives the operands went through whose listing stopped early
    /// (damage, or Ctrl-C), each once, as `ARCHIVE: reason`: said after the
    /// listing, as tar says it, with tar's status 2.
    var problems: [FileError] {
        var seen = Set<[UInt8]>()
        var problems: [FileError] = []
        for place in directories + members {
            let archive = place.found.archive
            guard let problem = archive.problem, seen.insert(place.found.archivePath).inserted else { continue }
            problems.append(FileError(path: place.found.archivePath, reason: .custom(problem.description)))
        }
        return problems
    }

    /// The members named themselves, one set of rows an archive (an
    /// archive's members are sorted together, as ls sorts the files it is
    /// given), in the order their archives came.
    func memberRows(_ options: ListOptions) -> [ArchiveRows] {
        var groups: [[UInt8]: [Place]] = [:]
        var order: [[UInt8]] = []
        for place in members {
            if groups[place.found.archivePath] == nil { order.append(place.found.archivePath) }
            groups[place.found.archivePath, default: []].append(place)
        }
        return order.map { archivePath in
            let places = groups[archivePath] ?? []
            return ArchiveRows(
                archive: places[0].found.archive, nodes: places.map(\.found.node), shownAs: places.map(\.shownPath), options: options)
        }
    }
}
