import FuzzSupport
import Glibc

@testable import FileBrowsing
@testable import HexDump
@testable import SystemSeam

/// The `--sh` plan's words, read by the real shell: every word
/// `ShellQuoting` writes for a name is run as `printf %s WORD` by bash in the
/// C locale, in UTF-8 and in the multibyte locales whose second bytes can
/// be a backslash (GBK, GB18030, Big5, Shift-JIS; built by run.sh with
/// `localedef` into $LOCPATH), and must print the name's bytes exactly. A
/// word whose quoting a locale breaks prints something else (or runs part
/// of the name: PATH is empty and the shell starts in a scratch folder).
runFuzzer { data, count in
    // A name holds no NUL byte.
    let bytes = fuzzInput(data, count).filter { $0 != 0 }
    let word = ShellQuoting.word(bytes)
    for locale in ShellLocales.available {
        guard let printed = ShellLocales.bashPrints(word, locale: locale) else { fatalError("bash did not run") }
        if printed != bytes {
            fatalError("in \(locale) the word \(String(decoding: word, as: UTF8.self).debugDescription) reads back as \(printed), not \(bytes)")
        }
    }
    return 0
}

enum ShellLocales {
    /// C and C.UTF-8, and each multibyte locale run.sh built.
    static let available: [String] = {
        var locales = ["C", "C.UTF-8"]
        let built = ["zh_CN.GBK", "zh_CN.GB18030", "zh_TW.BIG5", "ja_JP.SJIS"]
        if let path = getenv("LOCPATH").map({ String(cString: $0) }) {
            locales += built.filter { access(path + "/" + $0, F_OK) == 0 }
        }
        if locales.count < 6 { print("FuzzShellWords: only \(locales) (run.sh builds the others with localedef)") }
        return locales
    }()

    /// What `bash -c 'printf %s WORD'` writes in `locale`; nil when bash could not be started.
    static func bashPrints(_ word: [UInt8], locale: String) -> [UInt8]? {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        let script = Array("printf %s ".utf8) + word
        let locpath = getenv("LOCPATH").map { String(cString: $0) } ?? ""
        let argv = [Array("bash".utf8), Array("-c".utf8), script]
        let environment = ["LC_ALL=\(locale)", "LOCPATH=\(locpath)", "PATH=/nonexistent"].map { Array($0.utf8) }
        let cArguments = cStrings(argv)
        let cEnvironment = cStrings(environment)
        defer {
            cArguments.forEach { $0?.deallocate() }
            cEnvironment.forEach { $0?.deallocate() }
        }
        var child: pid_t = 0
        let started = posix_spawn(&child, "/bin/bash", &actions, nil, cArguments, cEnvironment)
        close(pipeEnds[1])
        defer { close(pipeEnds[0]) }
        guard started == 0 else { return nil }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let got = buffer.withUnsafeMutableBytes { read(pipeEnds[0], $0.baseAddress, $0.count) }
            if got > 0 { output += buffer[0..<got] } else if got < 0 && errno == EINTR { continue } else { break }
        }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        return output
    }

    private static func cStrings(_ strings: [[UInt8]]) -> [UnsafeMutablePointer<CChar>?] {
        strings.map { bytes in
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (i, byte) in bytes.enumerated() { copy[i] = CChar(bitPattern: byte) }
            copy[bytes.count] = 0
            return copy
        } + [nil]
    }
}
