// swift-tools-version:6.0
import PackageDescription

/// libFuzzer targets for filetable's code that reads hostile input. Built by
/// `run.sh` with `-sanitize=fuzzer,address` and `-enable-testing` (the
/// targets reach internal parsers through `@testable import`); not part of
/// the main package's `swift build`. Each target's main.swift hands its
/// property check to libFuzzer's driver (FuzzSupport). Each target checks properties, not only
/// "does not crash": the hex formatter against a slow reference, escaping
/// against its inverse, the name order against the laws of an order.
let targets = [
    "FuzzArguments", "FuzzCommands", "FuzzHexFormatter", "FuzzEscaping", "FuzzGlob", "FuzzNaturalOrder", "FuzzJSONLines", "FuzzLineEditing",
    "FuzzPaths", "FuzzDirectoryRecords", "FuzzViewer", "FuzzShellWords", "FuzzCommandSequences", "FuzzInflate", "FuzzTarArchive",
    "FuzzZipArchive", "FuzzSavedScan", "FuzzUnifiedDiff", "FuzzHexdumpFormat", "FuzzXxdReversal", "FuzzLsColors",
]

let package = Package(
    name: "filetable-fuzz",
    dependencies: [.package(name: "filetable", path: "../..")],
    targets: [
        .target(
            name: "FuzzSupport",
            dependencies: [
                .product(name: "SystemSeam", package: "filetable"), .product(name: "HexDump", package: "filetable"),
                .product(name: "FileBrowsing", package: "filetable"),
                .product(name: "Terminal", package: "filetable"),
                .product(name: "FiletableCLI", package: "filetable"),
            ],
            path: "Sources/FuzzSupport")
    ]
        + targets.map { name in
            .executableTarget(
                name: name,
                dependencies: [
                    "FuzzSupport",
                    .product(name: "SystemSeam", package: "filetable"),
                    .product(name: "HexDump", package: "filetable"),
                    .product(name: "FileBrowsing", package: "filetable"),
                    .product(name: "Terminal", package: "filetable"),
                    .product(name: "FiletableCLI", package: "filetable"),
                    .product(name: "TableKit", package: "filetable"),
                ], path: "Sources/\(name)")
        },
    swiftLanguageModes: [.v6]
)
