import FuzzSupport

@testable import FileBrowsing
@testable import FiletableCLI
@testable import HexDump
@testable import SystemSeam
@testable import Terminal

/// The line editor's input side: bytes as a terminal (or a paste) could send
/// them, cut into reads at places the input chooses, decoded into keys, each
/// applied to an editing buffer. Properties: decoding does not depend on how
/// the bytes were cut (for input that ends with its burst), the cursor stays
/// inside the line, and the text the buffer holds and the Ctrl-R search
/// prompt shows are terminal-safe; after any storm of bytes and a pause,
/// Ctrl-C is a key.
runFuzzer { data, count in

    let bytes = fuzzInput(data, count)
    guard let first = bytes.first else { return 0 }
    let input = Array(bytes.dropFirst())
    func decode(cutEvery step: Int) -> [Key] {
        var decoder = KeyDecoder()
        var keys: [Key] = []
        var index = 0
        while index < input.count {
            let end = min(input.count, index + step)
            decoder.feed(input[index..<end])
            while let key = decoder.next() { keys.append(key) }
            index = end
        }
        while let key = decoder.next(endOfBurst: true) { keys.append(key) }
        return keys
    }
    let whole = decode(cutEvery: max(1, input.count))
    let cut = decode(cutEvery: Int(first % 7) + 1)
    // Text may come in different runs; everything else must be the same keys.
    func joined(_ keys: [Key]) -> [Key] {
        var result: [Key] = []
        for key in keys {
            if case .text(let more) = key, case .text(let text)? = result.last {
                result[result.count - 1] = .text(text + more)
            } else {
                result.append(key)
            }
        }
        return result
    }
    if joined(whole) != joined(cut) && !input.contains(0x1B) {
        fatalError("decoding depends on how the bytes were cut: \(whole) vs \(cut)")
    }
    var buffer = EditBuffer()
    for key in whole {
        switch key {
        case .text(let text): buffer.insert(NameEscaping.terminalSafe(text))
        case .paste(let pasted): buffer.insert(NameEscaping.escape(pasted))
        case .backspace: buffer.deleteBackward()
        case .delete: buffer.deleteForward()
        case .left: buffer.moveLeft()
        case .right: buffer.moveRight()
        case .home: buffer.moveHome()
        case .end: buffer.moveEnd()
        case .wordLeft: buffer.moveWordLeft()
        case .wordRight: buffer.moveWordRight()
        case .control("k"): buffer.killToEnd()
        case .control("u"): buffer.killToStart()
        case .control("w"): buffer.killWordBackward()
        case .alt("d"): buffer.killWordForward()
        case .control("y"): buffer.yank()
        case .control("t"): buffer.transpose()
        default: break
        }
        if buffer.cursor < 0 || buffer.cursor > buffer.characters.count { fatalError("cursor outside the line") }
    }
    if !isTerminalSafe(buffer.text) { fatalError("unsafe text in the line: \(buffer.text.debugDescription)") }
    // Ctrl-R: the same keys typed into a history search over lines typed
    // before; its prompt, drawn raw, must be terminal-safe too.
    let history = History(file: nil)
    history.add(buffer.text)
    history.add("sort size")
    // (The prompt is checked when a search ends and at the end, not after
    // every key: that would be quadratic in a long input.)
    var search = HistorySearch()
    func checkPrompt() {
        if !isTerminalSafe(search.prompt) { fatalError("unsafe text in the search prompt: \(search.prompt.debugDescription)") }
    }
    for key in whole {
        let before = search
        if case .finished = search.take(key, in: history) {
            checkPrompt()
            search = HistorySearch()
        } else if before.query.count > search.query.count {
            checkPrompt()
        }
        if let match = search.match, !history.entries.indices.contains(match) { fatalError("search match outside the history") }
    }
    checkPrompt()
    _ = buffer.columns(upTo: buffer.cursor)
    // A key storm of any bytes, then the quiet the editor and the screen
    // wait for, then Ctrl-C: Ctrl-C always reaches the program as a key
    // (a paste start with no end used to swallow every key after it).
    var stormed = KeyDecoder()
    stormed.feed(input)
    while stormed.next() != nil {}
    while stormed.next(endOfBurst: true) != nil {}
    _ = stormed.endUnterminatedPaste()
    while stormed.next(endOfBurst: true) != nil {}
    stormed.feed([0x03])
    var afterStorm: [Key] = []
    while let key = stormed.next() { afterStorm.append(key) }
    while let key = stormed.next(endOfBurst: true) { afterStorm.append(key) }
    if afterStorm != [.control("c")] { fatalError("after a storm and a pause Ctrl-C gave \(afterStorm)") }
    return 0
}
