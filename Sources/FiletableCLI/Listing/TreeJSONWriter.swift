import FileBrowsing
import Terminal

/// `--tree -J`: the drawing as tree 2.1 writes it in JSON, an object a
/// line, indented two spaces a level: `{"type":"directory","name":…,
/// "contents":[` … `]}`, files and links (`"target"`) on lines of their own,
/// a directory with nothing shown (empty, or below `-L`) without
/// `contents`, tree's details (`-p -u -g -s -h -D`) as its fields, and the
/// report last. One deliberate difference: several roots are separated by
/// commas (tree leaves them out, which is not JSON).
///
/// A directory's object is left open when written: the walk entering it
/// next gives it contents, anything else closes it.
final class TreeJSONWriter {
    private let output: OutputSink
    /// Per level entered: whether it has contents (then `]}` closes it) and
    /// whether an object was written in it (then the next needs `,`).
    private var levels: [(hasContents: Bool, written: Bool)] = []
    private var pendingDirectory = false
    private var rootsWritten = 0

    init(output: OutputSink) {
        self.output = output
        output.write("[")
    }

    /// A root directory's object, left open for its contents.
    func beginRoot(name: [UInt8], fields: String) {
        output.write((rootsWritten > 0 ? "," : "") + "\n  {\"type\":\"directory\",\"name\":" + JSONLines.string(name) + fields)
        rootsWritten += 1
        pendingDirectory = true
    }

    /// A FILE operand: an object of its own among the roots.
    func rootFile(name: [UInt8], fields: String) {
        output.write((rootsWritten > 0 ? "," : "") + "\n  {\"type\":\"file\",\"name\":" + JSONLines.string(name) + fields + "}")
        rootsWritten += 1
    }

    /// An entry of the current level: `kind` "file", "link" (with its
    /// target) or "directory" (left open), `fields` tree's details.
    func entry(kind: String, name: [UInt8], target: [UInt8]?, fields: String) {
        closePending()
        guard let level = levels.indices.last else { return }
        output.write((levels[level].written ? ",\n" : "") + String(repeating: "  ", count: level + 2))
        levels[level].written = true
        output.write(
            "{\"type\":\"\(kind)\",\"name\":" + JSONLines.string(name) + (target.map { ",\"target\":" + JSONLines.string($0) } ?? "") + fields)
        if kind == "directory" { pendingDirectory = true } else { output.write("}") }
        output.flushIfFull()
    }

    /// The walk entered the directory written last; `shows` whether any of its rows will be.
    func enter(shows: Bool) {
        if pendingDirectory && shows { output.write(",\"contents\":[\n") } else { closePending() }
        pendingDirectory = false
        levels.append((hasContents: shows, written: false))
    }

    func leave() {
        closePending()
        guard let level = levels.popLast() else { return }
        if level.hasContents { output.write("\n" + String(repeating: "  ", count: levels.count + 1) + "]}") }
    }

    /// tree's report (or none, with `--noreport`) and the closing bracket.
    func finish(directories: Int, files: Int?, reports: Bool) {
        closePending()
        output.write("\n")
        if reports {
            output.write(",\n  {\"type\":\"report\",\"directories\":\(directories)" + (files.map { ",\"files\":\($0)" } ?? "") + "}\n")
        } else {
            output.write("\n")
        }
        output.write("]\n")
    }

    private func closePending() {
        if pendingDirectory { output.write("}") }
        pendingDirectory = false
    }
}
