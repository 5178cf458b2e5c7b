import FileBrowsing

/// An open hex view: the file, the range asked for, the screen's first
/// offset and the search. A screen is read with one `pread`, so paging back,
/// jumping to the end and searching cost the same anywhere in the file.
final class HexViewer {
    let file: any ByteSource
    /// The name the header shows: the row's name as the table shows it.
    var title: [UInt8] = []
    /// The first offset of the range (`hex N OFFSET`), where `g` goes.
    let start: UInt64
    /// Where the range ends (`hex N OFFSET LENGTH`), nil for the file's end.
    let limit: UInt64?
    /// The first byte on the screen.
    private(set) var offset: UInt64
    private(set) var search: TextSearch?
    private(set) var searchesBackward = false
    /// Bytes the last screen showed: what `f` and Enter move on by.
    var shownBytes: UInt64?
    /// The offset of the match the last search landed on.
    private(set) var match: UInt64?

    init(file: any ByteSource, start: UInt64, limit: UInt64?) {
        self.file = file
        self.start = start
        self.limit = limit
        offset = start
    }

    /// Where the bytes shown end: the range's end, or the file's.
    var end: UInt64? {
        switch (limit, file.size) {
        case (let limit?, let size?): return min(limit, size)
        case (let limit?, nil): return limit
        case (nil, let size): return size
        }
    }

    /// The bytes of a screen of `height` lines from the top (fewer at the end).
    func screenBytes(height: Int) throws(FileError) -> [UInt8] {
        var wanted = height * 16
        if let end { wanted = Int(min(UInt64(wanted), end > offset ? end - offset : 0)) }
        return try file.bytes(at: offset, count: wanted)
    }

    /// Makes `move`; an error says why it cannot be made (the view stays).
    func apply(_ move: ViewerMove, height: Int) throws(ViewerError) {
        do {
            try file.refresh()
        } catch {
            throw .file(error)
        }
        let screen = UInt64(height * 16)
        switch move {
        case .search, .nextMatch, .previousMatch: break
        // A move forgets the match: the next search starts from the screen.
        default: match = nil
        }
        switch move {
        case .forward(let distance):
            let step = distance == .screen ? shownBytes ?? screen : self.step(distance, screen: screen)
            guard let end else {
                offset += step
                return
            }
            guard offset + screen < end else { throw .atEnd }
            // On by the step, never past the line holding the last byte.
            offset = min(offset + step, lastScreen(height: 1, end: end))
        case .backward(let distance):
            guard offset > start else { throw .atTop }
            let step = self.step(distance, screen: screen)
            offset = offset - start > step ? offset - step : start
        case .top: offset = start
        case .end, .follow:
            guard let end else { throw .sizeUnknown }
            offset = lastScreen(height: height, end: end)
        case .line(let target):
            // In the hex view NNg is an offset.
            let target = UInt64(target)
            if let end, target >= end { throw .pastEnd(target, end) }
            offset = max(start, target - target % 16)
        case .percent(let percent):
            guard let end else { throw .sizeUnknown }
            let target = start + (end - start) / 100 * UInt64(percent) + (end - start) % 100 * UInt64(percent) / 100
            offset = min(max(start, target - target % 16), lastScreen(height: height, end: end))
        case .search(let text, let backward):
            search = Self.search(for: text)
            searchesBackward = backward
            try findMatch(backward: backward)
        case .nextMatch: try findMatch(backward: searchesBackward)
        case .previousMatch: try findMatch(backward: !searchesBackward)
        case .toggleNumbers, .toggleWrap, .close: break
        }
    }

    private func step(_ distance: ViewerMove.Distance, screen: UInt64) -> UInt64 {
        switch distance {
        case .screen: return screen
        case .halfScreen: return max(16, screen / 32 * 16)
        case .lines(let count): return UInt64(count) * 16
        }
    }

    /// The top of the last screen: the line holding the last byte, a screen up.
    private func lastScreen(height: Int, end: UInt64) -> UInt64 {
        let lastLine = end > 0 ? (end - 1) - (end - 1) % 16 : 0
        let up = UInt64(height - 1) * 16
        return max(start, lastLine > up ? lastLine - up : 0)
    }

    /// What `/ARGUMENT` seeks in the hex view: hex byte pairs (`de ad be ef`,
    /// `deadbeef`) are bytes; `"TEXT"` or anything else is text, exactly.
    static func search(for argument: String) -> TextSearch {
        let trimmed = argument.trimmingSpaces
        if trimmed.count >= 2, trimmed.hasPrefix("\""), trimmed.hasSuffix("\"") {
            return TextSearch(bytes: NameEscaping.typedName(String(trimmed.dropFirst().dropLast())))
        }
        let digits = trimmed.filter { $0 != " " }
        if !digits.isEmpty, digits.count % 2 == 0, digits.allSatisfy(\.isHexDigit) {
            var bytes: [UInt8] = []
            var index = digits.startIndex
            while index < digits.endIndex {
                let next = digits.index(index, offsetBy: 2)
                bytes.append(UInt8(digits[index..<next], radix: 16)!)
                index = next
            }
            // Pairs only: "abc d" is not bytes.
            if trimmed.split(separator: " ").allSatisfy({ $0.count % 2 == 0 }) { return TextSearch(bytes: bytes) }
        }
        return TextSearch(bytes: NameEscaping.typedName(trimmed))
    }

    /// Puts the line holding the next match (the one before, `backward`) on top.
    private func findMatch(backward: Bool) throws(ViewerError) {
        guard let search else { throw .noSearch }
        let found: TextSearch.Found?
        do {
            if backward {
                found = try search.previous(in: file, before: match ?? offset)
            } else {
                found = try search.next(in: file, from: match.map { $0 + 1 } ?? offset)
            }
        } catch {
            throw .file(error)
        }
        guard let found, found.offset >= start, end.map({ found.offset < $0 }) ?? true else {
            throw .notFound(search, backward: backward)
        }
        match = found.offset
        offset = max(start, found.offset - found.offset % 16)
    }
}
