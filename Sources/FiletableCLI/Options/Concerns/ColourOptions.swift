/// When names are coloured and linked.
struct ColourOptions {
    var color = CommandLineOptions.ColorMode.auto
    /// `--color` was given (run as ls, colour is otherwise off, as ls's default).
    var colorChosen = false
    /// `--hyperlink`: names as links to their files (OSC 8), as ls; off unless asked.
    var hyperlink = CommandLineOptions.ColorMode.never
}
