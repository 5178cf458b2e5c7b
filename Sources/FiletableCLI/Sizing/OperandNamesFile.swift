import FileBrowsing
import SystemSeam

/// The names of du's `--files0-from FILE`, NUL-separated, read a chunk at a
/// time as they are used (du streams them): an endless input such as
/// `/dev/zero` is read in step with what is done with it and never held
/// whole. Names are as du takes them: an empty one is reported by its
/// source and number, `-` is refused in a list read from standard input.
final class OperandNamesFile {
    private let descriptor: Descriptor
    private let ownsDescriptor: Bool
    private let source: [UInt8]
    private var buffer: [UInt8] = []
    private var start = 0
    private var ended = false
    /// How many names were read (the empty ones too), for du's `FILE:N:`.
    private(set) var count = 0
    /// Why reading stopped early, if it did.
    private(set) var failure: Errno?

    /// Opens `file` (`-`: standard input, left open).
    init(_ file: [UInt8]) throws(FileError) {
        source = file
        if file == [0x2D] {
            descriptor = Descriptor(0)
            ownsDescriptor = false
            return
        }
        switch Descriptor.openForReading(file) {
        case .success(let opened):
            if case .success(let status) = FileStatusReader.status(of: file, followSymlink: true), status.kind == .directory {
                opened.close()
                throw FileError(path: file, errno: .isADirectory)
            }
            descriptor = opened
            ownsDescriptor = true
        case .failure(let errno):
            throw FileError(path: file, errno: errno)
        }
    }

    deinit { if ownsDescriptor { descriptor.close() } }

    /// The next name (perhaps empty), or nil at the end of the input.
    func next() -> [UInt8]? {
        while true {
            if let end = buffer[start...].firstIndex(of: 0) {
                let name = Array(buffer[start..<end])
                start = end + 1
                count += 1
                return name
            }
            if ended {
                guard start < buffer.count else { return nil }
                // A last name with no NUL after it.
                let name = Array(buffer[start...])
                start = buffer.count
                count += 1
                return name
            }
            fill()
        }
    }

    /// Reads the next chunk after what is left of the buffer.
    private func fill() {
        buffer.removeSubrange(0..<start)
        start = 0
        let kept = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: 1 << 16))
        let result = buffer.withUnsafeMutableBytes { descriptor.read(into: $0.baseAddress! + kept, count: 1 << 16) }
        switch result {
        case .success(let read):
            buffer.removeLast((1 << 16) - read)
            if read == 0 { ended = true }
        case .failure(let errno):
            buffer.removeLast(1 << 16)
            failure = errno
            ended = true
        }
    }

    /// The next name du takes, reporting the ones it refuses (empty, or
    /// `-` from standard input) to `diagnostics` as du words them.
    func nextOperand(reportingTo diagnostics: Diagnostics) -> [UInt8]? {
        while let name = next() {
            if name.isEmpty {
                let shown = QuotingStyle.shellEscape.string(source)
                diagnostics.report("\(shown):\(count): invalid zero-length file name", severity: .minorTrouble)
                continue
            }
            if source == [0x2D], name == [0x2D] {
                diagnostics.report("when reading file names from stdin, no file name of '-' allowed", severity: .minorTrouble)
                continue
            }
            return name
        }
        return nil
    }
}
