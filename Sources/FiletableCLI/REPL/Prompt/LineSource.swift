import FileBrowsing
import SystemSeam

/// Where command lines come from: a terminal (with a prompt), a file or
/// standard input (batch), or the `-c` argument. Lines are typed text:
/// bytes that are not UTF-8 arrive as `\xHH`, as in a name.
final class LineSource {
    enum Line: Equatable {
        case text(String)
        /// Ctrl-C at the prompt: the line is abandoned.
        case interrupted
        case endOfInput
    }

    private let fd: Int32
    private var pending: [String]?
    private var buffer: [UInt8] = []
    /// How much of `buffer` is known to hold no line feed.
    private var searched = 0
    private var atEnd = false
    /// Why reading stopped, when it was not the end of the input (a closed
    /// or unreadable standard input).
    private(set) var readError: Errno?

    /// Reads lines from a descriptor.
    init(fd: Int32, name: String = "standard input") {
        self.fd = fd
        self.name = name
        isTerminal = Descriptor(fd).isTerminal
    }

    /// A terminal's end of input (Ctrl-D on an empty line) ends one read, not
    /// the source: after Ctrl-D at a question, the prompt reads on.
    let isTerminal: Bool

    /// What the lines come from, for messages: "standard input" or the batch file.
    let name: String

    /// Serves lines from a string: `-c 'cmd; cmd'` (`;` outside quotes separates).
    init(commands: String) {
        fd = -1
        name = "-c"
        isTerminal = false
        pending = Self.splitCommands(commands)
    }

    /// Whether the lines hold a command at all (not only blank lines): reads
    /// ahead as far as the first one, or to the end, keeping what it read
    /// for `next`. A terminal is not asked (someone may type).
    func holdsACommand() -> Bool {
        if let pending { return pending.contains { !$0.trimmingSpaces.isEmpty } }
        guard !isTerminal else { return true }
        while !buffer.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) {
            if atEnd { return false }
            // An interrupted read is tried again: nothing was typed to abandon.
            _ = readChunk()
        }
        return true
    }

    /// Reads what the descriptor has into `buffer`, or notes its end (or
    /// why it cannot be read); false when a signal interrupted the read.
    private func readChunk() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 4096)
        let read = chunk.withUnsafeMutableBytes { Descriptor(fd).read(into: $0.baseAddress!, count: $0.count) }
        switch read {
        case .success(let count) where count > 0: buffer.append(contentsOf: chunk[0..<count])
        case .success: atEnd = true
        case .failure(let errno) where errno == .interrupted: return false
        case .failure(let errno):
            readError = errno
            atEnd = true
        }
        return true
    }

    func next() -> Line {
        if pending != nil {
            return pending!.isEmpty ? .endOfInput : .text(pending!.removeFirst())
        }
        while true {
            // Only the bytes read since the last look are searched: a long line costs its length, not its square.
            if let newline = buffer[searched...].firstIndex(of: 0x0A) {
                let line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                searched = 0
                return .text(NameEscaping.typedText(line))
            }
            searched = buffer.count
            if atEnd {
                guard !buffer.isEmpty else {
                    if isTerminal && readError == nil { atEnd = false }
                    return .endOfInput
                }
                defer {
                    buffer.removeAll()
                    searched = 0
                }
                return .text(NameEscaping.typedText(buffer))
            }
            // Ctrl-C at the prompt abandons the line typed so far.
            guard readChunk() else {
                buffer.removeAll()
                searched = 0
                return .interrupted
            }
        }
    }

    static func splitCommands(_ text: String) -> [String] {
        var commands: [String] = []
        var current = ""
        var quote: Character?
        for character in text {
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == ";" {
                commands.append(current)
                current = ""
                continue
            }
            current.append(character)
        }
        commands.append(current)
        return commands
    }
}
