import Foundation

/// Why a JSON document could not be decoded, in words a person can act on: the JSON path of the
/// problem (`$.entries[3].date`) and what was expected and found, or the line and column of a
/// syntax error.
public struct JSONDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The JSON path of the problem, or `nil` for a syntax error.
    public var path: String?
    public var message: String

    public var description: String { path.map { "at \($0): \(message)" } ?? message }

    public init(path: String?, message: String) {
        self.path = path
        self.message = message
    }

    /// The path text for a coding path: `$`, `$.entries[3].date`.
    public static func path(_ codingPath: [any CodingKey]) -> String {
        var text = "$"
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += "." + key.stringValue
            }
        }
        return text
    }

    init(_ error: DecodingError) {
        switch error {
        case .typeMismatch(_, let context), .dataCorrupted(let context), .valueNotFound(_, let context):
            var message = context.debugDescription
            if let underlying = context.underlyingError { message += " (\(underlying))" }
            self.init(path: Self.path(context.codingPath), message: message)
        case .keyNotFound(let key, let context):
            self.init(path: Self.path(context.codingPath), message: "missing member \"\(key.stringValue)\"")
        @unknown default:
            self.init(path: nil, message: String(describing: error))
        }
    }

    /// Foundation's reason `data` (strict JSON) does not decode as `type`, at its coding path, in
    /// words: "expected a whole number, found the string "18"" (the value found is looked up in the
    /// document at that path).
    ///
    /// Foundation's decoder on Linux reports a number that does not fit its field (a fraction for
    /// an `Int`, `300` for a `UInt8`, `-1` for a `UInt64`) as "not valid JSON" without a path. Then
    /// the number is found by asking the same decoder again with numbers replaced by zero, halving
    /// the candidates each time, so the location is Foundation's own verdict.
    init<T: Decodable>(explaining error: any Error, decoding type: T.Type, from data: Data) {
        guard let error = error as? DecodingError else {
            self.init(path: nil, message: String(describing: error))
            return
        }
        self.init(error)
        let document = try? JSONParser.parse(data)
        switch error {
        case .typeMismatch(let expected, let context):
            if let found = document.flatMap({ Self.value(at: context.codingPath, in: $0) }) {
                message = "expected \(Self.describe(expected)), found \(Self.describe(found))"
            }
        case .valueNotFound(let expected, _):
            message = "expected \(Self.describe(expected)), found null"
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            guard let document, let (path, number) = Self.unfitNumber(in: document, decoding: type) else {
                return
            }
            self.init(path: path, message: "the number \(number) does not fit the type expected here")
        default:
            break
        }
    }

    /// The value at `codingPath` in `document`, if there is one.
    private static func value(at codingPath: [any CodingKey], in document: JSONValue) -> JSONValue? {
        var value = document
        for key in codingPath {
            switch value {
            case .array(let elements):
                guard let index = key.intValue, elements.indices.contains(index) else { return nil }
                value = elements[index]
            case .object(let members):
                guard let member = members[key.stringValue] else { return nil }
                value = member
            default: return nil
            }
        }
        return value
    }

    /// What a value of a Swift type is called in JSON terms.
    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type, is Date.Type, is URL.Type, is Data.Type: "a string"
        case is Int.Type, is Int8.Type, is Int16.Type, is Int32.Type, is Int64.Type, is UInt.Type,
            is UInt8.Type, is UInt16.Type, is UInt32.Type, is UInt64.Type:
            "a whole number"
        case is Double.Type, is Float.Type, is Decimal.Type: "a number"
        case is Bool.Type: "true or false"
        default: String(describing: type).hasPrefix("Array") ? "an array" : "an object"
        }
    }

    /// A found value as a message names it: `the string "18"`, `the number 1.5`, `true`, `an array`.
    private static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .number(let number): "the number \(number)"
        case .string(let text):
            "the string \"" + (text.count > 40 ? text.prefix(40) + "…" : text) + "\""
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The number of `document` without which Foundation's location-less failure goes away: zeroing
    /// the first `high` numbers (in document order) removes it and the first `high - 1` do not.
    private static func unfitNumber<T: Decodable>(in document: JSONValue, decoding type: T.Type)
        -> (path: String, number: JSONNumber)?
    {
        var numbers: [(path: String, number: JSONNumber)] = []
        collectNumbers(in: document, at: "$", into: &numbers)
        func failsWithoutLocation(zeroingFirst count: Int) -> Bool {
            var remaining = count
            let bytes = Data(CanonicalJSON.encode(zeroingNumbers(in: document, remaining: &remaining)))
            do {
                _ = try JSONCoding.sharedDecoder.decode(type, from: bytes)
                return false
            } catch DecodingError.dataCorrupted(let context) {
                return context.codingPath.isEmpty
            } catch {
                return false
            }
        }
        guard failsWithoutLocation(zeroingFirst: 0), !failsWithoutLocation(zeroingFirst: numbers.count) else {
            return nil
        }
        var low = 0
        var high = numbers.count
        while low + 1 < high {
            let middle = (low + high) / 2
            if failsWithoutLocation(zeroingFirst: middle) { low = middle } else { high = middle }
        }
        return numbers[high - 1]
    }

    /// The numbers of `value` with their paths, in document order (members by name).
    private static func collectNumbers(
        in value: JSONValue, at path: String, into numbers: inout [(path: String, number: JSONNumber)]
    ) {
        switch value {
        case .number(let number): numbers.append((path, number))
        case .array(let values):
            for (index, element) in values.enumerated() {
                collectNumbers(in: element, at: path + "[\(index)]", into: &numbers)
            }
        case .object(let members):
            for key in members.keys.sorted() {
                collectNumbers(in: members[key]!, at: path + "." + key, into: &numbers)
            }
        case .null, .bool, .string: break
        }
    }

    /// `value` with its first `remaining` numbers, in the order of ``collectNumbers(in:at:into:)``,
    /// replaced by zero.
    private static func zeroingNumbers(in value: JSONValue, remaining: inout Int) -> JSONValue {
        switch value {
        case .number:
            guard remaining > 0 else { return value }
            remaining -= 1
            return .number(.zero)
        case .array(let values):
            var result: [JSONValue] = []
            for element in values { result.append(zeroingNumbers(in: element, remaining: &remaining)) }
            return .array(result)
        case .object(let members):
            var result: [String: JSONValue] = [:]
            for key in members.keys.sorted() {
                result[key] = zeroingNumbers(in: members[key]!, remaining: &remaining)
            }
            return .object(result)
        case .null, .bool, .string: return value
        }
    }
}
