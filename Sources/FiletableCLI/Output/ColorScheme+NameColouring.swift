import FileBrowsing
import Terminal

/// `LS_COLORS`' scheme is how listings colour names: the terminal module
/// reads the setting, the file model asks through `NameColouring`, and
/// neither knows the other.
extension ColorScheme: NameColouring {}
