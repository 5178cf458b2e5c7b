import Glibc

@testable import FileBrowsing
@testable import HexDump
@testable import SystemSeam

/// libFuzzer's driver, entered from a target's `main.swift`. SwiftPM renames
/// an executable's entry point and points `main` at it, so libFuzzer's own
/// `main` is never linked; `LLVMFuzzerRunDriver` is the documented way in.
// swift-format-ignore: AlwaysUseLowerCamelCase
// The name is libFuzzer's C symbol.
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

public typealias FuzzCallback = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32

/// Runs libFuzzer with the process's arguments and `test` as the target;
/// exits with its status.
public func runFuzzer(_ test: FuzzCallback) -> Never {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, test))
}

/// The input as bytes (libFuzzer passes nil for an empty input).
public func fuzzInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> [UInt8] {
    guard let data else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: count))
}

/// The property every text meant for a terminal must have: no C0 control
/// (newline included), DEL, C1 control, or character `NameEscaping` escapes.
public func isTerminalSafe(_ text: String) -> Bool {
    !text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || (0x80...0x9F).contains($0.value) || NameEscaping.needsEscape($0) }
}
