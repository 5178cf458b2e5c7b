import SystemSeam

/// What colours a name by what it is, as a listing asks it: the parameters
/// of a colour (an SGR parameter string such as `01;34`, which the front
/// end's markup turns into escapes), never the escapes themselves. The
/// terminal's schemes (`ColorScheme`, from `LS_COLORS`) conform; the file
/// model knows only this. Class-bound: asked a row, it is passed as a reference.
public protocol NameColouring: AnyObject, Sendable {
    /// The colour of an entry of `kind`, or nil for no colour sequence at
    /// all (an empty string still asks for one). `status` is the entry's
    /// own `lstat` (for a link coloured as its target, the target's);
    /// `targetMissing` marks a dangling link.
    func parameters(for kind: FileKind, status: FileStatus?, name: UnsafeBufferPointer<UInt8>, targetMissing: Bool) -> String?
    /// A link is coloured as what it points to (`ln=target`).
    var coloursLinksAsTargets: Bool { get }
    /// Every name is coloured, even one with no colour of its own (`no=`).
    var normalIsColored: Bool { get }
    /// The colour of a link target that is missing, or of one whose mode
    /// was not read (ls's `mi` when set, else `or`).
    var missingTargetColour: String? { get }
    /// Whether the colours of a link's target need the target's mode
    /// (`or`, `mi`, or `ex` with `ln=target` set).
    var needsLinkTargetModes: Bool { get }
}
