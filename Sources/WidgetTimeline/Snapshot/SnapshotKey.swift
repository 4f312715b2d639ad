/// The name of one snapshot in the shared container: a purpose plus the scope it answers for,
/// e.g. `parking.yeouido.compact`.
///
/// A key is also a file name, so it is restricted to what is safe in one: components of
/// `a`–`z`, `0`–`9`, `-` and `_`, joined by `.`. Use ``init(purpose:scope:)-(String,[String])`` to build a key from
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
    ///
    /// A key that would be longer than ``maximumLength`` as a whole has its longest scope
    /// components shortened, each to a prefix plus a hash of the original text, until it fits; with
    /// so many components that even that fails, the scope becomes one hashed component. The key is
    /// a directory name, which file systems cap at 255 bytes.
    public init(purpose: String, scope: [String]) {
        let texts = [purpose] + scope
        var components = texts.map(Self.sanitise)
        func length() -> Int { components.reduce(components.count - 1) { $0 + $1.utf8.count } }
        while length() > Self.maximumLength {
            // The longest scope component (the purpose only when the scope is all short).
            let index = components.indices.dropFirst().max {
                components[$0].utf8.count < components[$1].utf8.count
            }
            guard let index, components[index].utf8.count > Self.shortenedLength else {
                let scopeText = scope.joined(separator: "\u{0}")
                components = [
                    Self.shortened(components[0], original: purpose),
                    "x-" + String(SHA256.hexDigest(of: Array(scopeText.utf8)).prefix(16)),
                ]
                break
            }
            let excess = length() - Self.maximumLength
            components[index] = Self.shortened(
                components[index], original: texts[index],
                to: max(Self.shortenedLength, components[index].utf8.count - excess))
        }
        rawValue = components.joined(separator: ".")
    }

    /// The length a component is cut to at most when a key is too long as a whole: a few readable
    /// characters and the eight-digit hash.
    private static let shortenedLength = 16

    /// `component` cut to `length` bytes, ending in `-` and eight hex digits of the SHA-256 of the
    /// text it came from, so different texts stay different keys.
    private static func shortened(_ component: String, original: String, to length: Int = shortenedLength)
        -> String
    {
        guard component.utf8.count > length else { return component }
        // Sanitised components are ASCII, so characters and bytes count the same.
        let kept = String(component.prefix(length - 9)).trimmingDashes()
        let hash = String(SHA256.hexDigest(of: Array(original.utf8)).prefix(8))
        return kept.isEmpty ? "x-" + hash : kept + "-" + hash
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
