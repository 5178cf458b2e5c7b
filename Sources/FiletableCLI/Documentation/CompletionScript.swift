/// `filetable --generate-completion-script bash|zsh|fish`: shell completion
/// made from `OptionTable` (every option, the words an option takes, files
/// where a path is taken), as swift-argument-parser tools generate theirs.
enum CompletionScript {
    static func text(for shell: String) -> String {
        switch shell {
        case "zsh": return zsh()
        case "fish": return fish()
        default: return bash()
        }
    }

    /// The words an option's value completes to, or nil for a file, or [] for nothing.
    private static func values(of spec: OptionSpec) -> [String]? {
        switch spec.value {
        case .path: return nil
        case .word(let words), .optionalWord(let words, _), .wordOrFormat(let words): return words
        default: return []
        }
    }

    private static func names(of spec: OptionSpec) -> [String] {
        (letter(of: spec).map { ["-\($0)"] } ?? []) + (spec.long.map { ["--\($0)"] } ?? [])
    }

    /// The letter completed for an option: a peer's letter that is also a
    /// listing letter (`-s`, `-n`, `-a`) completes as the listing's, since a
    /// completion script cannot see `--hex`, `--du` or `--tree`; the peer's
    /// option keeps its long name, if it has one.
    private static func letter(of spec: OptionSpec) -> Character? {
        guard let short = spec.short else { return nil }
        if spec.modes.isDisjoint(with: [.listing, .repl]), OptionTable.option(short: short, in: .listing) != nil { return nil }
        return short
    }

    /// The bash function. Every answer goes through `mapfile`, a line a
    /// word, so a file name with spaces stays one word; `--opt=VALUE`
    /// completes whether bash split the word at `=` (it does, by
    /// COMP_WORDBREAKS) or not.
    /// The options a peer's mode reads (`--du`: du's letters and the long
    /// options that serve du), as completion offers them once the mode's
    /// flag is on the line.
    private static func names(in mode: OptionSpec.Mode) -> [String] {
        OptionTable.all.filter { $0.modes.contains(mode) }.flatMap { spec in
            (spec.short.map { ["-\($0)"] } ?? []) + (spec.long.map { ["--\($0)"] } ?? [])
        }
    }

    /// The bash lines that pick the words `-` completes to: a peer's
    /// options once its flag is on the line (before `--`; `--hex` first,
    /// then `--xxd`, `--du`, `--tree`, as the parser picks), else every option.
    private static func bashOptionWords(every: String) -> String {
        let peers: [OptionSpec.Mode] = [.hex, .xxd, .du, .tree]
        let cases = peers.compactMap { mode in
            mode.flag.map { flag in "            \(flag)) words='\(names(in: mode).joined(separator: " "))' ;;" }
        }
        return """
                    local words='\(every)' w flag
                    for flag in \(peers.compactMap(\.flag).joined(separator: " ")); do
                        for w in "${COMP_WORDS[@]:1:COMP_CWORD-1}"; do
                            [[ $w == -- ]] && break
                            if [[ $w == "$flag" ]]; then
                                case $flag in
            \(cases.joined(separator: "\n"))
                                esac
                                break 2
                            fi
                        done
                    done
            """
    }

