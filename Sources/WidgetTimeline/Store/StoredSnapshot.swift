/// A record as stored, for tools: the envelope's exact bytes, and its fields with the payload left
/// as untyped JSON.
public struct StoredSnapshot: Sendable, Equatable {
    /// The envelope, decoded without knowing the payload's type.
    public var snapshot: Snapshot<JSONValue>
    /// The envelope's UTF-8 JSON exactly as stored (what `store read --format json` prints).
    public var envelope: [UInt8]

    public init(snapshot: Snapshot<JSONValue>, envelope: [UInt8]) {
        self.snapshot = snapshot
        self.envelope = envelope
    }
}
