import Glibc

/// The collating order of the locale the environment names (`LC_ALL`, then
/// `LC_COLLATE`, then `LANG`, as `setlocale(LC_COLLATE, "")` reads them),
/// for filetable run as ls or tree, which sort names with `strcoll` there:
/// in `en_US.UTF-8` `a B c`, where the C locale's bytes give `B a c`.
///
/// Asked once, while one thread runs (as filetable starts as ls or tree:
/// `CalledAs`), by setting the process's `LC_COLLATE` from the environment
/// and back (as `UserLocale` does for `LC_CTYPE`); then safe from any
/// thread: the locale object is made once and only read.
/// Names are compared by their `strxfrm_l` keys, whose byte order is the
/// locale's (`strcoll`'s) order, so each name is transformed once, not once
/// a comparison.
public enum UserCollation {
    /// The user's collation when it is an installed locale that collates
    /// other than by bytes (not C, POSIX or C.UTF-8), else nil.
    private static let collating: CollationObject? = {
        guard let current = setlocale(LC_COLLATE, nil) else { return nil }
        let saved = String(cString: current)
        defer { _ = setlocale(LC_COLLATE, saved) }
        guard let chosen = setlocale(LC_COLLATE, "") else { return nil }
        let name = String(cString: chosen)
        guard !["C", "POSIX"].contains(name), !name.hasPrefix("C.") else { return nil }
        // The global locale as it is now, LC_COLLATE the user's (LC_GLOBAL_LOCALE is (locale_t) -1).
        guard let global = locale_t(bitPattern: -1), let copy = duplocale(global) else { return nil }
        return CollationObject(copy)
    }()

    /// Whether the user's locale orders names other than byte by byte.
    public static var isActive: Bool { collating != nil }

    /// The keys of many names in one buffer: each name's `strxfrm_l` key
    /// (its bytes alone without a collating locale), compared as `strcmp`
    /// compares them, which is the locale's order of the names.
    public struct Keys {
        private var bytes: [UInt8] = []
        private var starts: [Int] = [0]
        /// The name with its terminating 0, and room for its key: reused.
        private var name: [CChar] = []
        private var key: [CChar] = []

        public init(capacity: Int) {
            starts.reserveCapacity(capacity + 1)
            bytes.reserveCapacity(capacity * 24)
        }

        /// Appends the key of `name`; keys are numbered from 0 in order.
        public mutating func append(_ name: UnsafeBufferPointer<UInt8>) {
            defer { starts.append(bytes.count) }
            guard let collating else { return bytes.append(contentsOf: name) }
            self.name.removeAll(keepingCapacity: true)
            for byte in name { self.name.append(CChar(bitPattern: byte)) }
            self.name.append(0)
            if key.count < name.count * 4 + 16 { key = [CChar](repeating: 0, count: name.count * 4 + 16) }
            var length = strxfrm_l(&key, self.name, key.count, collating.locale)
            if length >= key.count {
                key = [CChar](repeating: 0, count: length + 1)
                length = strxfrm_l(&key, self.name, key.count, collating.locale)
            }
            key.withUnsafeBytes { bytes.append(contentsOf: $0.prefix(length)) }
        }

        /// Calls `body` with a view of the keys that compares them without
        /// reference counting (for a sort's many comparisons).
        public func withView<R>(_ body: (View) -> R) -> R {
            bytes.withUnsafeBufferPointer { bytes in starts.withUnsafeBufferPointer { starts in body(View(bytes: bytes, starts: starts)) } }
        }

        /// The keys, valid inside `withView`.
        public struct View {
            let bytes: UnsafeBufferPointer<UInt8>
            let starts: UnsafeBufferPointer<Int>

            /// Key `a` against key `b`: below 0, 0 or above 0, as `strcmp`.
            public func compare(_ a: Int, _ b: Int) -> Int {
                let lengthA = starts[a + 1] - starts[a]
                let lengthB = starts[b + 1] - starts[b]
                guard let base = bytes.baseAddress else { return lengthA - lengthB }
                let order = memcmp(base + starts[a], base + starts[b], min(lengthA, lengthB))
                return order != 0 ? Int(order) : lengthA - lengthB
            }
        }
    }

    /// A `locale_t` made once and never freed or changed, so shared freely.
    private final class CollationObject: @unchecked Sendable {
        let locale: locale_t
        init(_ locale: locale_t) { self.locale = locale }
    }
}
