import TableKit
import XCTest

final class TextRendererTests: XCTestCase {
    private func cell(
        _ text: String, style: CellStyle = .default, detail: String? = nil, columns: [String] = [],
        accessory: CellAccessory = .none
    ) -> Cell {
        let cell = Cell(style: style, reuseIdentifier: "x")
        cell.text = text
        cell.detailText = detail
        cell.columns = columns
        cell.accessory = accessory
        return cell
    }

    private func render(_ cells: [Cell], _ options: RenderOptions = RenderOptions()) -> String {
        var out: [UInt8] = []
        let items = cells.enumerated().map { TableItem.row(IndexPath(row: $0.offset, section: 0), flatRow: $0.offset, cell: $0.element) }
        TextRenderer(options: options).render(items, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    func testColumnsAlignAcrossThePage() {
        var options = RenderOptions()
        options.columnAlignments = [.leading, .trailing]
        let text = render([cell("a", columns: ["rw", "5"]), cell("b", columns: ["rwx", "1234"])], options)
        XCTAssertEqual(text, "rw     5 a\nrwx 1234 b\n")
    }

    /// value1 details line up at the right of the widest row on the page,
    /// never further out than the width, where a long name gives way.
    func testValue1PutsTheDetailAtTheRightOfTheWidestRow() {
        var options = RenderOptions()
        options.width = 200
        let rows = [cell("name", style: .value1, detail: "12K"), cell("a-longer-name", style: .value1, detail: "3")]
        XCTAssertEqual(render(rows, options), "name         12K\na-longer-name  3\n")
        options.width = 12
        options.truncatesText = true
        XCTAssertEqual(render(rows, options), "name     12K\na-lo…name  3\n")
    }

    /// A link's ` -> target` as long as the row: the name keeps half the
    /// room, the target is cut at its tail, and the row fits (it used to
    /// cut the name to nothing and wrap the target onto the next line).
    func testALongSuffixIsCutAndTheNameKeepsHalfTheRoom() {
        var options = RenderOptions()
        options.width = 31
        options.truncatesText = true
        let link = cell("animate-im6.q16", columns: ["lrwxrwxrwx"])
        link.textSuffix = " -> /etc/alternatives/animate-im6"
        let short = cell("apropos", columns: ["lrwxrwxrwx"])
        short.textSuffix = " -> whatis"
        let text = render([link, short], options)
        XCTAssertEqual(text, "lrwxrwxrwx anima….q16 -> /etc/…\nlrwxrwxrwx apropos -> whatis\n")
        XCTAssertTrue(text.split(separator: "\n").allSatisfy { TextWidth.of(String($0)) <= 31 }, text)
    }

    func testValue2CutsALongNameToTheWidth() {
        var options = RenderOptions()
        options.width = 20
        options.truncatesText = true
        let text = render([cell("file", style: .value2, detail: String(repeating: "n", count: 200))], options)
        XCTAssertEqual(text, "file  nnnnnnn…nnnnnn\n")
    }

    func testSubtitleAndValue2Styles() {
        XCTAssertEqual(render([cell("file", style: .subtitle, detail: "3 KiB")]), "file\n  3 KiB\n")
        XCTAssertEqual(
            render([cell("size", style: .value2, detail: "10"), cell("kind", style: .value2, detail: "file")]),
            "size  10\nkind  file\n")
    }

    func testRowNumbersAndAccessories() {
        var options = RenderOptions()
        options.showsRowNumbers = true
        options.rowNumberWidth = 2
        XCTAssertEqual(
            render([cell("docs", accessory: .disclosureIndicator), cell("a", accessory: .checkmark)], options),
            " 1 docs >\n 2 a *\n")
    }

    func testTruncationOnlyWhenAskedAndInTheMiddle() {
        let long = String(repeating: "a", count: 10) + String(repeating: "z", count: 10)
        var options = RenderOptions()
        options.width = 11
        XCTAssertEqual(render([cell(long)], options), long + "\n", "non-interactive listings never cut names")
        options.truncatesText = true
        XCTAssertEqual(render([cell(long)], options), "aaaaa…zzzzz\n")
    }

    /// The engine knows styles by meaning; the markup it is given shows them
    /// (the terminal's colours are the CLI's, tested there).
    func testAStyleIsMarkedOnlyByTheMarkupGiven() {
        let c = cell("dir")
        c.textStyle = .directory
        XCTAssertEqual(render([c]), "dir\n")
        var options = RenderOptions()
        options.styleMarkup = StyleMarkup(opening: { $0 == .directory ? "<d>" : nil }, closing: "</>")
        XCTAssertEqual(render([c], options), "<d>dir</>\n")
        c.textStyle = .link
        XCTAssertEqual(render([c], options), "dir\n", "a style the markup does not show stays plain")
    }

    func testDisplayWidthOfWideAndCombiningCharacters() {
        XCTAssertEqual(TextWidth.of("abc"), 3)
        XCTAssertEqual(TextWidth.of("日本"), 4)
        XCTAssertEqual(TextWidth.of("e\u{301}"), 1)
    }
}
