import FileBrowsing
import SystemSeam

/// How `du --time` writes a time, as du chooses it: `--time-style`, else
/// the `TIME_STYLE` environment variable (`posix-` prefixes dropped,
/// `locale` read as long-iso, a `+FORMAT` up to its first newline), else
/// long-iso; local time.
struct DuTimeStyle {
    /// The strftime format, or nil for full-iso.
    private let format: String?

    init(_ style: String?) {
        var chosen = style ?? Environment.value("TIME_STYLE") ?? "long-iso"
        if style == nil {
            if chosen == "locale" { chosen = "long-iso" }
            if chosen.hasPrefix("+") {
                chosen = String(chosen.prefix { $0 != "\n" })
            } else {
                while chosen.hasPrefix("posix-") { chosen.removeFirst(6) }
            }
        }
        switch chosen {
        case "full-iso": format = nil
        case "iso": format = "%Y-%m-%d"
        case _ where chosen.hasPrefix("+"): format = String(chosen.dropFirst())
        default: format = "%Y-%m-%d %H:%M"
        }
    }

    func format(_ time: Timestamp) -> String {
        guard let format else { return TimeFormat.full(time) }
        return TimeFormat().strftime(format, time)
    }
}
