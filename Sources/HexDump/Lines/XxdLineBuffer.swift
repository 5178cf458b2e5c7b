/// xxd's line buffer and the colour of each of its places, kept from line
/// to line as xxd keeps its two static arrays: each line is drawn over the
/// last (spaces after the address, then the bytes' places), and a colour
/// stays where xxd leaves it (past a line's end, or where the newline and
/// the terminator are written, it is not cleared). One a dump, reused, so
/// a line costs no allocation.
public struct XxdLineBuffer {
    /// The characters; `end` is the place of the terminator.
    private(set) var line: [UInt8] = []
    private(set) var colors: [UInt8] = []
    private(set) var end = 0
    /// Places written since the line began, to draw the next over.
    private var written = 0
    private var colored = false
    /// A coloured line's text before it is appended, and a line's address: reused.
    private var rendered: [UInt8] = []
    private var address: [UInt8] = []

    public init() {}

    /// Starts a line: the address `writeAddress` appends (into a buffer
    /// kept for it), then spaces over what the last line wrote (every place
    /// past it is a space already). Returns the address's length.
    mutating func begin(colored: Bool, writeAddress: (inout [UInt8]) -> Void) -> Int {
        self.colored = colored
        address.removeAll(keepingCapacity: true)
        writeAddress(&address)
        reserve(address.count)
        let written = self.written
        line.withUnsafeMutableBufferPointer { line in
            address.withUnsafeBufferPointer { address in
                for index in 0..<address.count { line[index] = address[index] }
                for index in address.count..<max(address.count, written) { line[index] = 0x20 }
            }
        }
        self.written = address.count
        return address.count
    }

    /// Room for `count` places (spaces, and no colour).
    mutating func reserve(_ count: Int) {
        if line.count < count { line += [UInt8](repeating: 0x20, count: count - line.count) }
        if colored && colors.count < count + 1 { colors += [UInt8](repeating: XxdColoring.none, count: count + 1 - colors.count) }
    }

    /// Calls `body` with the places and their colours (empty when not
    /// coloured) to write within what `reserve` made room for.
    mutating func withStorage(_ body: (UnsafeMutableBufferPointer<UInt8>, UnsafeMutableBufferPointer<UInt8>) -> Void) {
        line.withUnsafeMutableBufferPointer { line in colors.withUnsafeMutableBufferPointer { colors in body(line, colors) } }
    }

    /// The places up to `count` were written.
    mutating func markWritten(through count: Int) { written = max(written, count) }

    /// Places `character`; a byte's (or a fill's) `color` too, while the
    /// newline and the terminator leave the colour the place had, as xxd's do.
    mutating func set(_ index: Int, _ character: UInt8, color: UInt8? = nil) {
        if index >= line.count { line += [UInt8](repeating: 0x20, count: index + 1 - line.count) }
        if colored && index + 1 >= colors.count { colors += [UInt8](repeating: XxdColoring.none, count: index + 2 - colors.count) }
        line[index] = character
        if colored, let color { colors[index] = color }
        written = max(written, index + 1)
    }

    /// Ends the line: the terminator is the first 0 from `from` on.
    mutating func finish(from: Int) {
        end = line[from...].firstIndex(of: 0) ?? line.count
    }

    /// Writes the line: bare, or in its colours (`endColored` false: as
    /// xxd's copy of a held zero line, whose terminator's place has none).
    mutating func append(to output: inout [UInt8], endColored: Bool = true) {
        if colored {
            XxdColoring.appendColored(line, count: end, colors: colors, endColored: endColored, scratch: &rendered, to: &output)
        } else {
            output.append(contentsOf: line[..<end])
        }
    }

    /// After a full line xxd clears the colours of its places up to the line's end.
    mutating func clearColors() {
        guard colored else { return }
        colors.withUnsafeMutableBufferPointer { colors in
            for index in 0..<min(end, colors.count) { colors[index] = XxdColoring.none }
        }
    }
}
