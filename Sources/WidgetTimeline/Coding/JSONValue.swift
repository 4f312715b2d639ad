#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

/// Any JSON document, held without a schema: for timelines whose state type is unknown (`lint`),
/// for scenario payloads, and as the one form canonical bytes and fingerprints are made from.
///
/// Numbers are kept exactly (``JSONNumber``): a value read from text and written again keeps every
/// digit.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The member named `key` of an object, or `nil`.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// Whether more than `limit` arrays and objects nest here; never looks deeper than `limit + 1`.
    func nests(deeperThan limit: Int) -> Bool {
        switch self {
        case .array(let values): limit <= 0 || values.contains { $0.nests(deeperThan: limit - 1) }
        case .object(let members): limit <= 0 || members.values.contains { $0.nests(deeperThan: limit - 1) }
        case .null, .bool, .number, .string: false
        }
    }

    /// A whole number.
    public static func integer(_ value: Int64) -> JSONValue { .number(JSONNumber(value)) }

    /// The value `JSONEncoder` writes for `value` (instants as UTC text, see ``JSONCoding``, exact
    /// where finer than a millisecond, as a payload's are stored), read back exactly: `Decimal`,
    /// `URL`, `Data` and dates come out as `JSONEncoder` spells them.
    ///
    /// - Throws: `EncodingError` when `value` cannot be encoded (a non-finite number, an instant
    ///   outside years 0000–9999), ``JSONSyntaxError`` when the encoding nests deeper than
    ///   ``JSONParser/maximumDepth``.
    public init<Value: Encodable>(encoding value: Value) throws {
        // Refused before `JSONEncoder` recurses through a value nested past its limit.
        try NestingDepth.check(value)
        self = try JSONParser.parse(JSONCoding.payloadEncoder.encode(value))
    }
}

extension JSONValue: Codable {
    public init(from decoder: any Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            var values: [JSONValue] = []
            if let count = array.count { values.reserveCapacity(count) }
            while !array.isAtEnd { values.append(try array.decode(JSONValue.self)) }
            self = .array(values)
            return
        }
        if let object = try? decoder.container(keyedBy: AnyCodingKey.self) {
            var members: [String: JSONValue] = [:]
            for key in object.allKeys {
                members[key.stringValue] = try object.decode(JSONValue.self, forKey: key)
            }
            self = .object(members)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let value = try? single.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? single.decode(String.self) {
            self = .string(value)
        } else {
            self = .number(try Self.number(from: single))
        }
    }

    /// The number a decoder holds, as exactly as its types let us ask: the `Decimal` (38 digits,
    /// every whole number of 64 bits among them) when it is the same number as the `Double`, only
    /// more precise; otherwise the `Double` (beyond a `Decimal`'s exponents).
    ///
    /// (Decoding `Int64` is no test of a whole number: Foundation reads `-17593373173357518.073` as
    /// one, through a `Double`.)
    private static func number(from single: any SingleValueDecodingContainer) throws -> JSONNumber {
        let double = try? single.decode(Double.self)
        // A `Decimal` has no negative zero: the `Double` keeps the sign.
        if let double, double == 0, double.sign == .minus, let negativeZero = JSONNumber(double) {
            return negativeZero
        }
        if let decimal = try? single.decode(Decimal.self), let exact = JSONNumber(decimal),
            double == nil || Double(exact.canonicalText) == double
        {
            return exact
        }
        guard let double, let number = JSONNumber(double) else {
            throw DecodingError.dataCorruptedError(
                in: single, debugDescription: "a number beyond a Double's range")
        }
        return number
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .number(let number):
            var container = encoder.singleValueContainer()
            if number.isNegativeZero {
                try container.encode(number.doubleValue)
            } else if let value = number.int64Value {
                try container.encode(value)
            } else if let value = number.uint64Value {
                try container.encode(value)
            } else if !number.isExactDouble, let value = number.decimalValue {
                try container.encode(value)
            } else if number.isExactDouble {
                try container.encode(number.doubleValue)
            } else {
                // Neither a `Double` nor a `Decimal` holds it: writing the nearest `Double` would
                // store, and show to every reader, another number than this value holds. The advice
                // names that `Double`: a subnormal with 17 significant digits is still refused.
                let nearest = JSONNumber(number.doubleValue)?.canonicalText ?? "?"
                throw EncodingError.invalidValue(
                    number.canonicalText,
                    .init(
                        codingPath: encoder.codingPath,
                        debugDescription:
                            "the number \(number.canonicalText) has more digits than a Double or a Decimal holds "
                            + "(a Double reads it as \(nearest)); "
                            + "write \(nearest), the number a reader sees"))
            }
        case .string(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .array(let values):
            var container = encoder.unkeyedContainer()
            for value in values { try container.encode(value) }
        case .object(let members):
            var container = encoder.container(keyedBy: AnyCodingKey.self)
            for (key, value) in members { try container.encode(value, forKey: AnyCodingKey(key)) }
        }
    }
}

/// A coding key for arbitrary member names.
struct AnyCodingKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(_ string: String) {
        stringValue = string
        intValue = nil
    }

    init?(stringValue: String) { self.init(stringValue) }

    init?(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}
