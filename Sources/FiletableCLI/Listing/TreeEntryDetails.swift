import FileBrowsing
import SystemSeam

/// tree's bracket of details before a name (`-p -u -g -s -h --si -D`):
/// `[drwxr-xr-x root     root            4096 Nov 24 12:15]  name`, each
/// field as tree prints it, in tree's order.
struct TreeEntryDetails: Equatable {
    var permissions = false
    var owner = false
    var group = false
    var size = false
    /// `-h` (powers of 1024) or `--si` (powers of 1000): sizes in tree's short form.
    var humanSizes = false
    var siSizes = false
    var date = false
    /// `--timefmt FORMAT` (strftime); tree's own rule without it.
    var timeFormat: String?

    var isEmpty: Bool { !(permissions || owner || group || size || humanSizes || siSizes || date) }

    /// `format` as tree writes it: strftime into tree's 255-byte buffer,
    /// so at most 254 bytes, a conversion or a literal byte kept only
    /// whole (glibc's partial output that tree prints).
    static func treeTime(_ format: String, _ time: Timestamp, times: TimeFormat) -> String {
        let whole = times.strftime(format, time)
        guard whole.utf8.count > 254 else { return whole }
        var kept: [UInt8] = []
        var rest = Substring(format)
        while let first = rest.first {
            let token: Substring = first == "%" ? rest.prefix(2) : rest.prefix(1)
            rest = rest.dropFirst(token.count)
            let piece = Array((token.first == "%" ? times.strftime(String(token), time) : String(token)).utf8)
            guard kept.count + piece.count <= 254 else { break }
            kept += piece
        }
        return String(decoding: kept, as: UTF8.self)
    }

    /// The bracket and the two spaces after it, for an entry of `status`.
    func bracket(for status: FileStatus, accounts: AccountNames, times: TimeFormat) -> String {
        var fields = ""
        if permissions { fields += " " + status.permissions.lsString(kind: status.kind) }
        if owner { fields += " " + Self.padded(accounts.userName(status.userID)) }
        if group { fields += " " + Self.padded(accounts.groupName(status.groupID)) }
        if size || humanSizes || siSizes { fields += sizeField(status.size) }
        if date {
            fields += " " + (timeFormat.map { Self.treeTime($0, status.modificationTime, times: times) } ?? times.treeStyle(status.modificationTime))
        }
        return "[" + fields.dropFirst() + "]  "
    }

    /// The same details as tree -J's fields, in its order:
    /// `,"mode":"0755","prot":"drwxr-xr-x","user":…,"group":…,"size":4096,"time":…`
    /// (a size in `-h` units is a string).
    func jsonFields(for status: FileStatus, accounts: AccountNames, times: TimeFormat) -> String {
        var fields = ""
        if permissions {
            let octal = String(status.permissions.rawValue, radix: 8)
            fields += ",\"mode\":\"" + String(repeating: "0", count: max(0, 4 - octal.count)) + octal + "\""
            fields += ",\"prot\":\"" + status.permissions.lsString(kind: status.kind) + "\""
        }
        if owner { fields += ",\"user\":" + JSONLines.string(Array(accounts.userName(status.userID).utf8)) }
        if group { fields += ",\"group\":" + JSONLines.string(Array(accounts.groupName(status.groupID).utf8)) }
        if humanSizes || siSizes {
            fields += ",\"size\":\"" + String(sizeField(status.size).drop { $0 == " " }) + "\""
        } else if size {
            fields += ",\"size\":\(status.size)"
        }
        if date {
            let text = timeFormat.map { Self.treeTime($0, status.modificationTime, times: times) } ?? times.treeStyle(status.modificationTime)
            fields += ",\"time\":" + JSONLines.string(Array(text.utf8))
        }
        return fields
    }

    /// tree's `%-8.32s`: at least eight columns, at most 32 characters.
    private static func padded(_ name: String) -> String {
        let cut = String(name.prefix(32))
        return cut + String(repeating: " ", count: max(0, 8 - cut.count))
    }

    /// tree's `psize`: ` %11lld` bytes, or with -h/--si ` %4d` under one
    /// unit and ` %3.1f` + unit (` %3.0f` from ten units up) above it.
    func sizeField(_ bytes: Int64) -> String {
        guard humanSizes || siSizes else { return " " + Self.rightAligned(String(bytes), 11) }
        let base: Int64 = siSizes ? 1000 : 1024
        let units = Array(siSizes ? "dkMGTPEZY" : "BKMGTPEZY")
        var value = bytes
        var index = value < base ? 0 : 1
        while value >= base * base {
            index += 1
            value /= base
        }
        if index == 0 { return " " + Self.rightAligned(String(value), 4) }
        let scaled = Double(Float(value) / Float(base))
        let text = value / base >= 10 ? String(Int(scaled.rounded(.toNearestOrEven))) : Self.oneDecimal(scaled)
        return " " + Self.rightAligned(text, 3) + String(units[index])
    }

    /// `%.1f`: one decimal, rounded half to even as printf rounds a binary value.
    private static func oneDecimal(_ value: Double) -> String {
        let tenths = (value * 10).rounded(.toNearestOrEven)
        let whole = Int(tenths) / 10
        return "\(whole).\(Int(tenths) % 10)"
    }

    private static func rightAligned(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
