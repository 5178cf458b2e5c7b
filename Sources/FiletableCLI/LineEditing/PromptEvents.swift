/// Something besides the keyboard that the prompt waits on (`poll`): the
/// directory watcher, and calls that came back late. When a descriptor is readable, or its timeout has
/// passed, the editor calls `wake` and prints what it returns above the
/// line being typed, then draws the prompt and the line again as they were.
protocol PromptEvents: AnyObject {
    /// The descriptors to wait on.
    var descriptors: [Int32] { get }
    /// Milliseconds until `wake` is due anyway (a change held back to keep
    /// redraws to a few a second); -1 for none.
    var timeout: Int32 { get }
    /// Handles what came, and says what to show above the prompt.
    func wake() -> PromptEventOutput?
}

/// What a `PromptEvents` shows above the prompt.
enum PromptEventOutput {
    /// One line that replaces the previous notice (`+2 -1 since this page was drawn`).
    case notice(String)
    /// Lines added above the prompt (a page drawn again, a marked file that changed).
    case lines(String)
}
