import Glibc

/// The machine's cores, asked once: every pool of threads (the dump, the
/// status loading, the space scan, the walk's read-ahead) sizes itself from it.
public enum Processors {
    /// Cores online, at least 1.
    public static let online = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
}
