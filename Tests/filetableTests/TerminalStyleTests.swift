import TableKit
import XCTest

@testable import FiletableCLI
@testable import Terminal

/// The terminal renderer's colours: the table's styles as SGR sequences.
final class TerminalStyleTests: XCTestCase {
    private func render(_ cells: [Cell], _ options: RenderOptions = RenderOptions()) -> String {
        var out: [UInt8] = []
        let items = cells.enumerated().map { TableItem.row(IndexPath(row: $0.offset, section: 0), flatRow: $0.offset, cell: $0.element) }
        TextRenderer(options: options).render(items, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    func testColourWrapsTheTextOnlyWhenOn() {
        let c = Cell(reuseIdentifier: "x")
        c.text = "dir"
        c.textStyle = .named("01;34")
        XCTAssertEqual(render([c]), "dir\n")
        var options = RenderOptions()
        options.styleMarkup = TerminalStyle.markup
        XCTAssertEqual(render([c], options), "\u{1B}[01;34mdir\u{1B}[0m\n")
        c.textStyle = .directory
        XCTAssertEqual(render([c], options), "\u{1B}[01;34mdir\u{1B}[0m\n")
    }
}
