import Foundation

/// A hash of what a widget would display, used to skip saves and reloads that would change nothing
/// on screen (SPEC R3).
///
/// The value is the SHA-256 of the content's canonical JSON (``CanonicalJSON``), as 64 lowercase hex
/// digits: stable across runs, platforms and languages.
public struct ContentFingerprint: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    /// The fingerprint of `content`'s canonical JSON.
    ///
    /// - Throws: `EncodingError` if `content` cannot be encoded as JSON.
    public init<Content: Encodable>(of content: Content) throws {
        rawValue = SHA256.hexDigest(of: try CanonicalJSON.encode(content))
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
