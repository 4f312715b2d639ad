import Foundation

/// A `Decoder` over a parsed ``JSONValue``, with the same conventions as
/// ``JSONCoding/decoder()`` (instants as RFC 3339 text). It exists to explain failures: every error
/// carries the exact coding path and says what was found, including numbers that do not fit.
struct JSONTreeDecoder: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw mismatch(codingPath, "an object", value) }
        return KeyedDecodingContainer(KeyedContainer<Key>(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let values) = value else { throw mismatch(codingPath, "an array", value) }
        return UnkeyedContainer(values: values, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleContainer(value: value, codingPath: codingPath)
    }

    static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue, at codingPath: [any CodingKey])
        throws -> T
    {
        if type == Date.self {
            guard case .string(let text) = value else {
                throw mismatch(codingPath, "an ISO-8601 instant", value)
            }
            guard let date = Instant.parse(text) else {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: codingPath,
                        debugDescription: "expected an ISO-8601 instant with an offset, found \"\(text)\"")
                )
            }
            return date as! T
        }
        // Foundation's decoder reads a URL from its text, not from URL's own keyed form; so must
        // the explanation, or a bad URL would be explained as "expected an object".
        if type == URL.self {
            guard case .string(let text) = value else { throw mismatch(codingPath, "a URL", value) }
            guard let url = URL(string: text) else {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: codingPath,
                        debugDescription: "expected a URL, found \"\(text.prefix(80))\""))
            }
            return url as! T
        }
        return try T(from: JSONTreeDecoder(value: value, codingPath: codingPath))
    }
}

private func mismatch(_ path: [any CodingKey], _ expected: String, _ found: JSONValue) -> DecodingError {
    DecodingError.typeMismatch(
        Any.self,
        .init(codingPath: path, debugDescription: "expected \(expected), found \(found.kindDescription)"))
}

extension JSONValue {
    /// What kind of value this is, for messages: `a string ("abc")`, `a number (1.5)`, …
    var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool(let value): "\(value)"
        case .integer(let value): "the number \(value)"
        case .number(let value): "the number \(value)"
        case .string(let value): "the string \"\(value.prefix(40))\(value.count > 40 ? "…" : "")\""
        case .array: "an array"
        case .object: "an object"
        }
    }
}

private struct SingleContainer: SingleValueDecodingContainer {
    let value: JSONValue
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool { value == .null }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let flag) = value else { throw mismatch(codingPath, "true or false", value) }
        return flag
    }

    func decode(_ type: String.Type) throws -> String {
        guard case .string(let text) = value else { throw mismatch(codingPath, "a string", value) }
        return text
    }

    func decode(_ type: Double.Type) throws -> Double {
        switch value {
        case .integer(let number): return Double(number)
        case .number(let number): return number
        default: throw mismatch(codingPath, "a number", value)
        }
    }

    func decode(_ type: Float.Type) throws -> Float {
        // As Foundation's decoder does: a number beyond `Float` is refused, not made infinite.
        let number = try decode(Double.self)
        guard abs(number) <= Double(Float.greatestFiniteMagnitude) else {
            throw mismatch(codingPath, "a number from -3.4e38 to 3.4e38", value)
        }
        return Float(number)
    }

    private func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        switch value {
        case .integer(let number):
            guard let exact = T(exactly: number) else {
                throw mismatch(codingPath, "a whole number from \(T.min) to \(T.max)", value)
            }
            return exact
        case .number(let number):
            guard let exact = T(exactly: number) else {
                let expected =
                    number.rounded() == number ? "a whole number from \(T.min) to \(T.max)" : "a whole number"
                throw mismatch(codingPath, expected, value)
            }
            return exact
        default:
            throw mismatch(codingPath, "a whole number", value)
        }
    }

    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try JSONTreeDecoder.decode(type, from: value, at: codingPath)
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [String: JSONValue]
    let codingPath: [any CodingKey]

    var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    private func member(_ key: Key) throws -> JSONValue {
        guard let value = members[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "missing member \"\(key.stringValue)\""))
        }
        return value
    }

    func decodeNil(forKey key: Key) throws -> Bool { try member(key) == .null }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let value = try member(key)
        if value == .null, !(T.self is any ExpressibleByNilLiteral.Type) {
            throw DecodingError.valueNotFound(
                type, .init(codingPath: codingPath + [key], debugDescription: "expected a value, found null"))
        }
        return try JSONTreeDecoder.decode(type, from: value, at: codingPath + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try JSONTreeDecoder(value: member(key), codingPath: codingPath + [key]).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try JSONTreeDecoder(value: member(key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        JSONTreeDecoder(value: members["super"] ?? .null, codingPath: codingPath)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        JSONTreeDecoder(value: members[key.stringValue] ?? .null, codingPath: codingPath + [key])
    }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let values: [JSONValue]
    let codingPath: [any CodingKey]
    var currentIndex = 0

    init(values: [JSONValue], codingPath: [any CodingKey]) {
        self.values = values
        self.codingPath = codingPath
    }

    var count: Int? { values.count }
    var isAtEnd: Bool { currentIndex >= values.count }

    private var indexKey: AnyCodingKey { AnyCodingKey(intValue: currentIndex)! }

    private func next() throws -> JSONValue {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                Any.self,
                .init(codingPath: codingPath + [indexKey], debugDescription: "the array has too few elements")
            )
        }
        return values[currentIndex]
    }

    mutating func decodeNil() throws -> Bool {
        guard try next() == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let value = try JSONTreeDecoder.decode(type, from: try next(), at: codingPath + [indexKey])
        currentIndex += 1
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        let container = try JSONTreeDecoder(value: next(), codingPath: codingPath + [indexKey]).container(
            keyedBy: type)
        currentIndex += 1
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let container = try JSONTreeDecoder(value: next(), codingPath: codingPath + [indexKey])
            .unkeyedContainer()
        currentIndex += 1
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let decoder = JSONTreeDecoder(value: try next(), codingPath: codingPath + [indexKey])
        currentIndex += 1
        return decoder
    }
}
