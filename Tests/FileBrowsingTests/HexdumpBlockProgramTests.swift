import XCTest

@testable import FileBrowsing
@testable import HexDump

/// Whole blocks go through a compiled program (`HexdumpBlockProgram`),
/// a block at a time or a step at a time down a column of blocks; the
/// text must be what the step-by-step drawer draws, for formats made of
/// every kind of step (tables, zero-padded hex runs, offsets, text,
/// conversions with no step of their own), any piece sizes, squeezing
/// on and off, and offsets that outgrow their digits mid-dump.
final class HexdumpBlockProgramTests: XCTestCase {
    private func draw(_ format: HexdumpFormat, _ bytes: [UInt8], start: UInt64, squeezes: Bool, pieces: [Int], compiled: Bool) -> [UInt8] {
        var dump = HexdumpFormatDump(format: format, startOffset: start, squeezes: squeezes, compiled: compiled)
        var text: [UInt8] = []
        var offset = 0
        var piece = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + pieces[piece % pieces.count])
            bytes[offset..<end].withUnsafeBytes { dump.append($0, into: &text) }
            offset = end
            piece += 1
        }
        dump.finish(into: &text)
        return text
    }

    /// A unit of the shapes the program lays out in steps of their own, and some it does not.
    private func randomUnit(_ random: inout SplitMix) -> String {
        let count = [1, 2, 3, 4, 8, 16][random.next(below: 6)]
        let text = ["", " ", "  ", "|", ":", " - "][random.next(below: 6)]
        let ending = ["", " ", "\\n", "  ", "|"][random.next(below: 5)]
        let hexWidth = ["%02x", "%04x", "%08x", "%016x", "%04X", "%.8x", "%010x", "%2x", "%x", "%#08x"][random.next(below: 10)]
        let bytes = [1, 2, 4, 8][random.next(below: 4)]
        switch random.next(below: 9) {
        case 0: return #"\#(count)/\#(bytes) "\#(text)\#(hexWidth)\#(ending)""#
        case 1: return #"\#(count)/1 "\#(text)%02x\#(ending)""#
        case 2: return #"\#(count)/1 "%_p""#
        case 3: return #""\#(text)%0\#(1 + random.next(below: 9)).\#(1 + random.next(below: 9))_ax\#(ending)""#
        case 4: return #""\#(text)\#(["%06.6_ax", "%08.8_aX", "%_ad", "%4_ao", "%04_ax"][random.next(below: 5)]) ""#
        case 5: return #"\#(count)/\#(bytes) "%+6d\#(ending)""#
        case 6: return #"\#(count)/2 "%06o\#(ending)""#
        case 7: return #""\#(text)\#(ending)""#
        default: return #"\#(count)/1 "%3_u\#(ending)""#
        }
    }

    func testCompiledBlocksDrawWhatStepByStepDraws() throws {
        var random = SplitMix(seed: 0x5EED_0040)
        var compiledFormats = 0
        for round in 0..<300 {
            let strings = (0..<1 + random.next(below: 3)).map { _ in
                (0..<1 + random.next(below: 4)).map { _ in randomUnit(&random) }.joined(separator: " ")
            }
            guard let format = try? HexdumpFormat(parsing: strings.map { Array($0.utf8) }), format.blockSize > 0 else { continue }
            if HexdumpFormatPlan(format).program != nil { compiledFormats += 1 }
            // Random bytes with runs of repeated blocks (squeezed), large enough at times for two threads.
            let size = [0, 5, 100, 4_000, 20_000, 70_000][random.next(below: 6)]
            var bytes = (0..<size).map { _ in UInt8(random.next(below: 256)) }
            if size > 1000 {
                for _ in 0..<4 {
                    let start = random.next(below: size)
                    for index in start..<min(size, start + random.next(below: 3000)) { bytes[index] = 0x20 }
                }
            }
            // Offsets near where four, six and eight hex digits run out.
            let start: UInt64 = [0, 7, 0xFFF0, 0xFF_FF00, 0xFFFF_FF00, 0xFFFF_FFFF_0000][random.next(below: 6)]
            let pieces = [[size + 1], [1 + random.next(below: 100)], [65_536, 3, 70_001]][random.next(below: 3)]
            let squeezes = random.next(below: 3) != 0
            let compiled = draw(format, bytes, start: start, squeezes: squeezes, pieces: pieces, compiled: true)
            let stepByStep = draw(format, bytes, start: start, squeezes: squeezes, pieces: pieces, compiled: false)
            if compiled != stepByStep {
                XCTFail("round \(round): \(strings) size \(size) start \(start) squeezes \(squeezes) pieces \(pieces)")
                return
            }
        }
        XCTAssertGreaterThan(compiledFormats, 150, "most of these formats should have a program")
    }

    /// A unit of text repeated millions of times has no program and is
    /// not laid out in memory to find that out (it was: a GiB for this one).
    func testRepeatedTextIsNotLaidOutWhole() throws {
        let format = try HexdumpFormat(parsing: [
            Array(#"16777216 "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx""#.utf8), Array(#"1/1 "%x""#.utf8),
        ])
        let start = Date()
        XCTAssertNil(HexdumpFormatPlan(format).program)
        XCTAssertLessThan(Date().timeIntervalSince(start), 5, "a bound, not a benchmark: laying out a GiB takes minutes in a debug build")
    }

    /// The shapes scripts use get the fast steps: no conversion is left to the general path.
    func testCommonFormatsCompileToFastSteps() throws {
        let formats: [[String]] = [
            [#"16/1 "%02x" "\n""#], [#"4/4 "%08x " "\n""#], [#""%07.7_Ax\n""#, #""%07.7_ax " 8/2 "%04x " "\n""#],
            [#""%08.8_Ax\n""#, #""%08.8_ax  " 8/1 "%02x " "  " 8/1 "%02x ""#, #""  |" 16/1 "%_p" "|\n""#],
        ]
        for strings in formats {
            let format = try HexdumpFormat(parsing: strings.map { Array($0.utf8) })
            let program = try XCTUnwrap(HexdumpFormatPlan(format).program, "\(strings)")
            XCTAssertFalse(program.steps.contains { $0.kind == .conversion }, "\(strings)")
            XCTAssertNotNil(program.blockTextLength, "\(strings): drawn in columns")
        }
    }
}
