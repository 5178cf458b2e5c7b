import Terminal

extension RealTerminal {
    /// The process's terminal as the session uses it: keys from standard
    /// input, the size from `LINES` and `COLUMNS` where standard output is
    /// no terminal, and Ctrl-Z stopping the launcher too when the session
    /// runs in its child.
    static func ofThisSession(output: OutputSink) -> RealTerminal {
        RealTerminal(
            input: 0, output: output,
            sizeElsewhere: {
                guard let rows = TerminalSize.lines(), let columns = TerminalSize.columns() else { return nil }
                return (rows, columns)
            },
            stopsItsGroup: SessionLauncher.isChild)
    }
}
