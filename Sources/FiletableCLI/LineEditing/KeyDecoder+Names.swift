import FileBrowsing
import Terminal

extension KeyDecoder {
    /// The decoder of the prompt and the screen: bytes typed that are no
    /// UTF-8 become the escapes names are shown in (`\xFF`), so typing a
    /// name as shown names its bytes.
    init() {
        self.init(typedText: NameEscaping.typedText)
    }
}
