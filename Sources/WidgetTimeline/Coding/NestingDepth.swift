#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How deep a value nests, found before `JSONEncoder` walks it.
///
/// `JSONEncoder` builds its whole tree, recursing through the value's `encode(to:)`, before its
/// writer refuses anything nested past 512 levels: a value nested a few thousand deep overflows the
/// stack inside Foundation (a debug build needs about 3 KiB per level) and the app crashes where a
/// refusal was due. ``check(_:)`` walks the value's encoding with an encoder that keeps nothing and
/// stops one level past the limit, so the recursion it starts is never deeper than the one
/// `JSONEncoder` makes for a value it accepts.
enum NestingDepth {
    /// What the error says: a value nested past ``JSONParser/maximumDepth``.
    static let tooDeepDescription = "the value nests deeper than \(JSONParser.maximumDepth) levels of JSON"

    /// Throws when `value`'s JSON would nest deeper than ``JSONParser/maximumDepth`` arrays and
    /// objects, the most `JSONEncoder` writes; runs `value`'s `encode(to:)` once more than encoding
    /// does.
    ///
    /// - Throws: `EncodingError.invalidValue` with ``tooDeepDescription`` and an empty coding path,
    ///   or whatever the value's `encode(to:)` throws.
    static func check<Value: Encodable>(_ value: Value) throws {
        if isLeaf(value) { return }
        try value.encode(to: Probe(depth: 0, encoding: Value.self))
    }

    /// Whether `JSONEncoder` writes `value` as one string or number, whatever its `encode(to:)`
    /// does: a primitive, or one of the types it spells itself (`Date`, `Data`, `URL`, `Decimal`).
    fileprivate static func isLeaf<Value>(_ value: Value) -> Bool {
        switch value {
        case is Bool, is String, is Double, is Float, is Int, is Int8, is Int16, is Int32, is Int64,
            is Int128, is UInt, is UInt8, is UInt16, is UInt32, is UInt64, is UInt128, is Date, is Data,
            is URL, is Decimal:
            return true
        default:
            return false
        }
    }

    /// Refuses a container at `level`, past the limit.
    fileprivate static func checkLevel(_ level: Int) throws {
        guard level <= JSONParser.maximumDepth else {
            throw EncodingError.invalidValue(
                level, EncodingError.Context(codingPath: [], debugDescription: tooDeepDescription))
        }
    }

    /// Encodes `value` as a member of a container at `level`.
    fileprivate static func encode<Value: Encodable>(_ value: Value, at level: Int) throws {
        try checkLevel(level)
        if isLeaf(value) { return }
        try value.encode(to: Probe(depth: level, encoding: Value.self))
    }

    /// An encoder that writes nothing and counts the arrays and objects around what it is given.
    private struct Probe: Encoder {
        /// How many arrays and objects enclose what this encoder writes.
        let depth: Int
        /// The type whose `encode(to:)` was handed this encoder: the same type again in a single
        /// value is a leaf this probe does not know (encoding it would only call itself).
        let encoding: Any.Type
        var codingPath: [any CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        // A container is refused on its first use: opening one cannot throw.
        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            KeyedEncodingContainer(Keyed<Key>(level: depth + 1))
        }
        func unkeyedContainer() -> any UnkeyedEncodingContainer { Unkeyed(level: depth + 1) }
        func singleValueContainer() -> any SingleValueEncodingContainer { Single(probe: self) }
    }

    private struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        /// How many arrays and objects enclose this container's members, itself included.
        let level: Int
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil(forKey key: Key) throws { try NestingDepth.checkLevel(level) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try NestingDepth.encode(value, at: level)
        }
        // The 128-bit requirements have default implementations, which a generic method does not
        // replace: they throw "not implemented".
        mutating func encode(_ value: Int128, forKey key: Key) throws { try NestingDepth.checkLevel(level) }
        mutating func encode(_ value: UInt128, forKey key: Key) throws { try NestingDepth.checkLevel(level) }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
            -> KeyedEncodingContainer<NestedKey>
        {
            KeyedEncodingContainer(Keyed<NestedKey>(level: level + 1))
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            Unkeyed(level: level + 1)
        }
        mutating func superEncoder() -> any Encoder { Probe(depth: level, encoding: Void.self) }
        mutating func superEncoder(forKey key: Key) -> any Encoder {
            Probe(depth: level, encoding: Void.self)
        }
    }

    private struct Unkeyed: UnkeyedEncodingContainer {
        let level: Int
        var codingPath: [any CodingKey] { [] }
        var count = 0

        mutating func encodeNil() throws {
            try NestingDepth.checkLevel(level)
            count += 1
        }
        mutating func encode<T: Encodable>(_ value: T) throws {
            try NestingDepth.encode(value, at: level)
            count += 1
        }
        mutating func encode(_ value: Int128) throws { try encodeNil() }
        mutating func encode(_ value: UInt128) throws { try encodeNil() }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
            -> KeyedEncodingContainer<NestedKey>
        {
            count += 1
            return KeyedEncodingContainer(Keyed<NestedKey>(level: level + 1))
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            count += 1
            return Unkeyed(level: level + 1)
        }
        mutating func superEncoder() -> any Encoder {
            count += 1
            return Probe(depth: level, encoding: Void.self)
        }
    }

    private struct Single: SingleValueEncodingContainer {
        let probe: Probe
        var codingPath: [any CodingKey] { [] }
        mutating func encodeNil() throws {}
        mutating func encode<T: Encodable>(_ value: T) throws {
            // A value of the type being encoded would only call this again: a leaf.
            if NestingDepth.isLeaf(value) || T.self == probe.encoding { return }
            try value.encode(to: Probe(depth: probe.depth, encoding: T.self))
        }
        mutating func encode(_ value: Int128) throws {}
        mutating func encode(_ value: UInt128) throws {}
    }
}
