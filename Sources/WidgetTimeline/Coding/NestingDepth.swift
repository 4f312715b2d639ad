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
    /// Decided by type, as `JSONEncoder` decides: an optional holding one goes through its own
    /// `encode(to:)`, a single value the probe follows at the same depth to the leaf inside.
    fileprivate static func isLeaf<Value>(_ value: Value) -> Bool {
        leafTypes.contains { $0 == Value.self }
    }

    /// The types ``isLeaf(_:)`` accepts. Comparing types is a pointer comparison; a cast to each of
    /// them, for every value walked, cost more than the rest of the walk.
    private static let leafTypes: [any Any.Type] = [
        Bool.self, String.self, Double.self, Float.self, Int.self, Int8.self, Int16.self, Int32.self,
        Int64.self, Int128.self, UInt.self, UInt8.self, UInt16.self, UInt32.self, UInt64.self,
        UInt128.self, Date.self, Data.self, URL.self, Decimal.self,
    ]

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
