// swift-tools-version:6.0
import PackageDescription

/// Release builds drop the run-time exclusivity checks: they cost a third of
/// the time of listing a million names (measured with callgrind), and debug
/// builds, which the tests also run, keep them.
let hotPathSettings: [SwiftSetting] = [
    .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release)),
]

/// filetable: a terminal file browser built the way a table-view app is built.
///
/// TableKit is the table engine (knows nothing of files), FileBrowsing holds the
/// directory enumerator, the lazily materialised list model and formatting, and
/// `filetable` is the command-line front end. No package dependencies.
let package = Package(
    name: "filetable",
    products: [
        .executable(name: "filetable", targets: ["filetable"]),
        .library(name: "TableKit", targets: ["TableKit"]),
        .library(name: "FileBrowsing", targets: ["FileBrowsing"]),
    ],
    targets: [
        .target(name: "TableKit", swiftSettings: hotPathSettings),
        .target(name: "FileBrowsing", dependencies: ["TableKit"], swiftSettings: hotPathSettings),
        .executableTarget(name: "filetable", dependencies: ["TableKit", "FileBrowsing"], swiftSettings: hotPathSettings),
        .testTarget(name: "TableKitTests", dependencies: ["TableKit"]),
        .testTarget(name: "FileBrowsingTests", dependencies: ["FileBrowsing", "TableKit"]),
        .testTarget(name: "filetableTests", dependencies: ["filetable"], exclude: ["Golden"]),
    ],
    swiftLanguageModes: [.v6]
)
