/// A tar made from a recipe of fuzzer bytes, so the fuzzer reaches the
/// numbers of a header (which a checksum guards in raw bytes): each member
/// takes a type byte, a flag byte (which fields are base-256, which pax
/// records are written) and text for the records, up to a newline.
enum HostileTar {
    static func build(from recipe: [UInt8]) -> [UInt8] {
        var tar: [UInt8] = []
        var rest = recipe[...]
        var memberCount = 0
        while rest.count >= 10, memberCount < 8 {
            memberCount += 1
            let type = [UInt8(ascii: "0"), UInt8(ascii: "1"), UInt8(ascii: "2"), UInt8(ascii: "5"), UInt8(ascii: "S")][Int(rest.removeFirst()) % 5]
            let flags = rest.removeFirst()
            let number = rest.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            rest = rest.dropFirst(8)
            let text = Array(rest.prefix { $0 != 0x0A })
            rest = rest.dropFirst(text.count + 1)
            var records: [(String, [UInt8])] = []
            let keys = ["mtime", "size", "uid", "path", "linkpath", "gid"]
            for (bit, key) in keys.enumerated() where flags >> bit & 1 == 1 { records.append((key, text)) }
            if !records.isEmpty { tar += paxHeader(records) }
            var block = header(name: Array("m\(memberCount)".utf8), type: type, link: Array("m1".utf8))
            if flags & 0x40 != 0 { block.replaceSubrange(124..<136, with: base256(number)) }
            if flags & 0x80 != 0 { block.replaceSubrange(136..<148, with: base256(number)) }
            tar += sealed(block)
            tar += [UInt8](repeating: 0x61, count: 512)
        }
        return tar + [UInt8](repeating: 0, count: 1024)
    }

    private static func base256(_ value: UInt64) -> [UInt8] {
        [0x80, 0, 0, 0] + (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) }
    }

    private static func header(name: [UInt8], type: UInt8, link: [UInt8]) -> [UInt8] {
        var block = [UInt8](repeating: 0, count: 512)
        block.replaceSubrange(0..<name.count, with: name)
        block.replaceSubrange(100..<108, with: Array("0000644\0".utf8))
        block.replaceSubrange(124..<136, with: Array("00000000003\0".utf8))
        block.replaceSubrange(136..<148, with: Array("14000000000\0".utf8))
        block[156] = type
        block.replaceSubrange(157..<(157 + link.count), with: link)
        block.replaceSubrange(257..<265, with: Array("ustar\u{0}00".utf8))
        return block
    }

    /// The block with its checksum written, as tar writes it.
    private static func sealed(_ block: [UInt8]) -> [UInt8] {
        var block = block
        block.replaceSubrange(148..<156, with: [UInt8](repeating: 0x20, count: 8))
        let sum = block.reduce(0) { $0 + Int($1) }
        let digits = Array(String(sum, radix: 8).utf8)
        let field = [UInt8](repeating: 0x30, count: max(0, 6 - digits.count)) + digits.suffix(6) + [0, 0x20]
        block.replaceSubrange(148..<156, with: field)
        return block
    }

    private static func paxHeader(_ records: [(String, [UInt8])]) -> [UInt8] {
        var body: [UInt8] = []
        for (key, value) in records {
            let tail = Array(" \(key)=".utf8) + value + [0x0A]
            var length = tail.count + 1
            while String(length).utf8.count + tail.count != length { length = String(length).utf8.count + tail.count }
            body += Array(String(length).utf8) + tail
        }
        var block = header(name: Array("PaxHeader".utf8), type: UInt8(ascii: "x"), link: [])
        let size = Array(String(body.count, radix: 8).utf8)
        block.replaceSubrange(124..<136, with: [UInt8](repeating: 0x30, count: 11 - size.count) + size + [0])
        let padding = (512 - body.count % 512) % 512
        return sealed(block) + body + [UInt8](repeating: 0, count: padding)
    }
}
