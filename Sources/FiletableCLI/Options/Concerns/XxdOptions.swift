/// What `--xxd` was asked beyond the dump's common options (xxd's letters).
struct XxdOptions {
    /// xxd's variants: `-e`, `-b`, `-d`, `-o N`, `-a`, `-i` (with `-n NAME`, `-C`).
    var littleEndian = false
    var bits = false
    var decimalOffsets = false
    var displacement: UInt64 = 0
    var autoskip = false
    var include = false
    var name: [UInt8]?
    var capitalized = false
    /// xxd's `-t`: a 0 after the bytes of `-i`.
    var terminated = false
    /// xxd's `-E`: the text column as EBCDIC.
    var ebcdic = false
    /// xxd's `-R WHEN` (nil: xxd's default, `--color` when given).
    var color: CommandLineOptions.ColorMode?
    /// `--xxd -r`: a dump read back into bytes.
    var revert = false
}
