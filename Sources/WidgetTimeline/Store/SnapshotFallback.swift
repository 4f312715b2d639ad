/// Why a read returned an older revision than the newest stored one: the newer ones failed
/// validation. The value is still usable; the store says so, so the caller can log it.
public struct SnapshotFallback: Sendable, Hashable, CustomStringConvertible {
    /// The newest revision stored under the key.
    public var newestRevision: Int
    /// The revisions skipped, newest first.
    public var skipped: [InvalidRevision]

    public init(newestRevision: Int, skipped: [InvalidRevision]) {
        self.newestRevision = newestRevision
        self.skipped = skipped
    }

    public var description: String {
        "fell back past " + skipped.map(\.description).joined(separator: "; ")
    }
}
