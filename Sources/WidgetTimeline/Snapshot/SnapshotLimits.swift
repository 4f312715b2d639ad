/// Bounds on what a reader loads, because a widget extension has about 30 MB of memory in all.
public enum SnapshotLimits {
    /// The largest snapshot record, in bytes, that any reader in this package loads: 1 MiB.
    /// Larger files are refused as bad data rather than read.
    public static let maximumRecordSize = 1 << 20
}
