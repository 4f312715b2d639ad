import Foundation

/// An `Encoder` that builds a ``JSONValue`` directly, with the conventions of
/// ``JSONCoding/encoder(timeZone:pretty:)`` in UTC: instants as RFC 3339 text, URLs as their
/// absolute string, data as Base64, non-finite numbers refused.
///
/// Canonical JSON (and so every fingerprint) is written from this tree, which saves encoding to
/// text and parsing it back. The tree is exactly what parsing that text would give.
enum JSONTreeEncoder {
    static func encode<Value: Encodable>(_ value: Value) throws -> JSONValue {
        try box(value, at: [])
    }

    /// The tree for one value, special-casing the types `JSONEncoder` special-cases.
    ///
    /// Types are told apart by comparing metatypes, not by casting each value; the path is made
    /// only for a value that needs one (a nested container, or an error).
    fileprivate static func box<Value: Encodable>(
        _ value: Value, at codingPath: @autoclosure () -> [any CodingKey]
    )
        throws -> JSONValue
    {
        try fill(Node(), with: value, at: codingPath()).value
    }

    /// Encodes `value` into `node`.
    fileprivate static func fill<Value: Encodable>(
        _ node: Node, with value: Value, at codingPath: @autoclosure () -> [any CodingKey]
    ) throws -> Node {
        if Value.self == Date.self {
            node.set(
                .string(
                    try Instant.encodedText(unsafeBitCast(value, to: Date.self), in: nil, at: codingPath())))
        } else if Value.self == String.self {
            node.set(.string(unsafeBitCast(value, to: String.self)))
        } else if Value.self == URL.self {
            node.set(.string(unsafeBitCast(value, to: URL.self).absoluteString))
        } else if Value.self == Data.self {
            node.set(.string(unsafeBitCast(value, to: Data.self).base64EncodedString()))
        } else {
            try value.encode(to: TreeEncoder(node: node, codingPath: codingPath()))
        }
        return node
    }

    /// The canonical bytes (``CanonicalJSON``) of `value`, written from the tree as it was built.
    static func canonicalBytes<Value: Encodable>(of value: Value) throws -> [UInt8] {
        let node = try fill(Node(), with: value, at: [])
        var output: [UInt8] = []
        node.writeCanonical(into: &output)
        return output
    }
}

/// A slot in the tree being built: containers write into their node, nested containers into child
/// nodes, and the value is assembled when read. Members and elements are stored apart from the
/// kind, so appending is amortised O(1) (an array inside an enum case would be copied each time).
private final class Node {
    enum Kind {
        case empty
        case value
        case object
        case array
    }

    private(set) var kind = Kind.empty
    private var scalar = JSONValue.null
    private var members: [String: Node] = [:]
    private var elements: [Node] = []

    var count: Int { elements.count }

    var value: JSONValue {
        switch kind {
        case .empty: return .object([:])
        case .value: return scalar
        case .object: return .object(members.mapValues(\.value))
        case .array: return .array(elements.map(\.value))
        }
    }

    /// The canonical JSON of this node's value, without building the ``JSONValue`` first.
    func writeCanonical(into output: inout [UInt8]) {
        switch kind {
        case .empty: output.append(contentsOf: [UInt8(ascii: "{"), UInt8(ascii: "}")])
        case .value: CanonicalJSON.write(scalar, into: &output)
        case .array:
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                element.writeCanonical(into: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object:
            output.append(UInt8(ascii: "{"))
            let sorted = members.sorted { $0.key.utf16.lexicographicallyPrecedes($1.key.utf16) }
            for (index, member) in sorted.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                CanonicalJSON.writeString(member.key, into: &output)
                output.append(UInt8(ascii: ":"))
                member.value.writeCanonical(into: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    func set(_ value: JSONValue) {
        kind = .value
        scalar = value
    }

    func member(_ key: String) -> Node {
        becomeObject()
        if let node = members[key] { return node }
        let node = Node()
        members[key] = node
        return node
    }

    func setMember(_ key: String, _ child: Node) {
        becomeObject()
        members[key] = child
    }

    func appendElement() -> Node {
        becomeArray()
        let node = Node()
        elements.append(node)
        return node
    }

    func becomeObject() {
        if kind != .object {
            kind = .object
            members = [:]
        }
    }

    func becomeArray() {
        if kind != .array {
            kind = .array
            elements = []
        }
    }
}

private struct TreeEncoder: Encoder {
    let node: Node
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.becomeObject()
        return KeyedEncodingContainer(KeyedTreeContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.becomeArray()
        return UnkeyedTreeContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleTreeContainer(node: node, codingPath: codingPath)
    }
}

/// Scalars as `JSONEncoder` writes them and `JSONParser` reads them back.
private enum Scalar {
    static func number(_ value: Double, at codingPath: [any CodingKey]) throws -> JSONValue {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value, .init(codingPath: codingPath, debugDescription: "\(value) cannot be written as JSON"))
        }
        // A whole value that fits in 64 bits reads back as an integer, however it is written
        // (`1.0`, `1e+16`): see `JSONValue.integer`.
        if let integer = Int64(exactly: value) { return .integer(integer) }
        return .number(value)
    }

    static func integer<T: BinaryInteger>(_ value: T) -> JSONValue {
        if let exact = Int64(exactly: value) { return .integer(exact) }
        return .number(Double(value))
    }
}

private struct SingleTreeContainer: SingleValueEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]

