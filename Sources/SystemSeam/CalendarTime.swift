import Glibc

/// A moment broken down into calendar fields, in the local time zone or in
/// UTC (`localtime_r`, `gmtime_r`), and `strftime` over it: the C library's
/// calendar, for the time formats.
public struct CalendarTime {
    public let year: Int32
    /// 1 to 12.
    public let month: Int32
    public let day: Int32
    public let hour: Int32
    public let minute: Int32
    public let second: Int32
    /// Seconds east of UTC.
    public let utcOffset: Int
    private let fields: tm

    private init(_ fields: tm) {
        self.fields = fields
        year = fields.tm_year + 1900
        month = fields.tm_mon + 1
        day = fields.tm_mday
        hour = fields.tm_hour
        minute = fields.tm_min
        second = fields.tm_sec
        utcOffset = fields.tm_gmtoff
    }

    /// The moment in the local time zone, or nil where the C library cannot say.
    public static func local(_ seconds: Int64) -> CalendarTime? {
        var time = time_t(seconds)
        var fields = tm()
        return localtime_r(&time, &fields) != nil ? CalendarTime(fields) : nil
    }

    /// The moment in UTC.
    public static func utc(_ seconds: Int64) -> CalendarTime? {
        var time = time_t(seconds)
        var fields = tm()
        return gmtime_r(&time, &fields) != nil ? CalendarTime(fields) : nil
    }

    /// The current time, in seconds since the epoch.
    public static func now() -> Int64 { Int64(time(nil)) }

    /// Reads the time zone (`TZ`) once, before local times are made.
    public static func readTimeZone() { tzset() }

    /// `strftime(3)` of `format` (at most 4,095 bytes of result).
    public func formatted(_ format: String) -> String {
        var fields = self.fields
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = strftime(&buffer, buffer.count, format, &fields)
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
