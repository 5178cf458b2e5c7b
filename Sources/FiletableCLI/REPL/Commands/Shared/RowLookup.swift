import FileBrowsing
import TableKit

/// The rows a command names in the current table: a number in range, a
/// name as shown, the start of exactly one name, or (`mark`, `unmark`)
/// selectors over numbers, ranges, globs and `all`.
extension CommandContext {
    /// The 0-based row a typed reference names in the current view: a number
    /// in range, a name as shown, or the start of exactly one name.
    func row(_ reference: RowReference, for command: String) throws(CommandError) -> Int {
        switch reference {
        case .number(let number):
            return try checkedRow(number, for: command)
        case .name(let text):
            let model = current.model
            if let exact = try RowNames.exactRow(text, in: model, for: command) { return exact }
            let typed = NameEscaping.typedName(text)
            var starting: [Int] = []
            for row in 0..<model.rowCount {
                if row % 65536 == 0 && stop.isRequested() { throw CommandError("\(command): interrupted") }
                if model.withName(ofRow: row, { $0.starts(with: typed) }) { starting.append(row) }
            }
            guard let first = starting.first else {
                throw CommandError("\(command): no row named '\(text)' in this view")
            }
            guard starting.count == 1 else {
                let some = starting.prefix(4).map { NameEscaping.escape(model.name(ofRow: $0)) }.joined(separator: ", ")
                throw CommandError(
                    "\(command): '\(text)' starts \(starting.count) names (\(some)\(starting.count > 4 ? ", …" : "")); type more of it or the row number"
                )
            }
            return first
        }
    }

    /// Checks a 1-based row number against the current table; returns the 0-based row.
    func checkedRow(_ number: Int, for command: String) throws(CommandError) -> Int {
        let count = current.model.rowCount
        guard number >= 1 && number <= count else {
            throw CommandError(
                count == 0
                    ? "\(command): no row \(number) (the table is empty)"
                    : "\(command): no row \(number) (rows are 1-\(count))")
        }
        return number - 1
    }

    /// Rows named by ARGS in the current view: numbers, ranges (3-7), lists
    /// (1,4,9), globs over names (*.log), or all. Returns 0-based rows.
    func selectRows(_ selectors: [RowSelector], for command: String) throws(CommandError) -> [Int] {
        let model = current.model
        // `all` is every row: no set of a million numbers to build and sort.
        if selectors.contains(.all) { return Array(0..<model.rowCount) }
        var rows = Set<Int>()
        for selector in selectors {
            switch selector {
            case .all: rows.formUnion(0..<model.rowCount)
            case .numbers(let numbers):
                rows.formUnion(try checkedRow(numbers.lowerBound, for: command)...(try checkedRow(numbers.upperBound, for: command)))
            case .name(let word): rows.formUnion(try RowNames.rows(word, in: model, for: command))
            }
        }
        return rows.sorted()
    }
}
