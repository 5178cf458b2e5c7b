/// A front end that draws nothing and asks nothing: where the config's
/// settings run before the first page (`sort size` would otherwise print a
/// page of its own). What the commands said is kept, for mistakes.
final class QuietFrontEnd: FrontEnd {
    private(set) var said: [Message] = []
    var drawsPages: Bool { false }
    func say(_ message: Message) { said.append(message) }
    func showTable(_ level: TableLevel, state: SessionState, settings: Session.Settings) -> Bool { false }
    var canAsk: Bool { false }
    func ask(_ question: String) -> Bool { false }
    func showProgress(_ progress: OperationProgress?) {}
}
