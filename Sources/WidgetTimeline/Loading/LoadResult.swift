/// Why the latest attempt to get data failed, and how many attempts in a row have failed.
public struct LoadFailure: Sendable, Hashable, Codable {
    /// The reason shown when there is no value to fall back on, and logged in any case.
    public var reason: UnavailableReason
    /// Failures in a row, counting this one; drives the retry back-off. At least 1.
    public var consecutiveFailures: Int

    public init(reason: UnavailableReason, consecutiveFailures: Int = 1) {
        self.reason = reason
        self.consecutiveFailures = max(1, consecutiveFailures)
    }

    private enum CodingKeys: String, CodingKey {
        case reason
        case consecutiveFailures
    }

    /// Refuses a count below 1, which the initialiser would have raised to 1.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        reason = try container.decode(UnavailableReason.self, forKey: .reason)
        consecutiveFailures = try container.decode(Int.self, forKey: .consecutiveFailures)
        guard consecutiveFailures >= 1 else {
            throw DecodingError.dataCorruptedError(
                forKey: .consecutiveFailures, in: container,
                debugDescription: "expected 1 or more failures in a row, found \(consecutiveFailures)")
        }
    }
}

/// What the extension knows when it plans: the best snapshot it has, whether the latest
/// attempt to read or fetch data failed, and whether it can fetch data itself. The planner's one
/// data input.
public struct LoadResult<Payload: Codable & Sendable & Equatable>: Sendable, Equatable {
    /// The newest usable snapshot, if any.
    public var snapshot: Snapshot<Payload>?
    /// Set when the latest attempt to get data failed; `snapshot` is then the last known one.
    public var failure: LoadFailure?
    /// Whether the extension has a source to fetch from. Without one only the host writes the
    /// data, so a reload can show nothing new that the host's own reloads do not bring, and the
    /// planner spends no budget on re-reading it (docs/planning.md, "Reload policy"). `true`
    /// unless the loader says otherwise.
    public var extensionCanFetch: Bool

    @inlinable @inline(__always)
    public init(snapshot: Snapshot<Payload>?, failure: LoadFailure? = nil, extensionCanFetch: Bool = true) {
        self.snapshot = snapshot
        self.failure = failure
        self.extensionCanFetch = extensionCanFetch
    }

    /// A snapshot was read (or fetched) without trouble.
    @inlinable @inline(__always)
    public static func loaded(_ snapshot: Snapshot<Payload>) -> LoadResult {
        LoadResult(snapshot: snapshot)
    }

    /// Nothing has been saved yet, and nothing failed: a first install.
    public static var nothingYet: LoadResult { LoadResult(snapshot: nil) }

    /// The latest attempt failed; `lastKnown` is what can still be shown.
    public static func failed(
        _ reason: UnavailableReason,
        consecutiveFailures: Int = 1,
        lastKnown: Snapshot<Payload>? = nil
    ) -> LoadResult {
        LoadResult(
            snapshot: lastKnown,
            failure: LoadFailure(reason: reason, consecutiveFailures: consecutiveFailures))
    }
}

extension LoadResult {
    /// The same result, saying whether the extension could have fetched.
    func fetchable(_ canFetch: Bool) -> LoadResult {
        var result = self
        result.extensionCanFetch = canFetch
        return result
    }

    /// The planner's input for a store read: a snapshot, nothing yet, or a failure with the reason a
    /// widget shows (``UnavailableReason/snapshotCorrupted``, ``UnavailableReason/snapshotIncompatible``,
    /// ``UnavailableReason/snapshotUnreadable``).
    ///
    /// A snapshot found by falling back past corrupted revisions is loaded as is: it is valid, and
    /// the fallback is a matter for the diagnostics log, not for the screen.
    public init(_ read: SnapshotReadResult<Payload>) {
        switch read {
        case .found(let snapshot, _): self = .loaded(snapshot)
        case .missing: self = .nothingYet
        case .corrupted: self = .failed(.snapshotCorrupted)
        case .incompatible: self = .failed(.snapshotIncompatible)
        case .unreadable: self = .failed(.snapshotUnreadable)
        }
    }
}

extension SnapshotStore {
    /// The newest valid revision for `key`, refusing schemas newer than the widget kind's.
    public func read<Kind: WidgetKind>(_ key: SnapshotKey, for kind: Kind) -> SnapshotReadResult<Kind.Payload>
    {
        read(key, as: Kind.Payload.self, supportedSchema: kind.schemaVersion)
    }
}
