import FileBrowsing

/// The whole program as a function of its arguments: help, version, or a listing.
enum FiletableCommand {
    static func run(arguments: [[UInt8]]) -> ExitStatus {
        let output = OutputSink(fd: 1)
        let diagnostics = Diagnostics(flushing: output)
        let options: CommandLineOptions
        do {
            options = try ArgumentParser.parse(arguments)
        } catch {
            diagnostics.report(error.message, severity: .seriousTrouble)
            return diagnostics.status
        }
        if options.showHelp {
            output.write(HelpText.usage + "\n")
        } else if options.showVersion {
            output.write(HelpText.version + "\n")
        } else {
            Lister(context: ListingContext(options: options, output: output, diagnostics: diagnostics)).run()
        }
        return diagnostics.finish()
    }
}
