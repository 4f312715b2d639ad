/// Keys an earlier version of the app stored snapshots under, by the key that replaces each
///: for example `parking` became `parking.yeouido.compact` when the widget gained a
/// configurable park and display mode.
///
/// A read of a key with no snapshot falls back to its legacy key's. The first commit under the new
/// key continues the legacy key's revision numbers — so a reader never sees the revision go
/// backwards — and, once durable, removes the legacy snapshot.
public struct LegacyKeyMapping: Sendable, Hashable, ExpressibleByDictionaryLiteral {
    private var legacyByKey: [SnapshotKey: SnapshotKey]

    /// A mapping from each new key to the legacy key it replaces. A key mapped to itself is ignored.
    public init(_ legacyByKey: [SnapshotKey: SnapshotKey]) {
        self.legacyByKey = legacyByKey.filter { $0.key != $0.value }
    }

    public init(dictionaryLiteral elements: (SnapshotKey, SnapshotKey)...) {
        self.init(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }

    /// No legacy keys.
    public static let none = LegacyKeyMapping([:])

    /// The legacy key `key` replaces, if any.
    public func legacyKey(for key: SnapshotKey) -> SnapshotKey? { legacyByKey[key] }

    /// Whether no key has a legacy key.
    public var isEmpty: Bool { legacyByKey.isEmpty }
}
