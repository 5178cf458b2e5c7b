// swift-tools-version:6.0
import PackageDescription

/// Release builds drop the run-time exclusivity checks: they cost a third of
/// the time of listing a million names (measured with callgrind), and debug
/// builds, which the tests also run, keep them. They also inline across
/// modules: the system seam is a module of its own, and `du`'s `statx` and
/// record decoding called out of line cost 21% more instructions.
let hotPathSettings: [SwiftSetting] = [
    .unsafeFlags(["-enforce-exclusivity=unchecked", "-cross-module-optimization"], .when(configuration: .release))
]

/// filetable: a terminal file browser built the way a table-view app is built.
///
/// SystemSeam holds every C call (the only `import Glibc`, and the only user
/// of CLibraryExtras, the C functions the Glibc module leaves out) and the records
/// the kernel's answers decode into, TableKit is the table engine (knows
/// nothing of files), HexDump draws hexdump's and xxd's formats (knows
/// nothing of files either), Terminal owns the terminal (raw mode and the
/// alternate screen through the seam, keys, every escape sequence, colour
/// schemes, buffered output), FileBrowsing holds the directory enumerator, the lazily
/// materialised listing, its table adapter, formatting and the marks,
/// FiletableCLI is the command-line front end (options, listings, hex, the
/// REPL), and `filetable` is the few lines of its entry point. The fuzz targets
/// in Samples/fuzz build against the libraries. No package dependencies.
let package = Package(
    name: "filetable",
    products: [
        .executable(name: "filetable", targets: ["filetable"]),
        .library(name: "SystemSeam", targets: ["SystemSeam"]),
        .library(name: "TableKit", targets: ["TableKit"]),
        .library(name: "HexDump", targets: ["HexDump"]),
        .library(name: "Terminal", targets: ["Terminal"]),
        .library(name: "FileBrowsing", targets: ["FileBrowsing"]),
        .library(name: "FiletableCLI", targets: ["FiletableCLI"]),
    ],
    targets: [
        // The C library functions Swift's Glibc module leaves out, linked by name.
        .systemLibrary(name: "CLibraryExtras"),
        .target(name: "SystemSeam", dependencies: ["CLibraryExtras"], swiftSettings: hotPathSettings),
        .target(name: "TableKit", swiftSettings: hotPathSettings),
        .target(name: "HexDump", dependencies: ["SystemSeam"], swiftSettings: hotPathSettings),
        .target(name: "Terminal", dependencies: ["SystemSeam", "TableKit"], swiftSettings: hotPathSettings),
        .target(name: "FileBrowsing", dependencies: ["SystemSeam", "TableKit", "HexDump"], swiftSettings: hotPathSettings),
        .target(
            name: "FiletableCLI", dependencies: ["SystemSeam", "TableKit", "HexDump", "Terminal", "FileBrowsing"], swiftSettings: hotPathSettings),
        .executableTarget(name: "filetable", dependencies: ["FiletableCLI"], swiftSettings: hotPathSettings),
        // The tests' temporary trees, shared by the test targets.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "TableKitTests", dependencies: ["TableKit"]),
        .testTarget(name: "FileBrowsingTests", dependencies: ["SystemSeam", "HexDump", "FileBrowsing", "TableKit", "TestSupport"]),
        .testTarget(
            name: "filetableTests", dependencies: ["filetable", "FiletableCLI", "FileBrowsing", "HexDump", "Terminal", "SystemSeam", "TestSupport"],
            exclude: ["Golden"]),
    ],
    swiftLanguageModes: [.v6]
)
