extension SnapshotReadResult {
    /// The planner's input for this read: a snapshot, nothing yet, or a failure with the reason a
    /// widget shows (``UnavailableReason/snapshotCorrupted``, ``UnavailableReason/snapshotIncompatible``,
    /// ``UnavailableReason/snapshotUnreadable``).
    ///
    /// A snapshot found by falling back past corrupted revisions is loaded as is: it is valid, and
    /// the fallback is a matter for the diagnostics log, not for the screen.
    public var loadResult: LoadResult<Payload> {
        switch self {
        case .found(let snapshot, _): .loaded(snapshot)
        case .missing: .nothingYet
        case .corrupted: .failed(.snapshotCorrupted)
        case .incompatible: .failed(.snapshotIncompatible)
        case .unreadable: .failed(.snapshotUnreadable)
        }
    }
}
