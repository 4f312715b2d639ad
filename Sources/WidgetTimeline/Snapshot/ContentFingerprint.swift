/// A hash of what a widget would display, used to skip saves and reloads that would change nothing
/// on screen.
///
/// The value is the SHA-256 of the content's canonical JSON (``CanonicalJSON``) as 64 lowercase hex
/// digits: stable across runs, platforms and languages, and different for contents that differ in
/// any value, digits beyond a `Double`'s precision included.
public struct ContentFingerprint: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    /// The fingerprint of the canonical JSON of what `JSONEncoder` writes for `content`.
    ///
    /// - Throws: `EncodingError` if `content` cannot be encoded as JSON.
    public init<Content: Encodable>(of content: Content) throws {
        self.init(of: try JSONValue(encoding: content))
    }

    /// The fingerprint of a JSON value's canonical form.
    public init(of value: JSONValue) {
        rawValue = SHA256.hexDigest(of: CanonicalJSON.encode(value))
    }

    /// The fingerprint of raw bytes.
    public init(bytes: some Sequence<UInt8>) {
        rawValue = SHA256.hexDigest(of: bytes)
    }

    public var description: String { rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
