import FiletableCLI

// filetable's entry point: the whole program lives in FiletableCLI.
FiletableCommand.main()
