// swift-tools-version:6.0
import PackageDescription

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
        .target(name: "TableKit"),
        .target(name: "FileBrowsing", dependencies: ["TableKit"]),
        .executableTarget(name: "filetable", dependencies: ["TableKit", "FileBrowsing"]),
        .testTarget(name: "TableKitTests", dependencies: ["TableKit"]),
        .testTarget(name: "FileBrowsingTests", dependencies: ["FileBrowsing", "TableKit"]),
        .testTarget(name: "filetableTests", dependencies: ["filetable"]),
    ],
    swiftLanguageModes: [.v6]
)
