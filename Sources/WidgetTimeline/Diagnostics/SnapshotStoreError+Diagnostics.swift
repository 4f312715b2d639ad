extension SnapshotStoreError {
    /// A short, stable category for the diagnostics log: never a path or any content.
    public var diagnosticCategory: String {
        switch self {
        case .conflict: "conflict"
        case .readOnly: "read-only"
        case .directoryMissing: "directory-missing"
        case .io(let operation, _, let code): "io-\(operation.rawValue)-\(FileSystemError(code: code).name)"
        case .encoding: "encoding"
        case .tooLarge: "too-large"
        case .contention: "contention"
        case .revisionLimitReached: "revision-limit"
        }
    }
}
