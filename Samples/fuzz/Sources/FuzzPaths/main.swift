import FuzzSupport
import Glibc

@testable import FileBrowsing
@testable import FiletableCLI
@testable import HexDump
@testable import SystemSeam

/// Paths as bytes: the lexical normalisation of the navigation model, the
/// split into parent and name, and PathResolution's cutting of long paths
/// into pieces (it only looks: stat and O_PATH opens). Properties:
/// normalising twice changes nothing, a normalised absolute path has no `.`
/// or `..` component, joining a split gives the path back, and resolving
/// never crashes, whatever the length.
runFuzzer { data, count in

    let bytes = fuzzInput(data, count).map { $0 == 0 ? 0x2F : $0 }
    let normal = DisplayPath.normalize(bytes)
    if DisplayPath.normalize(normal) != normal { fatalError("normalising twice changed \(normal)") }
    if normal.first == 0x2F, normal.split(separator: 0x2F).contains(where: { $0 == [0x2E] || $0 == [0x2E, 0x2E] }) {
        fatalError("a dot component survived in \(normal)")
    }
    let (parent, name) = PathBytes.split(normal)
    if !name.isEmpty, normal != [0x2F], PathBytes.join(parent, name) != normal {
        fatalError("split and join disagree on \(normal)")
    }
    // Long paths: repeat the input under /tmp until it passes PATH_MAX.
    var long = Array("/tmp/".utf8)
    while long.count < Int(PATH_MAX) + 200 { long += bytes + [0x2F] }
    _ = PathResolution.status(of: long)
    _ = PathResolution.status(of: normal, followingLastLink: true)
    if case .success(let (handle, _)) = PathResolution.openParent(of: long) { _ = handle.identity }
    return 0
}
