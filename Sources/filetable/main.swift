import Glibc
import FileBrowsing

// filetable's entry point: parse the command line, run, exit with ls's statuses.
Platform.prepareSignals()
Platform.raiseDescriptorLimit()
Glibc.exit(FiletableCommand.run(arguments: Platform.argumentBytes()).rawValue)
