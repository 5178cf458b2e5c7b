import FuzzSupport

@testable import FileBrowsing

/// The saved-scan reader on any bytes: a scan or an error naming a byte
/// inside the input, never a crash or an allocation larger than the input
/// allows; a scan that reads, written again, reads back the same, and its
/// changes against itself are none.
runFuzzer { data, count in
    let bytes = fuzzInput(data, count)
    do {
        let scan = try SavedScan(decoding: bytes)
        if scan.entries.count > bytes.count { fatalError("more entries than bytes") }
        if (try? SavedScan(decoding: scan.encoded())) != scan { fatalError("a scan that reads back another way") }
        if !ScanChange.changes(from: scan, to: scan, depth: Int.max).isEmpty { fatalError("a scan differs from itself") }
    } catch {
        if error.offset < 0 || error.offset > bytes.count { fatalError("an error outside the input: \(error)") }
    }
    return 0
}
