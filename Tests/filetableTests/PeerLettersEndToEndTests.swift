import Foundation
import TestSupport
import XCTest

/// After `--du` the letters are du's and after `--tree` tree's: each read
/// with the peer's meaning (compared with du and tree when installed, with
/// golden figures either way), and a peer's letter filetable does not take
/// refused by its peer's name, never read as one of ls's.
final class PeerLettersEndToEndTests: XCTestCase {
    /// `d` (a 10,000-byte file and an empty directory), `f` (5 bytes), `link` -> d.
    private func makeTree() throws -> TemporaryTree {
        let temp = try TemporaryTree()
        let made = try CommandRunner.shell(
            "mkdir -p d/e && printf hello > f && head -c 10000 /dev/zero | tr '\\0' x > d/g && ln -s d link && printf '#' > .hidden",
            in: temp.url)
        XCTAssertEqual(made.status, 0, made.stderr)
        return temp
    }

    private func ours(_ arguments: String, in temp: TemporaryTree) throws -> CommandResult {
        try CommandRunner.shell("\"$FILETABLE\" \(arguments)", in: temp.url)
    }

    private func sortedLines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init).sorted() }

    func testDuLettersMeanWhatDuMeans() throws {
        let temp = try makeTree()
        // Golden: apparent sizes in bytes do not depend on the file system.
        XCTAssertEqual(try ours("--du -b f", in: temp).text, "5\tf\n", "a FILE operand (du -b f)")
        XCTAssertEqual(try ours("--du -sb link", in: temp).text, "1\tlink\n", "a symlink operand is not followed")
        let summary = try ours("--du -c -b f link", in: temp)
        XCTAssertEqual(summary.text, "5\tf\n1\tlink\n6\ttotal\n", summary.stderr)
        XCTAssertEqual(try ours("--du -0 -b f", in: temp).text, "5\tf\0")
        // The batch letter of the REPL is not read after --du: -b is du's bytes.
        XCTAssertFalse(try ours("--du -b d", in: temp).text.contains("\tf"), "-b d sized d, not the working directory")
        guard CommandRunner.isInstalled("du") else {
            print("PeerLettersEndToEndTests: du is not installed; compared with the golden figures only")
            return
        }
        // Each inode once across operands: one inside another, one named twice, a hard link.
        _ = try CommandRunner.shell("ln f hard-f", in: temp.url)
        for arguments in [
            "-s d", "-b f", "-sb d", "-sh .", "-s link", "-sk d", "-sm d", "-a d", "-a -b d", "-d 0 .", "-sx .", "-sc d f",
            "-s d d", "-s . d", "-s d .", "-b f f", "-b f hard-f", "-sc d . f", "-sb . d/g", "-d 1 .", "-b -d 2 .", "-a -d 1 .",
        ] {
            let ourLines = sortedLines(try ours("--du \(arguments)", in: temp).text)
            let duLines = sortedLines(try CommandRunner.shell("du \(arguments)", in: temp.url).text)
            XCTAssertEqual(ourLines, duLines, "filetable --du \(arguments) against du \(arguments)")
        }
    }

    func testTreeLettersMeanWhatTreeMeans() throws {
        let temp = try makeTree()
        let level = try ours("--tree -L 1 .", in: temp)
        XCTAssertEqual(level.status, 0, level.stderr)
        XCTAssertEqual(level.text, ".\n├── d\n├── f\n└── link -> d\n\n3 directories, 1 file\n", "-L is tree's level, not ls's dereference")
        XCTAssertTrue(try ours("--tree -a .", in: temp).text.contains("├── .hidden\n"))
        XCTAssertEqual(try ours("--tree -d .", in: temp).text, ".\n├── d\n│\u{A0}\u{A0} └── e\n└── link -> d\n\n4 directories\n")
        XCTAssertEqual(try ours("--tree -fi --noreport -L 1 .", in: temp).text, ".\n./d\n./f\n./link -> d\n")
        // Roots in the order given, a file among them (tree 2.1.0 also marks a file root "[error opening dir]", a slip not copied).
        XCTAssertEqual(try ours("--tree --noreport -L 1 f d", in: temp).text, "f\nd\n├── e\n└── g\n")
        XCTAssertEqual(try ours("--tree --noreport -L 1 d f", in: temp).text, "d\n├── e\n└── g\nf\n")
        // tree's bracket before a file root too.
        XCTAssertEqual(try ours("--tree --noreport -s f", in: temp).text, "[          5]  f\n")
        // A root that is not there: tree's line for it in its place, the error on standard error too, status 2.
        let missing = try ours("--tree -L 1 nope d", in: temp)
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.text, "nope  [error opening dir]\nd\n├── e\n└── g\n\n2 directories, 1 file\n")
        XCTAssertTrue(missing.stderr.contains("nope: No such file or directory"), missing.stderr)
        if CommandRunner.isInstalled("tree") {
            XCTAssertEqual(missing.text, try CommandRunner.shell("LC_ALL=C.UTF-8 tree -L 1 nope d", in: temp.url).text)
        }
        guard CommandRunner.isInstalled("tree") else {
            print("PeerLettersEndToEndTests: tree is not installed; compared with the golden output only")
            return
        }
        for arguments in [
            "-L 1 .", "-L 2 .", "-a .", "-P g .", "-L 1 -a .", "-P g --prune .", "-d .", "-f .", "-i .", "-di .", "-df -a .",
            "--noreport .", "-d --noreport -L 1 .", "-fi .", "-v .", "-v -r .", "-U .",
        ] {
            let theirs = try CommandRunner.shell("LC_ALL=C.UTF-8 tree \(arguments)", in: temp.url).text
            XCTAssertEqual(try ours("--tree \(arguments)", in: temp).text, theirs, "filetable --tree \(arguments) against tree")
        }
        // tree's order letters, with byte order (tree's own in this locale; filetable's default is natural order).
        for arguments in ["-r .", "--dirsfirst .", "--dirsfirst -r .", "-a -r -L 1 ."] {
            let theirs = try CommandRunner.shell("LC_ALL=C.UTF-8 tree \(arguments)", in: temp.url).text
            XCTAssertEqual(try ours("--tree --sort=bytes \(arguments)", in: temp).text, theirs, "filetable --tree \(arguments) against tree")
        }
    }

    /// tree's time orders (-t, -c: oldest first by whole seconds, ties by
    /// name) and --filesfirst, alone and with -r and --dirsfirst, against
    /// tree, on names whose natural and byte orders agree.
    func testTreeTimeOrdersAndFilesFirst() throws {
        let temp = try TemporaryTree.inMemory()
        let made = try CommandRunner.shell(
            """
            mkdir -p t/docs t/music/old && cd t && for n in apple berry cherry grape; do echo $n > $n; done \\
              && touch -d '2020-01-01 00:00:05' berry docs && touch -d '2020-01-01 00:00:01.9' apple \\
              && touch -d '2020-01-01 00:00:01.1' cherry && touch -d '2020-01-01 00:00:09' grape music
            """, in: temp.url)
        XCTAssertEqual(made.status, 0, made.stderr)
        XCTAssertEqual(
            try ours("--tree --noreport -t t", in: temp).text, "t\n├── apple\n├── cherry\n├── berry\n├── docs\n├── grape\n└── music\n    └── old\n",
            "oldest first; apple and cherry in the same second go by name")
        guard CommandRunner.isInstalled("tree") else { throw XCTSkip("tree is not installed; compared with the expected order only") }
        for arguments in ["-t", "-t -r", "-c", "--filesfirst", "--filesfirst -r", "-t --dirsfirst", "-t --filesfirst", "-c -r -L 1"] {
            let theirs = try CommandRunner.shell("LC_ALL=C.UTF-8 tree \(arguments) t", in: temp.url).text
            XCTAssertEqual(try ours("--tree \(arguments) t", in: temp).text, theirs, "filetable --tree \(arguments) against tree")
        }
    }

    /// tree's -J: its JSON, line for line, with the letters it combines with;
    /// several roots make valid JSON (tree leaves out their commas).
    func testTreeJSON() throws {
        let temp = try makeTree()
        _ = try CommandRunner.shell("mkdir empty && touch \"q\\\"uote\" && ln -s nowhere dang", in: temp.url)
        XCTAssertEqual(
            try ours("--tree -J -L 1 --sort=bytes .", in: temp).text,
            """
            [
              {"type":"directory","name":".","contents":[
                {"type":"directory","name":"d"},
                {"type":"link","name":"dang","target":"nowhere"},
                {"type":"directory","name":"empty"},
                {"type":"file","name":"f"},
                {"type":"link","name":"link","target":"d"},
                {"type":"file","name":"q\\"uote"}
              ]}
            ,
              {"type":"report","directories":4,"files":3}
            ]

            """)
        let two = try ours("--tree -J . d", in: temp)
        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: two.stdout), two.text)
        let refused = try ours("--tree -J -l .", in: temp)
        XCTAssertEqual(refused.status, 1, "tree's status for a bad command line")
        guard CommandRunner.isInstalled("tree") else { return }
        for arguments in ["-J", "-J -L 1", "-J -d", "-J -a", "-J -pugs", "-J -h", "-J -D", "-J --noreport", "-J -f", "-J -I 'd|e*'", "-J -P 'f*'"] {
            let theirs = try CommandRunner.shell("LC_ALL=C.UTF-8 tree \(arguments) .", in: temp.url).text
            XCTAssertEqual(try ours("--tree --sort=bytes \(arguments) .", in: temp).text, theirs, "filetable --tree \(arguments) against tree")
        }
    }

    /// du's -S, -l, -t, --inodes, --exclude, -D/-H and --files0-from, in
    /// du's shapes (-a, -d N, -s): as du, compared by path (the order is
    /// largest first), with golden figures where the file system's
    /// directory sizes do not enter. (Which of two hard links du counts
    /// depends on its walk order, so the tree compared has none.)
    func testMoreDuLetters() throws {
        let temp = try TemporaryTree()
        let made = try CommandRunner.shell(
            """
            mkdir -p a/b c && head -c 50000 /dev/zero > a/big && head -c 3000 /dev/zero > a/b/small && echo x > c/x.log \
            && ln -s a lnk && head -c 200000 /dev/zero > top.log && printf 'a\\0c\\0' > list0
            """, in: temp.url)
        XCTAssertEqual(made.status, 0, made.stderr)
        // du's order is its walk's (the directory's reading): compared as a set of lines here.
        let thresholded = try ours("--du -b -a -t 3001 --exclude=c a", in: temp).text.split(separator: "\n")
        XCTAssertTrue(thresholded.contains("50000\ta/big"), "\(thresholded)")
        XCTAssertEqual(Set(thresholded.map { $0.split(separator: "\t").last! }), ["a/big", "a/b", "a"])
        XCTAssertEqual(thresholded.last?.hasSuffix("\ta"), true, "the directory after what it holds")
        XCTAssertEqual(try ours("--du -s --inodes a c", in: temp).text, "4\ta\n2\tc\n")
        XCTAssertEqual(try ours("--du -s --inodes -D lnk", in: temp).text, "4\tlnk\n")
        XCTAssertEqual(try ours("--du -s --inodes lnk", in: temp).text, "1\tlnk\n", "a link operand is not followed without -D")
        XCTAssertEqual(try ours("--du -s --inodes --files0-from=list0", in: temp).text, "4\ta\n2\tc\n")
        XCTAssertEqual(try ours("--du -s --inodes -S a", in: temp).text, "2\ta\n", "a and a/big: a/b counts in its own figure")
        XCTAssertEqual(
            sortedByPath(try ours("--du -a --inodes -t 2 -t -3 a", in: temp).text), ["2\ta/b", "1\ta/b/small", "1\ta/big"], "-t -3: at most 3")
        // -l counts a second link to a file again.
        _ = try CommandRunner.shell("ln top.log c/linked", in: temp.url)
        let once = try ours("--du -b -s .", in: temp).text.split(separator: "\t").first.flatMap { Int($0) } ?? 0
        let twice = try ours("--du -b -s -l .", in: temp).text.split(separator: "\t").first.flatMap { Int($0) } ?? 0
        XCTAssertEqual(twice - once, 200_000)
        _ = try CommandRunner.shell("rm c/linked", in: temp.url)
        // du's long names where ls has the same name: du's meaning, or refused by it.
        XCTAssertEqual(try ours("--du --all --inodes a", in: temp).text, try ours("--du -a --inodes a", in: temp).text)
        XCTAssertEqual(try ours("--du --dereference --inodes -a a", in: temp).text, try ours("--du -L --inodes -a a", in: temp).text)
        // --exclude-from (-X): a pattern a line, trailing blanks dropped, blank lines skipped; a missing file is status 1, as du's.
        _ = try CommandRunner.shell("printf '*.log\\n\\nb  \\n' > patterns && printf 'c' > more", in: temp.url)
        let missing = try ours("--du -X nope a", in: temp)
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("filetable: nope: No such file or directory"), missing.stderr)
        let extra = try ours("--du --files0-from=list0 a", in: temp)
        XCTAssertEqual(extra.status, 1, "du's status for any failure")
        XCTAssertTrue(extra.stderr.hasPrefix("filetable: extra operand 'a'\nfile operands cannot be combined with --files0-from\n"), extra.stderr)
        guard CommandRunner.isInstalled("du") else { return }
        for arguments in [
            "-a", "-S -d 9", "-Sa", "-a -l", "--inodes -d 9", "--inodes -a", "-t 10K -a", "-t -10K -a", "-t 1M -d 9", "--exclude='*.log' -a",
            "--exclude=b -a", "-D -d 9 lnk", "-H -a lnk", "-s lnk", "-S -c -d 9 . a", "-l -s .", "-s --inodes a c", "-b -a -t 3001", "-m -a",
            "--inodes -S -a", "-t 8K -S -d 9", "-s --files0-from=list0", "-s -c -l . c",
            "-X patterns -a", "--exclude-from=patterns -a .", "-X patterns -X more -a", "-X more --exclude=b -a",
        ] {
            let theirs = try CommandRunner.shell("du \(arguments)", in: temp.url).text
            XCTAssertEqual(sortedByPath(try ours("--du \(arguments)", in: temp).text), sortedByPath(theirs), "filetable --du \(arguments) against du")
        }
    }

    private func sortedByPath(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init).sorted { $0.split(separator: "\t").last ?? "" < $1.split(separator: "\t").last ?? "" }
    }

    /// tree's details (-p -u -g -s -h -D, --timefmt), -I with alternatives
    /// and --charset=ascii, on the root's line too; with --sort=bytes the
    /// order is tree's (its default in a UTF-8 locale) on a real tree.
    func testTreeDetailsPatternsAndCharset() throws {
        let temp = try makeTree()
        _ = try CommandRunner.shell("head -c 1600000 /dev/zero > d/huge && touch -d '2020-01-02 03:04' f", in: temp.url)
        // Directories' sizes depend on the file system: read them first.
        let sizes = try CommandRunner.shell("stat -c %s . d", in: temp.url).text.split(separator: "\n").map {
            String(repeating: " ", count: 11 - $0.count) + $0
        }
        XCTAssertEqual(
            try ours("--tree -s --charset=ascii -I 'g|e' .", in: temp).text,
            "[\(sizes[0])]  .\n|-- [\(sizes[1])]  d\n|   `-- [    1600000]  huge\n|-- [          5]  f\n`-- [          1]  link -> d\n\n3 directories, 2 files\n"
        )
        XCTAssertTrue(try ours("--tree -h -p .", in: temp).text.contains("── [-rw-r--r-- 1.5M]  huge\n"))
        XCTAssertTrue(try ours("--tree -D --timefmt %F .", in: temp).text.contains("── [2020-01-02]  f\n"))
        guard CommandRunner.isInstalled("tree") else {
            print("PeerLettersEndToEndTests: tree is not installed; compared with the golden output only")
            return
        }
        for arguments in [
            "-p .", "-s .", "-h .", "-u .", "-g .", "-pugsh .", "-D .", "-ps -F .", "--charset=ascii .", "--charset ascii -p -a .",
            "-I 'g*' .", "-I 'g*|e' .", "-d -s .", "-f -p .", "-i -s .", "-L 1 -p .", "-D --timefmt %Y-%m .",
        ] {
            let theirs = try CommandRunner.shell("LC_ALL=C.UTF-8 tree \(arguments)", in: temp.url).text
            XCTAssertEqual(try ours("--tree \(arguments)", in: temp).text, theirs, "filetable --tree \(arguments) against tree")
        }
        if FileManager.default.fileExists(atPath: "/usr/share/doc") {
            for arguments in ["-pugsh", "-h -a --charset=ascii -L 2"] {
                let theirs = try CommandRunner.shell("LC_ALL=C.UTF-8 tree \(arguments) doc", in: URL(fileURLWithPath: "/usr/share")).text
                let mine = try CommandRunner.shell("\"$FILETABLE\" --tree --sort=bytes \(arguments) doc", in: URL(fileURLWithPath: "/usr/share")).text
                XCTAssertEqual(mine, theirs, "--tree --sort=bytes \(arguments) /usr/share/doc against tree")
            }
        }
    }

    /// An entry that cannot be stat'ed (in a directory readable but not
    /// searchable) is reported and makes the status 1, as du's "cannot access".
    func testDuReportsEntriesItCannotStat() throws {
        let temp = try makeTree()
        let prefix = try CommandRunner.unprivilegedPrefix(reaching: temp)
        _ = try CommandRunner.shell("mkdir -p nox && touch nox/a && chmod -R a+rX . && chmod 644 nox", in: temp.url)
        let ours = try CommandRunner.shell("\(prefix)\"$FILETABLE\" --du -s .", in: temp.url)
        XCTAssertEqual(ours.status, 1, ours.stderr)
        XCTAssertTrue(ours.stderr.contains("./nox/a: Permission denied"), ours.stderr)
        if CommandRunner.isInstalled("du") {
            let du = try CommandRunner.shell("\(prefix)du -s .", in: temp.url)
            XCTAssertEqual(du.status, 1)
            XCTAssertEqual(ours.text, du.text)
        }
    }

    /// An empty root is 0 directories, and a directory that cannot be opened
    /// is drawn `[error opening dir]` (reported on standard error too), as tree does.
    func testTreeDrawsEmptyAndUnreadableDirectoriesAsTreeDoes() throws {
        let temp = try makeTree()
        _ = try CommandRunner.shell("mkdir -p empty locked/inside && chmod -R a+rX . && chmod 000 locked", in: temp.url)
        XCTAssertEqual(try ours("--tree empty", in: temp).text, "empty\n\n0 directories, 0 files\n")
        let prefix = try CommandRunner.unprivilegedPrefix(reaching: temp)
        let drawn = try CommandRunner.shell("\(prefix)\"$FILETABLE\" --tree -L 2 .", in: temp.url)
        XCTAssertTrue(drawn.text.contains("── locked  [error opening dir]\n"), drawn.text)
        XCTAssertEqual(drawn.status, 1)
        XCTAssertTrue(drawn.stderr.contains("./locked: Permission denied"), drawn.stderr)
        if CommandRunner.isInstalled("tree") {
            for arguments in ["empty", "-L 1 .", "-L 2 .", "locked", "."] {
                let theirs = try CommandRunner.shell("\(prefix)env LC_ALL=C.UTF-8 tree \(arguments)", in: temp.url).text
                let mine = try CommandRunner.shell("\(prefix)\"$FILETABLE\" --tree \(arguments)", in: temp.url).text
                XCTAssertEqual(mine, theirs, "--tree \(arguments) against tree")
            }
        }
    }

    /// ls's indicator styles: -p (a slash on directories), --file-type (as
    /// -F without `*`), --indicator-style WORD, the last given winning; a
    /// link operand to a directory is followed with -p and --file-type, not
    /// with -F, and a long row's target gets no slash with -p: as ls.
    func testLsIndicatorStyles() throws {
        let temp = try TemporaryTree()
        _ = try CommandRunner.shell(
            "mkdir adir && ln -s adir blink && touch cfile && ln -s cfile dlink && printf x > eexec && chmod 755 eexec && mkfifo ffifo && ln -s nowhere gdangling",
            in: temp.url)
        XCTAssertEqual(try ours("-1 -p", in: temp).text, "adir/\nblink\ncfile\ndlink\neexec\nffifo\ngdangling\n")
        XCTAssertEqual(try ours("-1 --file-type", in: temp).text, "adir/\nblink@\ncfile\ndlink@\neexec\nffifo|\ngdangling@\n")
        for arguments in [
            "-1 -p", "-1 --file-type", "-1 --indicator-style=slash", "-1 --indicator-style=file-type", "-1 --indicator-style=classify",
            "-1 --indicator-style=none", "-1 -F -p", "-1 -p -F", "-l -p", "-l --file-type", "-C -p", "-1 -p blink", "-1 --file-type blink",
            "-1 -F blink", "-R -p .",
        ] {
            let theirs = try CommandRunner.shell("LC_ALL=C ls \(arguments)", in: temp.url).text
            XCTAssertEqual(try ours(arguments, in: temp).text, theirs, "filetable \(arguments) against ls")
        }
    }

    /// ls's -I/--ignore (always) and --hide (unless -a or -A), with -R not
    /// entering an ignored directory: as ls.
    func testLsIgnoreAndHide() throws {
        let temp = try TemporaryTree()
        _ = try CommandRunner.shell("mkdir sub && touch .hid a.log b.txt sub/c.log sub/d", in: temp.url)
        XCTAssertEqual(try ours("-1 -I '*.log'", in: temp).text, "b.txt\nsub\n")
        XCTAssertEqual(try ours("-1 -A --hide='*.log'", in: temp).text, ".hid\na.log\nb.txt\nsub\n")
        for arguments in [
            "-1 -I '*.log'", "-1 --ignore='*.log'", "-1 --hide='*.log'", "-1 -a --hide='*.log'", "-1 -A --hide='*.log'",
            "-1 -I '*.log' -I 'b*'", "-R -I '*.log' .", "-1 -a -I '.*'", "-R -I sub .",
        ] {
            let theirs = try CommandRunner.shell("LC_ALL=C ls \(arguments)", in: temp.url).text
            XCTAssertEqual(try ours(arguments, in: temp).text, theirs, "filetable \(arguments) against ls")
        }
    }

    /// ls's -g and -o (-l without the owner or the group), -G, -B (no
    /// backups) and -m (commas, filled to the width): as ls, with golden
    /// lines where the owner and dates do not enter.
    func testLsLongWithoutOwnerOrGroupCommasAndBackups() throws {
        let temp = try TemporaryTree()
        _ = try CommandRunner.shell(
            "touch a a~ .b~ c.txt~ d && mkdir e && printf 12345 > f && for n in $(seq 1 30); do touch name-$n; done", in: temp.url)
        XCTAssertEqual(try ours("-1B", in: temp).text.split(separator: "\n").prefix(4), ["a", "d", "e", "f"])
        // The owner and group as the system names them for whoever runs the tests.
        let user = try CommandRunner.shell("id -un", in: temp.url).text.trimmingCharacters(in: .whitespacesAndNewlines)
        let group = try CommandRunner.shell("id -gn", in: temp.url).text.trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertEqual(try ours("-o --time-style=+T f", in: temp).text, "-rw-r--r-- 1 \(user) 5 T f\n")
        XCTAssertEqual(try ours("-g --time-style=+T f", in: temp).text, "-rw-r--r-- 1 \(group) 5 T f\n")
        XCTAssertEqual(
            try ours("-m -w 40 --sort=bytes -B", in: temp).text.split(separator: "\n").first, "a, d, e, f, name-1, name-10, name-11,")
        for arguments in [
            "-g", "-o", "-lG", "-og", "-gG", "-gis", "-o -n", "-1B", "-1aB", "-lB", "-m", "-m -w 30", "-m -w 0", "-mi", "-ms", "-mF", "-mR",
            "-m --color=always",
        ] {
            let theirs = try CommandRunner.shell("LC_ALL=C ls \(arguments)", in: temp.url).text
            XCTAssertEqual(try ours("--sort=bytes \(arguments)", in: temp).text, theirs, "filetable \(arguments) against ls")
        }
    }

    /// Colours chosen as ls chooses them: its built-in colours, a special
    /// kind only when its colour is not empty or 0 (`ow=`, `or=`), `fi=0`
    /// and `di=` written as ls writes them, `mh`, `ln=target`, a link's
    /// target coloured in `-l` when ls reads its mode, and no colour at all,
    /// even with --color=always, on a terminal type ls does not know.
    func testLsColoursAsLs() throws {
        let temp = try TemporaryTree()
        let made = try CommandRunner.shell(
            "ln -s nowhere dang && mkdir ow d && chmod 777 ow && touch f x.tar && ln f hard && ln -s f lf && ln -s ow ld && ln -s x.tar lx",
            in: temp.url)
        XCTAssertEqual(made.status, 0, made.stderr)
        func coloured(_ colours: String, _ letters: String, term: String = "xterm") throws -> String {
            try CommandRunner.shell("LS_COLORS='\(colours)' TERM=\(term) \"$FILETABLE\" --sort=bytes --color=always \(letters)", in: temp.url).text
        }
        XCTAssertEqual(
            try coloured("ln=target:or=", "-1").split(separator: "\n").joined(separator: "|"),
            "\u{1B}[0m\u{1B}[01;34md\u{1B}[0m|\u{1B}[mdang\u{1B}[0m|f|hard|\u{1B}[34;42mld\u{1B}[0m|lf|lx|\u{1B}[34;42mow\u{1B}[0m|x.tar")
        XCTAssertEqual(
            try coloured("mh=01;35:ow=:fi=0", "-1F").split(separator: "\n").joined(separator: "|"),
            "\u{1B}[0m\u{1B}[01;34md\u{1B}[0m/|\u{1B}[01;36mdang\u{1B}[0m@|\u{1B}[01;35mf\u{1B}[0m|\u{1B}[01;35mhard\u{1B}[0m|\u{1B}[01;36mld\u{1B}[0m@|\u{1B}[01;36mlf\u{1B}[0m@|\u{1B}[01;36mlx\u{1B}[0m@|\u{1B}[01;34mow\u{1B}[0m/|\u{1B}[0mx.tar\u{1B}[0m"
        )
        XCTAssertEqual(try coloured("", "-1", term: "dumb"), "d\ndang\nf\nhard\nld\nlf\nlx\now\nx.tar\n", "TERM=dumb: no colour")
        for colours in ["", "ln=target", "mh=01;35:or=01;31", "or=40;31;01:mi=00", "mi=01;31", "mi=", "or=", "ex=01;32:ln=target:or=01;31"] {
            for letters in ["-l", "-lF", "-l --file-type", "-lp", "-1F", "-1p", "-Cp"] {
                let theirs = try CommandRunner.shell("LS_COLORS='\(colours)' TERM=xterm LC_ALL=C ls --color=always \(letters)", in: temp.url).text
                XCTAssertEqual(try coloured(colours, letters), theirs, "LS_COLORS='\(colours)' ls --color=always \(letters)")
            }
        }
        for term in ["dumb", "foo", "screen-256color", "linux"] {
            let theirs = try CommandRunner.shell("TERM=\(term) LC_ALL=C ls --color=always -1", in: temp.url).text
            XCTAssertEqual(try coloured("", "-1", term: term), theirs, "TERM=\(term)")
        }
    }

    /// A -l row that cannot be stat'ed (a directory readable, not
    /// searchable): `?` in every column, the time's right-aligned in the
    /// width a time takes even when no row has one, as ls.
    func testLsUnknownRowsArePaddedAsLs() throws {
        let temp = try TemporaryTree()
        let prefix = try CommandRunner.unprivilegedPrefix(reaching: temp)
        _ = try CommandRunner.shell("mkdir d && touch d/file1 d/longername && chmod -R a+rX . && chmod 644 d", in: temp.url)
        let mine = try CommandRunner.shell("\(prefix)\"$FILETABLE\" -l --sort=bytes d", in: temp.url)
        XCTAssertEqual(mine.text, "total 0\n-????????? ? ? ? ?            ? file1\n-????????? ? ? ? ?            ? longername\n")
        XCTAssertEqual(mine.status, 1)
        for letters in ["-l", "-li", "-ls", "-l --time-style=long-iso", "-l --full-time"] {
            let theirs = try CommandRunner.shell("\(prefix)env LC_ALL=C ls \(letters) d", in: temp.url).text
            XCTAssertEqual(try CommandRunner.shell("\(prefix)\"$FILETABLE\" --sort=bytes \(letters) d", in: temp.url).text, theirs, "ls \(letters)")
        }
    }

    /// ls's -H: the links named as operands are followed (a directory
    /// listed, a file shown as its target), the others not; a dangling one
    /// cannot be accessed (status 2).
    func testLsDereferencesOperandLinksWithH() throws {
        let temp = try TemporaryTree()
        _ = try CommandRunner.shell("mkdir d && touch d/in f && ln -s f lf && ln -s d ld && ln -s nowhere dang", in: temp.url)
        XCTAssertEqual(try ours("-1H ld", in: temp).text, "in\n")
        XCTAssertEqual(try ours("-lH dang", in: temp).status, 2)
        for letters in ["-lH lf ld", "-lH ld", "-1 -H ld", "-1H lf", "-lH .", "-lHR .", "-lH lf f", "-lHd ld"] {
            let theirs = try CommandRunner.shell("LC_ALL=C ls \(letters)", in: temp.url).text
            XCTAssertEqual(try ours("--sort=bytes \(letters)", in: temp).text, theirs, "filetable \(letters) against ls")
        }
    }

    /// ls's -q/--hide-control-chars (?), --escape, --zero and
    /// --classify=WHEN as ls; -N and --show-control-chars keep control
    /// characters from the terminal (? and escapes), by design.
    func testLsControlCharactersZeroAndClassifyWhen() throws {
        let temp = try TemporaryTree()
        _ = try CommandRunner.shell("touch \"$(printf 'a\\tb')\" \"$(printf 'new\\nline')\" plain 'sp ace' && mkdir dir", in: temp.url)
        XCTAssertEqual(try ours("-1 -N --sort=bytes", in: temp).text, "a?b\ndir\nnew?line\nplain\nsp ace\n")
        XCTAssertEqual(try ours("-1 --classify=auto --sort=bytes", in: temp).text, "a\\tb\ndir\nnew\\nline\nplain\nsp ace\n", "auto: not a terminal")
        for letters in [
            "-1q", "-1 --hide-control-chars", "-1 --escape", "-Cq", "-lq", "--zero", "-1 --show-control-chars -q", "-1q --classify",
            "-1q --classify=always", "-1q -F --classify=never", "-1q --classify=auto", "-xq --classify=if-tty",
        ] {
            let theirs = try CommandRunner.shell("LC_ALL=C ls \(letters)", in: temp.url).text
            XCTAssertEqual(try ours("--sort=bytes \(letters)", in: temp).text, theirs, "filetable \(letters) against ls")
        }
    }

    /// --time-style as ls reads it: +OLDER<newline>RECENT (the first line
    /// for old times), posix-STYLE (the locale's style in the C locale), no
    /// padding after a +FORMAT's times, and TIME_STYLE as the default.
    func testLsTimeStyles() throws {
        let temp = try TemporaryTree()
        _ = try CommandRunner.shell("touch new && touch -d 2020-01-02 old", in: temp.url)
        XCTAssertEqual(
            try ours("-l --sort=bytes --time-style='+%Y-%m\n%d' new old", in: temp).text
                .split(separator: "\n").map { $0.split(separator: " ").suffix(2).joined(separator: " ") },
            [String(try CommandRunner.shell("date +%d", in: temp.url).text.dropLast()) + " new", "2020-01 old"])
        let bad = try CommandRunner.shell("TIME_STYLE=bogus \"$FILETABLE\" -l new", in: temp.url)
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("invalid TIME_STYLE 'bogus'"), bad.stderr)
        for (environment, letters) in [
            ("", "-l --time-style='+%Y-%m\n%H:%M'"), ("", "-l --time-style=posix-long-iso"), ("", "-l --time-style=posix-full-iso"),
            ("", "-l --time-style='+%b %e'"), ("TIME_STYLE=iso", "-l"), ("TIME_STYLE='+%Y-%m\n%H:%M'", "-l"), ("TIME_STYLE=iso", "-l --full-time"),
        ] {
            let theirs = try CommandRunner.shell("\(environment) LC_ALL=C ls \(letters) new old", in: temp.url).text
            let mine = try CommandRunner.shell("\(environment) \"$FILETABLE\" --sort=bytes \(letters) new old", in: temp.url).text
            XCTAssertEqual(mine, theirs, "\(environment) ls \(letters)")
        }
    }

    /// ls's --time=WORD as -u and -c (sorting by it without -l, as ls);
    /// birth (BirthTimeEndToEndTests has more) taken too.
    func testLsTimeWord() throws {
        let temp = try TemporaryTree()
        _ = try CommandRunner.shell("touch a b c && touch -a -d 2020-01-01 b && touch -a -d 2021-01-01 c", in: temp.url)
        XCTAssertTrue(try ours("-1 --time=atime", in: temp).text.hasSuffix("c\nb\n"))
        for arguments in ["-1 --time=atime", "-1 --time=use", "-1 --time=ctime", "-lt --time=atime", "-l --time=access", "-1 -t --time=status"] {
            let theirs = try CommandRunner.shell("LC_ALL=C ls \(arguments)", in: temp.url).text
            XCTAssertEqual(try ours(arguments, in: temp).text, theirs, "filetable \(arguments) against ls")
        }
        let birth = try ours("--time=birth .", in: temp)
        XCTAssertEqual(birth.status, 0, birth.stderr)
        XCTAssertEqual(
            Set(birth.text.split(separator: "\n")), ["a", "b", "c"], "sorted by when each was made (its order is BirthTimeEndToEndTests')")
    }

    /// ls -L on a dangling or looping link operand: it cannot be reached,
    /// status 2, the other operands listed (as ls).
    func testLsDereferenceRefusesADanglingOperand() throws {
        let temp = try TemporaryTree()
        _ = try CommandRunner.shell("touch file && ln -s nowhere dangling && ln -s loop2 loop1 && ln -s loop1 loop2", in: temp.url)
        let result = try ours("-1 -L dangling loop1 file", in: temp)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.text, "file\n")
        XCTAssertTrue(result.stderr.contains("dangling: No such file or directory"), result.stderr)
        XCTAssertTrue(result.stderr.contains("loop1: Too many levels of symbolic links"), result.stderr)
        XCTAssertEqual(try ours("-1 dangling", in: temp).status, 0, "without -L the link itself is listed")
    }

    /// xxd's -l is the length after --hex, as hexdump's -n.
    /// xxd's single-dash words after --xxd (`-cols 8`, `-len 20`, `-ps`,
    /// `-include`, `-name`), each as xxd reads it; `-revert` is refused as -r is.
    func testXxdWordsAreXxds() throws {
        let temp = try TemporaryTree()
        temp.file("data", contents: (1...200).map { "line \($0)\n" }.joined())
        let cases = [
            "-cols 8 -len 20", "-ps -len 10", "-plain -len 10", "-postscript -len 10", "-bits -len 4", "-capitalize -include -len 5",
            "-skip 10 -len 16", "-seek 10 -len 16", "-group 4 -len 16", "-groupsize 4 -len 16", "-offset 256 -len 16",
            "-name foo -include -len 3", "-autoskip -len 64",
        ]
        for words in cases {
            let ours = try CommandRunner.shell("\"$FILETABLE\" --xxd \(words) data", in: temp.url)
            XCTAssertEqual(ours.status, 0, "\(words): \(ours.stderr)")
            guard CommandRunner.isInstalled("xxd") else { continue }
            XCTAssertEqual(ours.text, try CommandRunner.shell("xxd \(words) data", in: temp.url).text, "xxd \(words)")
        }
        // -revert is -r: the dump read back into the bytes.
        let revert = try CommandRunner.shell("\"$FILETABLE\" --xxd data | \"$FILETABLE\" --xxd -revert", in: temp.url)
        XCTAssertEqual(revert.text, (1...200).map { "line \($0)\n" }.joined())
    }

    func testXxdLengthLetter() throws {
        let temp = try makeTree()
        let ours = try CommandRunner.shell("\"$FILETABLE\" --hex --format xxd -s 16 -l 20 d/g", in: temp.url)
        XCTAssertEqual(ours.status, 0, ours.stderr)
        XCTAssertEqual(
            ours.text,
            "00000010: 7878 7878 7878 7878 7878 7878 7878 7878  xxxxxxxxxxxxxxxx\n00000020: 7878 7878                                xxxx\n")
        if CommandRunner.isInstalled("xxd") {
            XCTAssertEqual(ours.text, try CommandRunner.shell("xxd -s 16 -l 20 d/g", in: temp.url).text)
        }
    }

    /// A peer's letter filetable does not take is refused by the peer's
    /// meaning (status 2, nothing printed); an ls letter after a peer's mode
    /// says whose letters these are.
    func testLettersNotTakenAreRefusedByName() throws {
        let temp = try makeTree()
        let cases: [(String, String)] = [
            ("--du -g d", "-g is du's 1 GiB blocks, which filetable --du does not take"),
            ("--tree -X .", "-X is tree's XML output, which filetable --tree does not take"),
            ("--tree -H x .", "-H is tree's HTML output, which filetable --tree does not take"),
            ("--du -F d", "-F is a listing letter; after --du the letters are du's"),
            ("--tree -S .", "-S is tree's CP437 line graphics, which filetable --tree does not take"),
            ("--tree -A .", "-A is tree's ANSI line graphics, which filetable --tree does not take"),
            ("-L 2 --tree .", "-L is ls's"),
        ]
        for (arguments, message) in cases.dropLast() {
            let result = try ours(arguments, in: temp)
            XCTAssertEqual(result.status, 1, arguments + ": du's and tree's status for a bad command line")
            XCTAssertEqual(result.text, "", arguments)
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        // ls's -Z (once refused by name) shows each entry's context; --context is the same.
        let context = try ours("-lZ d", in: temp)
        XCTAssertEqual(context.status, 0, context.stderr)
        XCTAssertEqual(context.text, try ours("-l --context d", in: temp).text)
        // --tree anywhere before -- makes the letters tree's, wherever they stand.
        XCTAssertTrue(try ours("-L 1 --tree .", in: temp).text.hasSuffix("\n3 directories, 1 file\n"))
    }
}
