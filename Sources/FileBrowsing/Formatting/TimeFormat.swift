import SystemSeam

/// Times as `ls -l` prints them (local time, C locale) and as RFC 3339 UTC.
public struct TimeFormat {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    /// `ls` calls a time recent when it lies within the last six months (half a Gregorian year).
    private static let sixMonths: Int64 = 31_556_952 / 2
    private let now: Int64

    /// Times relative to `now` (seconds since the epoch; the current time when nil).
    public init(now: Int64? = nil) {
        CalendarTime.readTimeZone()
        self.now = now ?? CalendarTime.now()
    }

    /// How `ls -l` writes a time (`--time-style`).
    public enum Style: String, Sendable, CaseIterable {
        /// `Nov 22 01:39`, or `Mar  5  2024` when older than six months or in the future.
        case locale
        /// `2026-11-22 01:39:19.123456789 +0000` (`--full-time`).
        case fullISO = "full-iso"
        /// `2026-11-22 01:39`.
        case longISO = "long-iso"
        /// `11-22 01:39`, or `2024-03-05 ` when not recent.
        case iso
    }

    /// A `--time-style`: one of ls's styles, or strftime formats for recent
    /// and older times (`+%F %T`, or `+OLDER` and `RECENT` on two lines, as
    /// ls reads them: the first line for times more than six months old).
    public enum Layout: Sendable, Equatable {
        case style(Style)
        case custom(recent: String, older: String)

        /// The layout a `--time-style` argument names; nil when it names none.
        public init?(_ argument: String) {
            if argument.hasPrefix("+") {
                let formats = argument.dropFirst().split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
                self = .custom(recent: String(formats.count > 1 ? formats[1] : formats[0]), older: String(formats[0]))
            } else if let style = Style(rawValue: argument) {
                self = .style(style)
            } else if argument.hasPrefix("posix-"), Style(rawValue: String(argument.dropFirst(6))) != nil {
                // posix-STYLE: STYLE unless the locale is POSIX's, which it always is here.
                self = .style(.locale)
            } else {
                return nil
            }
        }
    }

    /// A time as a `--time-style` lays it out.
    public func format(_ timestamp: Timestamp, layout: Layout) -> String {
        switch layout {
        case .style(let style): return format(timestamp, style: style)
        case .custom(let recent, let older): return Self.strftime(isRecent(timestamp) ? recent : older, timestamp)
        }
    }

    /// strftime(3) in local time (`tree --timefmt`).
    public func strftime(_ format: String, _ timestamp: Timestamp) -> String { Self.strftime(format, timestamp) }

    /// A time as tree's `-D` writes it: `Nov 24 12:15`, or `Nov 24  2025`
    /// for a time in the future or more than 182.5 days (tree's six months) ago.
    public func treeStyle(_ timestamp: Timestamp) -> String {
        let old = timestamp.seconds > now || timestamp.seconds + 365 * 24 * 60 * 60 / 2 < now
        return Self.strftime(old ? "%b %e  %Y" : "%b %e %H:%M", timestamp)
    }

    /// strftime(3) in local time, with ls's `%N` (nanoseconds) added.
    static func strftime(_ format: String, _ timestamp: Timestamp) -> String {
        guard let parts = CalendarTime.local(timestamp.seconds) else { return String(timestamp.seconds) }
        // %N first, leaving %%N alone.
        var expanded = ""
        let chars = Array(format)
        var i = 0
        while i < chars.count {
            if chars[i] == "%", i + 1 < chars.count {
                if chars[i + 1] == "N" {
                    let nanos = String(timestamp.nanoseconds)
                    expanded += String(repeating: "0", count: max(0, 9 - nanos.count)) + nanos
                } else {
                    expanded += "%" + String(chars[i + 1])
                }
                i += 2
            } else {
                expanded.append(chars[i])
                i += 1
            }
        }
        if expanded.isEmpty { return "" }
        return parts.formatted(expanded)
    }

    /// A time in one of `ls`'s styles.
    public func format(_ timestamp: Timestamp, style: Style) -> String {
        switch style {
        case .locale: return lsStyle(timestamp)
        case .fullISO: return Self.full(timestamp)
        case .longISO, .iso:
            guard let parts = CalendarTime.local(timestamp.seconds) else { return String(timestamp.seconds) }
            let date = "\(parts.year)-\(Self.twoDigits(parts.month))-\(Self.twoDigits(parts.day))"
            let clock = "\(Self.twoDigits(parts.hour)):\(Self.twoDigits(parts.minute))"
            if style == .longISO { return date + " " + clock }
            return isRecent(timestamp) ? "\(Self.twoDigits(parts.month))-\(Self.twoDigits(parts.day)) " + clock : date + " "
        }
    }

    private func isRecent(_ timestamp: Timestamp) -> Bool {
        timestamp.seconds > now - Self.sixMonths && timestamp.seconds <= now
    }

    /// `Nov 22 01:39` for recent times, `Mar  5  2024` for older or future ones.
    public func lsStyle(_ timestamp: Timestamp) -> String {
        guard let parts = CalendarTime.local(timestamp.seconds) else { return String(timestamp.seconds) }
        let month = Self.months[Int(parts.month - 1)]
        let day = parts.day < 10 ? " \(parts.day)" : "\(parts.day)"
        if isRecent(timestamp) {
            return "\(month) \(day) \(Self.twoDigits(parts.hour)):\(Self.twoDigits(parts.minute))"
        }
        let year = Int(parts.year)
        return "\(month) \(day)  \(year)"
    }

    /// `2026-11-22 01:39:19.123456789 +0000`, local time, as `stat` prints it.
    public static func full(_ timestamp: Timestamp) -> String {
        guard let parts = CalendarTime.local(timestamp.seconds) else { return String(timestamp.seconds) }
        let nanos = String(timestamp.nanoseconds)
        let fraction = String(repeating: "0", count: max(0, 9 - nanos.count)) + nanos
        let offset = parts.utcOffset / 60
        let sign = offset < 0 ? "-" : "+"
        let zone = sign + String(format2(Int32(abs(offset) / 60))) + String(format2(Int32(abs(offset) % 60)))
        return
            "\(parts.year)-\(format2(parts.month))-\(format2(parts.day)) \(format2(parts.hour)):\(format2(parts.minute)):\(format2(parts.second)).\(fraction) \(zone)"
    }

    private static func format2(_ value: Int32) -> String { twoDigits(value) }

    /// `2026-11-22T01:39:19Z`.
    public static func rfc3339(_ timestamp: Timestamp) -> String {
        guard let parts = CalendarTime.utc(timestamp.seconds) else { return String(timestamp.seconds) }
        let year = Int(parts.year)
        let yearText = year >= 0 && year < 1000 ? String(repeating: "0", count: 4 - String(year).count) + String(year) : String(year)
        return
            "\(yearText)-\(twoDigits(parts.month))-\(twoDigits(parts.day))T\(twoDigits(parts.hour)):\(twoDigits(parts.minute)):\(twoDigits(parts.second))Z"
    }

    private static func twoDigits(_ value: Int32) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
