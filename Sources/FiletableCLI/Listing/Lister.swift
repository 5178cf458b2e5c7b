import FileBrowsing
import SystemSeam

/// Runs a non-interactive listing in `ls`'s order: the files named on the
/// command line first, then each directory, with a `PATH:` header when there is
/// more than one thing to list.
struct Lister {
    let context: ListingContext

    func run() {
        guard let revision = context.options.dump.revision else { return listOnDisk() }
        if context.options.tree {
            TreeListing(context: context).run(revision: revision)
        } else {
            listRevision(revision)
        }
        writeClosing()
    }

    /// The operands on disk (and inside archives), in ls's order.
    private func listOnDisk() {
        defer { writeClosing() }
        let options = context.options
        var files = NameArena()
        var directoryOperands = NameArena()
        var insideArchives = ArchiveOperands()
        defer { reportProblems(of: insideArchives) }
        // tree's roots in the order given: files and directories alike.
        var treeRoots: [TreeListing.Root] = []
        for path in options.paths {
            switch classify(path) {
            case .failure(let error):
                // A path that goes on inside an archive (`backup.tgz/etc`) is listed from its index.
                do throws(FileError) {
                    if try insideArchives.take(path, failure: error, listsDirectoriesThemselves: options.listsDirectoriesThemselves) { continue }
                    context.diagnostics.report(error, severity: .seriousTrouble, while: .access)
                    treeRoots.append(.missing(path))
                } catch {
                    context.diagnostics.report(error, severity: .seriousTrouble)
                }
            case .success(let kind) where kind == .directory && !options.listsDirectoriesThemselves:
                directoryOperands.append(path, kind: kind)
                treeRoots.append(.directory(path))
            case .success(let kind):
                treeRoots.append(.file(files.count))
                files.append(path, kind: kind)
            }
        }
        // Directories are listed in the listing's own order, as ls does.
        let sortedDirectories = context.operandModel(directoryOperands)
        let directories = (0..<sortedDirectories.rowCount).map { sortedDirectories.name(ofRow: $0) }
        let memberRows = insideArchives.memberRows(options.listOptions)
        if options.tree {
            // tree draws its roots in the order given, not sorted as ls lists its operands.
            TreeListing(context: context).run(files: files, roots: treeRoots, members: memberRows, archiveDirectories: insideArchives.directories)
            return
        }
        let printer = ModelPrinter(context: context)
        let recursive = options.recursive || options.maxDepth != nil
        var printedSomething = false
        if files.count > 0 {
            var everyOperand = NameArena()
            for index in 0..<files.count { files.withName(at: index) { everyOperand.append($0, kind: files.kind(at: index)) } }
            for path in directories { everyOperand.append(path, kind: .directory) }
            printer.print(context.operandModel(files), isOperandList: true, measuredOver: context.operandModel(everyOperand))
            printedSomething = true
        }
        // Members named themselves: after the files on disk, an archive's together.
        for rows in memberRows {
            printer.print(rows, isOperandList: true)
            printedSomething = true
        }
        let headers = recursive || options.paths.count > 1
        for path in directories {
            if recursive {
                RecursiveListing(context: context).run(path, separateFromAbove: printedSomething)
                printedSomething = true
                continue
            }
            guard let handle = context.openDirectory(path) else { continue }
            do {
                let model = try DirectoryListing(directory: handle, options: options.listOptions)
                if headers { writeHeader(path, separateFromAbove: printedSomething) }
                printer.print(model)
                printedSomething = true
            } catch {
                context.diagnostics.report(error, severity: .seriousTrouble)
            }
        }
        // Directories inside archives, in the order given, after those on disk.
        for place in insideArchives.directories {
            if recursive {
                RecursiveListing(context: context).run(inside: place, separateFromAbove: printedSomething)
            } else {
                if headers { writeHeader(place.typed, separateFromAbove: printedSomething) }
                printer.print(place.rows(options.listOptions))
            }
            printedSomething = true
        }
    }

    /// An archive that was damaged or stopped is said after what was listed
    /// of it, with tar's status 2; in `--json`, also as a last line of its
    /// own (`{"path":…,"error":…,"partial":true}`), so a script reading the
    /// objects never takes the prefix for the whole.
    private func reportProblems(of insideArchives: ArchiveOperands) {
        for problem in insideArchives.problems {
            if context.options.format == .json, !context.options.tree {
                let reason = JSONLines.string(Array(problem.reasonText.utf8))
                context.output.write("{\"path\":\(JSONLines.string(problem.path)),\"error\":\(reason),\"partial\":true}\n")
            }
            context.diagnostics.report(problem, severity: .seriousTrouble)
        }
    }

    /// What ls writes after the last listing: the colours' ending, then dired's places.
    private func writeClosing() {
        if let ending = context.colourEnding?() { context.output.write(ending) }
        context.dired?.write(to: context.output)
    }

    /// `PATH:` above a directory's listing, after a blank line unless it comes first.
    func writeHeader(_ path: [UInt8], separateFromAbove: Bool) {
        guard context.options.format != .json && context.options.format != .print0 else { return }
        if separateFromAbove { context.output.write("\n") }
        let shown = context.decoration.headerBytes(path)
        if let dired = context.dired {
            context.output.write(DiredLog.indent)
            dired.header(at: dired.position(context.output), count: shown.count)
        }
        // Linked to the directory, the colon outside, as ls -R --hyperlink draws it.
        let link = context.linkMarkup.flatMap { markup in context.decoration.hyperlinks?.uri(forPath: path).map { (markup, $0) } }
        if let (markup, uri) = link { context.output.write(markup.opening(uri)) }
        context.output.write(bytes: shown)
        if let (markup, _) = link { context.output.write(markup.closing) }
        context.output.write(":\n")
    }

    /// Whether an operand is a directory to list or a file to show. Symlinks to
    /// directories are followed, except with `-l` or `-F` (as `ls` does).
    private func classify(_ path: [UInt8]) -> Result<FileKind, FileError> {
        let own = FileStatusReader.status(of: path, followSymlink: false)
        guard case .success(let status) = own else {
            return .failure(FileError(path: path, errno: own.failureValue ?? .noSuchFileOrDirectory))
        }
        // -d shows each operand as it is, a link as a link.
        if context.options.listsDirectoriesThemselves { return .success(status.kind) }
        // As ls: a link to a directory named on the command line is listed
        // as that directory, except with -l or -F (not -p or --file-type; unless -L follows every link).
        let options = context.options
        let followsOperand = options.followSymlinks || options.dereferencesOperands
        if status.kind == .symlink
            && (followsOperand || (options.format != .long && !(options.names.typeIndicators && options.names.indicatorStyle == .classify)))
        {
            let target = FileStatusReader.status(of: path, followSymlink: true)
            if case .success(let target) = target, target.kind == .directory { return .success(.directory) }
            // -L or -H on a dangling or looping link: ls cannot access it (status 2).
            if followsOperand, case .failure(let errno) = target { return .failure(FileError(path: path, errno: errno)) }
        }
        return .success(status.kind)
    }
}
