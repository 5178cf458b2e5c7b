/// What du's figures count at the prompt and in the screen: the blocks a
/// tree takes on disk (du's default), or its files' lengths (du's
/// `--apparent-size`, ncdu's `a`).
enum SpaceMeasure: String, Sendable {
    case disk, apparent
}
