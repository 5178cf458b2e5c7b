import FileBrowsing
import Foundation
import TableKit
import TestSupport

extension TemporaryTree {
    /// The tree's listing.
    func model(_ options: ListOptions = ListOptions()) throws -> DirectoryListing {
        try DirectoryListing(directory: DirectoryHandle.open(bytes), options: options)
    }
}

extension TableView {
    /// A table showing `model` through its data-source adapter, loaded.
    convenience init(showing model: DirectoryListing, formatter: EntryCellFormatter? = nil, pageHeight: Int) {
        self.init(pageHeight: pageHeight)
        if let formatter { register(style: formatter.style, forCellReuseIdentifier: formatter.reuseIdentifier) }
        dataSource = FileTableSource(rows: model, cellFormatter: formatter)
        reloadData()
    }

    /// The adapter the table reads from.
    var source: FileTableSource { dataSource as! FileTableSource }
}

extension DirectoryListing {
    /// The rows' names as text (test files use plain names).
    var names: [String] { (0..<rowCount).map { String(decoding: name(ofRow: $0), as: UTF8.self) } }
}