    func encodeNil() { node.set(.null) }
    func encode(_ value: Bool) { node.set(.bool(value)) }
    func encode(_ value: String) { node.set(.string(value)) }
    func encode(_ value: Double) throws { node.set(try Scalar.number(value, at: codingPath)) }
    func encode(_ value: Float) throws {
        // JSONEncoder writes a Float's own shortest digits; read back, they are this Double.
        node.set(try Scalar.number(Double("\(value)") ?? Double(value), at: codingPath))
    }
    func encode(_ value: Int) { node.set(Scalar.integer(value)) }
    func encode(_ value: Int8) { node.set(Scalar.integer(value)) }
    func encode(_ value: Int16) { node.set(Scalar.integer(value)) }
    func encode(_ value: Int32) { node.set(Scalar.integer(value)) }
    func encode(_ value: Int64) { node.set(Scalar.integer(value)) }
    func encode(_ value: UInt) { node.set(Scalar.integer(value)) }
    func encode(_ value: UInt8) { node.set(Scalar.integer(value)) }
    func encode(_ value: UInt16) { node.set(Scalar.integer(value)) }
    func encode(_ value: UInt32) { node.set(Scalar.integer(value)) }
    func encode(_ value: UInt64) { node.set(Scalar.integer(value)) }
    func encode<T: Encodable>(_ value: T) throws {
        node.set(try JSONTreeEncoder.box(value, at: codingPath))
    }
}

private struct KeyedTreeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: Node
    let codingPath: [any CodingKey]

    private func set(_ value: JSONValue, _ key: Key) { node.member(key.stringValue).set(value) }

    mutating func encodeNil(forKey key: Key) { set(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) { set(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) { set(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        set(try Scalar.number(value, at: codingPath + [key]), key)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        set(try Scalar.number(Double("\(value)") ?? Double(value), at: codingPath + [key]), key)
    }
    mutating func encode(_ value: Int, forKey key: Key) { set(Scalar.integer(value), key) }
    mutating func encode(_ value: Int8, forKey key: Key) { set(Scalar.integer(value), key) }
    mutating func encode(_ value: Int16, forKey key: Key) { set(Scalar.integer(value), key) }
    mutating func encode(_ value: Int32, forKey key: Key) { set(Scalar.integer(value), key) }
    mutating func encode(_ value: Int64, forKey key: Key) { set(Scalar.integer(value), key) }
    mutating func encode(_ value: UInt, forKey key: Key) { set(Scalar.integer(value), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) { set(Scalar.integer(value), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) { set(Scalar.integer(value), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) { set(Scalar.integer(value), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) { set(Scalar.integer(value), key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        // A fresh node: a key encoded twice holds its last value, as with `JSONEncoder`.
        node.setMember(key.stringValue, try JSONTreeEncoder.fill(Node(), with: value, at: codingPath + [key]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        let child = node.member(key.stringValue)
        child.becomeObject()
        return KeyedEncodingContainer(
            KeyedTreeContainer<NestedKey>(node: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = node.member(key.stringValue)
        child.becomeArray()
        return UnkeyedTreeContainer(node: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        TreeEncoder(node: node.member("super"), codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        TreeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key])
    }
}

private struct UnkeyedTreeContainer: UnkeyedEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]
    var count: Int { node.count }

    private var nextKey: AnyCodingKey { AnyCodingKey(intValue: count)! }

    private func append(_ value: JSONValue) { node.appendElement().set(value) }

    mutating func encodeNil() { append(.null) }
    mutating func encode(_ value: Bool) { append(.bool(value)) }
    mutating func encode(_ value: String) { append(.string(value)) }
    mutating func encode(_ value: Double) throws {
        append(try Scalar.number(value, at: codingPath + [nextKey]))
    }
    mutating func encode(_ value: Float) throws {
        append(try Scalar.number(Double("\(value)") ?? Double(value), at: codingPath + [nextKey]))
    }
    mutating func encode(_ value: Int) { append(Scalar.integer(value)) }
    mutating func encode(_ value: Int8) { append(Scalar.integer(value)) }
    mutating func encode(_ value: Int16) { append(Scalar.integer(value)) }
    mutating func encode(_ value: Int32) { append(Scalar.integer(value)) }
    mutating func encode(_ value: Int64) { append(Scalar.integer(value)) }
    mutating func encode(_ value: UInt) { append(Scalar.integer(value)) }
    mutating func encode(_ value: UInt8) { append(Scalar.integer(value)) }
    mutating func encode(_ value: UInt16) { append(Scalar.integer(value)) }
    mutating func encode(_ value: UInt32) { append(Scalar.integer(value)) }
    mutating func encode(_ value: UInt64) { append(Scalar.integer(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        let key = nextKey
        _ = try JSONTreeEncoder.fill(node.appendElement(), with: value, at: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        let key = nextKey
        let child = node.appendElement()
        child.becomeObject()
        return KeyedEncodingContainer(
            KeyedTreeContainer<NestedKey>(node: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let key = nextKey
        let child = node.appendElement()
        child.becomeArray()
        return UnkeyedTreeContainer(node: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        let key = nextKey
        return TreeEncoder(node: node.appendElement(), codingPath: codingPath + [key])
    }
}