    static func bash() -> String {
        let every = OptionTable.all.flatMap(names).joined(separator: " ")
        var cases: [String] = []
        for spec in OptionTable.all where spec.value.takesValue && !names(of: spec).isEmpty {
            let pattern = names(of: spec).joined(separator: "|")
            if case .optionalWord(let words, _) = spec.value {
                // Only after `--name=` (a separate word might be a path).
                cases.append(
                    "        \(pattern)) if [[ -n $eq ]]; then mapfile -t COMPREPLY < <(compgen -P \"$prefix\" -W '\(words.joined(separator: " "))' -- \"$cur\"); return; fi ;;"
                )
                continue
            }
            switch values(of: spec) {
            case nil: cases.append("        \(pattern)) mapfile -t COMPREPLY < <(compgen -P \"$prefix\" -f -- \"$cur\"); return ;;")
            case let words? where words.isEmpty: cases.append("        \(pattern)) COMPREPLY=(); return ;;")
            case let words?:
                cases.append(
                    "        \(pattern)) mapfile -t COMPREPLY < <(compgen -P \"$prefix\" -W '\(words.joined(separator: " "))' -- \"$cur\"); return ;;"
                )
            }
        }
        return """
            # bash completion for filetable (filetable --generate-completion-script bash)
            _filetable() {
                local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}" prefix="" eq=""
                # --opt=VALUE: bash splits the word at '=' (COMP_WORDBREAKS); a caller may not.
                if [[ $cur == "=" ]]; then
                    cur=""; eq=1
                elif [[ $prev == "=" && $COMP_CWORD -ge 2 ]]; then
                    prev="${COMP_WORDS[COMP_CWORD-2]}"; eq=1
                elif [[ $cur == --*=* ]]; then
                    prev="${cur%%=*}"; prefix="${cur%%=*}="; cur="${cur#*=}"; eq=1
                fi
                case "$prev" in
            \(cases.joined(separator: "\n"))
                esac
                case "$cur" in
                    -*)
            \(bashOptionWords(every: every))
                        mapfile -t COMPREPLY < <(compgen -W "$words" -- "$cur"); return ;;
                esac
                mapfile -t COMPREPLY < <(compgen -f -- "$cur")
            }
            complete -o filenames -F _filetable filetable

            """
    }

    static func zsh() -> String {
        func quoted(_ text: String) -> String {
            var escaped = ""
            for character in text {
                switch character {
                case "[", "]", ":", "\\": escaped += "\\" + String(character)
                case "'": escaped += "'\\''"
                default: escaped.append(character)
                }
            }
            return escaped
        }
        var lines: [String] = []
        for spec in OptionTable.all {
            let help = "[" + quoted(spec.summary) + "]"
            var action = ""
            switch values(of: spec) {
            case nil: action = ":\(quoted(spec.valueName)):_files"
            case let words? where !words.isEmpty: action = ":\(quoted(spec.valueName)):(\(words.joined(separator: " ")))"
            case _ where spec.value.takesValue: action = ":\(quoted(spec.valueName)): "
            default: break
            }
            if case .optionalWord = spec.value {
                let words = "::\(quoted(spec.valueName)):(\((values(of: spec) ?? []).joined(separator: " ")))"
                if let long = spec.long {
                    lines.append("    '--\(long)=-\(help)\(words)'")
                } else if let short = letter(of: spec) {
                    // A short letter's optional value is joined to it (-Lalways), as getopt's `L::`.
                    lines.append("    '-\(short)-\(help)\(words)'")
                }
                continue
            }
            let suffix = spec.value.takesValue ? "+" : ""
            let longSuffix = spec.value.takesValue ? "=" : ""
            if let short = letter(of: spec), let long = spec.long {
                lines.append("    '(-\(short) --\(long))'{-\(short)\(suffix),--\(long)\(longSuffix)}'\(help)\(action)'")
            } else if let short = letter(of: spec) {
                lines.append("    '-\(short)\(suffix)\(help)\(action)'")
            } else if let long = spec.long {
                lines.append("    '--\(long)\(longSuffix)\(help)\(action)'")
            }
        }
        lines.append("    '*:path:_files'")
        return """
            #compdef filetable
            # zsh completion for filetable (filetable --generate-completion-script zsh)
            _arguments -s -S \\
            \(lines.joined(separator: " \\\n"))

            """
    }

    static func fish() -> String {
        func quoted(_ text: String) -> String {
            var escaped = ""
            for character in text {
                if character == "'" || character == "\\" { escaped += "\\" }
                escaped.append(character)
            }
            return "'" + escaped + "'"
        }
        var lines = ["# fish completion for filetable (filetable --generate-completion-script fish)"]
        for spec in OptionTable.all {
            var line = "complete -c filetable"
            if let short = letter(of: spec) { line += " -s \(short)" }
            if let long = spec.long { line += " -l \(long)" }
            switch values(of: spec) {
            case nil: line += " -r -F"
            case let words? where !words.isEmpty: line += " -x -a " + quoted(words.joined(separator: " "))
            case _ where spec.value.takesValue: line += " -x"
            default: break
            }
            line += " -d " + quoted(spec.summary)
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
