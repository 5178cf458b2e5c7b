import FuzzSupport

@testable import FileBrowsing
@testable import FiletableCLI
@testable import HexDump
@testable import SystemSeam

/// The command line: NUL-separated arguments. Parsing never crashes; every
/// error message is one terminal-safe line; every number that parsed is
/// inside its range. A first argument that names a peer (`ls`, `du`…)
/// runs the rest as filetable run by that name (`CalledAs`).
runFuzzer { data, count in

    let bytes = fuzzInput(data, count)
    var arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).map(Array.init)
    let calledAs = arguments.first.flatMap { CalledAs(programPath: $0) }
    if calledAs != nil { arguments = calledAs!.arguments(Array(arguments.dropFirst())) }
    // du's -t SIZE: any text parses to a size or to nothing, never to -0.
    if let size = DuThreshold.parse(String(decoding: arguments.first ?? [], as: UTF8.self)), size == 0,
        arguments.first?.first == 0x2D
    {
        fatalError("-t -0 accepted")
    }
    do {
        let options = try ArgumentParser.parse(arguments, calledAs: calledAs)
        if let size = options.repl.pageSize, !UserNumber.pageSize.contains(size) { fatalError("page size \(size)") }
        if let depth = options.maxDepth, !UserNumber.depth.contains(depth) { fatalError("depth \(depth)") }
        // Run as du, no depth given means every directory (`.max`).
        if let depth = options.du.depth, !(0...UserNumber.depth.upperBound).contains(depth), !(calledAs == .du && depth == .max) {
            fatalError("du depth \(depth)")
        }
        if let columns = options.dump.columns, !UserNumber.hexColumns.contains(columns) { fatalError("columns \(columns)") }
        if let group = options.dump.group, !UserNumber.hexGroup.contains(group) { fatalError("group \(group)") }
    } catch let error as UsageError {
        for text in [error.message] + (error.hint.map { [$0] } ?? []) {
            let shown = NameEscaping.terminalSafe(text)
            if !isTerminalSafe(shown) {
                fatalError("unsafe message: \(shown.debugDescription)")
            }
        }
    } catch {
        fatalError("an error that is not a usage error: \(error)")
    }
    return 0
}
