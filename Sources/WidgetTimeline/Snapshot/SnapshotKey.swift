/// The name of one snapshot in the shared container: a purpose plus the scope it answers for,
/// e.g. `parking.yeouido.compact` (SPEC S2).
///
/// A key is also a file name, so it is restricted to what is safe in one: components of
/// `a`–`z`, `0`–`9`, `-` and `_`, joined by `.`. Use ``init(purpose:scope:)`` to build a key from
/// arbitrary text (it sanitises), and ``init(validating:)`` for keys typed by a person or read from
/// a file (it refuses).
public struct SnapshotKey: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// The key as written: components joined by `.`.
    public let rawValue: String

    /// The largest number of UTF-8 bytes in a key.
    public static let maximumLength = 200
    /// The largest number of bytes in one component.
    public static let maximumComponentLength = 64

    /// The components: the purpose first, then the scope.
    public var components: [Substring] { rawValue.split(separator: ".") }

    /// The purpose: which question the snapshot answers (usually the widget kind).
    public var purpose: Substring { components[0] }

    /// Validates a key written as text.
    ///
    /// - Throws: ``SnapshotKeyError`` naming what is wrong; nothing that could escape the store's
    ///   directory (separators, `..`, absolute paths, empty components) is accepted.
    public init(validating text: String) throws(SnapshotKeyError) {
        if text.isEmpty { throw .empty }
        if text.utf8.count > Self.maximumLength { throw .tooLong(text.utf8.count) }
        for component in text.split(separator: ".", omittingEmptySubsequences: false) {
            if component.isEmpty { throw .emptyComponent(text) }
            if component.utf8.count > Self.maximumComponentLength {
                throw .componentTooLong(String(component))
            }
            if let bad = component.unicodeScalars.first(where: { !Self.isAllowed($0) }) {
                throw .invalidCharacter(bad, in: text)
            }
        }
        rawValue = text
    }

    /// Builds a key from any purpose and scope, sanitising each component.
    ///
    /// Lower-case ASCII letters, digits, `-` and `_` are kept; everything else (upper case, spaces,
    /// `/`, `..`, non-ASCII) is replaced, and a component that had to change gets the first eight
    /// hex digits of its SHA-256 appended, so two different inputs never collide:
    /// `"Yeouido Park"` becomes `yeouido-park-` plus a hash.
    public init(purpose: String, scope: String...) {
        self.init(purpose: purpose, scope: scope)
    }

    /// Builds a key from any purpose and scope, sanitising each component. See
    /// ``init(purpose:scope:)-(String,String...)``.
    public init(purpose: String, scope: [String]) {
        rawValue = ([purpose] + scope).map(Self.sanitise).joined(separator: ".")
    }

    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "0"..."9", "-", "_": true
        default: false
        }
    }

    static func sanitise(_ component: String) -> String {
        var kept = ""
        var lastWasReplaced = false
        for scalar in component.unicodeScalars {
            if isAllowed(scalar) {
                kept.unicodeScalars.append(scalar)
                lastWasReplaced = false
            } else if case "A"..."Z" = scalar {
                kept += scalar.properties.lowercaseMapping
                lastWasReplaced = false
            } else if !lastWasReplaced {
                kept += "-"
                lastWasReplaced = true
            }
        }
        if kept == component, !kept.isEmpty, kept.utf8.count <= maximumComponentLength { return kept }
        let trimmed = String(kept.trimmingDashes().prefix(maximumComponentLength - 9))
        let hash = String(SHA256.hexDigest(of: Array(component.utf8)).prefix(8))
        return trimmed.isEmpty ? "x-" + hash : trimmed + "-" + hash
    }

    public var description: String { rawValue }

    public static func < (lhs: SnapshotKey, rhs: SnapshotKey) -> Bool { lhs.rawValue < rhs.rawValue }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            self = try SnapshotKey(validating: text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// Why a text is not a valid ``SnapshotKey``.
public enum SnapshotKeyError: Error, Sendable, Equatable, CustomStringConvertible {
    case empty
    case tooLong(Int)
    case emptyComponent(String)
    case componentTooLong(String)
    case invalidCharacter(Unicode.Scalar, in: String)

    public var description: String {
        switch self {
        case .empty:
            "a snapshot key cannot be empty"
        case .tooLong(let length):
            "a snapshot key has at most \(SnapshotKey.maximumLength) bytes; this one has \(length)"
        case .emptyComponent(let key):
            "snapshot key \"\(key)\" has an empty component (a leading, trailing or doubled \".\")"
        case .componentTooLong(let component):
            "snapshot key component \"\(component)\" is longer than \(SnapshotKey.maximumComponentLength) bytes"
        case .invalidCharacter(let scalar, let key):
            "snapshot key \"\(key)\" contains \"\(scalar.escaped(asASCII: true))\"; "
                + "use lower-case letters, digits, \"-\" and \"_\", with \".\" between purpose and scope"
        }
    }
}

extension String {
    fileprivate func trimmingDashes() -> Substring {
        var text = self[...]
        while text.first == "-" { text = text.dropFirst() }
        while text.last == "-" { text = text.dropLast() }
        return text
    }
}
