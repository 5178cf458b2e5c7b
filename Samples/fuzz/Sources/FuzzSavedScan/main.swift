import FuzzSupport

@testable import FileBrowsing
@testable import HexDump
@testable import SystemSeam

/// The saved-scan readers (filetable's own format, and ncdu's export with
/// its JSON) on any bytes: a scan or an error naming a byte inside the
/// input, never a crash, a stack overflow or an allocation larger than the
/// input allows; a scan of filetable's format, written again, reads back the
/// same; any scan's changes against itself are none, and it writes as an
/// ncdu export without a crash; the compact index `--since` compares with
/// reads the same bytes the same way (the same entries, or the same
/// error), and finds each of its entries by parent and name.
runFuzzer { data, count in
    let bytes = fuzzInput(data, count)
    do throws(SavedScanError) {
        let scan = try SavedScan.load(bytes)
        if scan.entries.count > bytes.count { fatalError("more entries than bytes") }
        if bytes.starts(with: SavedScan.magic), (try? SavedScan(decoding: scan.encoded())) != scan {
            fatalError("a scan that reads back another way")
        }
        _ = NcduExport.encode(scan)
        if !ScanChange.changes(from: scan, to: scan, depth: Int.max).isEmpty { fatalError("a scan differs from itself") }
        let index: ScanIndex
        do {
            index = try ScanIndex.load(bytes)
        } catch {
            fatalError("the index refuses what the scan reads: \(error)")
        }
        if bytes.starts(with: SavedScan.magic), index.savedScan() != scan { fatalError("the index holds another scan") }
        if index.count > scan.entries.count { fatalError("the index holds more entries than the scan") }
        for ordinal in 0..<Int32(index.count) where index.lookup(parent: index.parent(of: ordinal), name: index.name(of: ordinal)) != ordinal {
            fatalError("an entry the index does not find")
        }
        // Down to a depth: the root's own entries only, each one the whole index holds.
        guard let shallow = try? ScanIndex.load(bytes, depth: 1) else { fatalError("a depth refuses what the whole reads") }
        for ordinal in 0..<Int32(shallow.count) {
            guard shallow.parent(of: ordinal) == ScanIndex.root,
                index.lookup(parent: ScanIndex.root, name: shallow.name(of: ordinal)) != ScanIndex.absent
            else { fatalError("a shallow entry the whole index does not hold") }
        }
    } catch {
        if error.offset < 0 || error.offset > bytes.count { fatalError("an error outside the input: \(error)") }
        if bytes.starts(with: SavedScan.magic), (try? ScanIndex.load(bytes)) != nil { fatalError("the index reads what the scan refuses") }
    }
    return 0
}
