#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

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

    /// The message for a word that is not one of `words`: `unknown value "flaky" (expected one of:
    /// fails, hangs)`, with `; did you mean "fails"?` when one is close (``Suggestion``).
    public static func unknownValue(_ word: String, among words: [String]) -> String {
        let shown = word.count > 40 ? word.prefix(40) + "…" : word
        let suggestion = Suggestion.closest(to: word, among: words).map { "; did you mean \"\($0)\"?" } ?? ""
        return "unknown value \"\(shown)\" (expected one of: \(words.joined(separator: ", ")))\(suggestion)"
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
    /// the number is found by asking the same decoder again with numbers replaced by ones every
    /// numeric type holds, halving the candidates each time, so the location is Foundation's own
    /// verdict; asking once more with that number replaced by a string names the type it wanted.
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
            guard let document, let unfit = Self.unfitNumber(in: document, decoding: type) else {
                message = "not JSON this decoder reads: a number does not fit the type expected where it is"
                // Written in full the numbers fit, so one's spelling is the cause: a whole number
                // past 2^53 with a fraction or an exponent (`9223372036854775807.0`), which the
                // decoder reads through a `Double`, rounded out of its type's range.
                if let document, let spelled = Self.wholeNumbersPastDoublePrecision(in: document).first {
                    self.init(
                        path: spelled.path,
                        message:
                            "found \(spelled.number) written with a fraction or an exponent, which this decoder "
                            + "reads through a Double, as \(String(cFormat: "%.0f", spelled.number.doubleValue)): write "
                            + "the whole number without them")
                }
                return
            }
            let expected = unfit.expected.map { Self.describeRange(of: $0) } ?? "a number of another type"
            self.init(path: unfit.path, message: "expected \(expected), found \(unfit.number)")
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

    /// What a numeric Swift type takes, with its range: "a whole number from 0 to
    /// 18446744073709551615", for the message about a number it refused.
    private static func describeRange(of type: Any.Type) -> String {
        func whole<Integer: FixedWidthInteger>(_: Integer.Type) -> String {
            "a whole number from \(Integer.min) to \(Integer.max)"
        }
        switch type {
        case is Int.Type: return whole(Int.self)
        case is Int8.Type: return whole(Int8.self)
        case is Int16.Type: return whole(Int16.self)
        case is Int32.Type: return whole(Int32.self)
        case is Int64.Type: return whole(Int64.self)
        case is UInt.Type: return whole(UInt.self)
        case is UInt8.Type: return whole(UInt8.self)
        case is UInt16.Type: return whole(UInt16.self)
        case is UInt32.Type: return whole(UInt32.self)
        case is UInt64.Type: return whole(UInt64.self)
        case is Float.Type:
            return "a number from \(-Float.greatestFiniteMagnitude) to \(Float.greatestFiniteMagnitude)"
        default: return describe(type)
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

    /// The number of `document` without which Foundation's location-less failure goes away, and
    /// the type Foundation wanted there (`nil` when it does not say).
    ///
    /// Only numbers some numeric type refuses are candidates: a whole number from 0 to 127 fits
    /// every one. Fitting the first `high` candidates (in document order) removes the failure and
    /// the first `high - 1` do not. A candidate is fitted to the nearest whole number from 1 to 127,
    /// so a field that must be positive stays valid and the decoder still reaches the next number.
    private static func unfitNumber<T: Decodable>(in document: JSONValue, decoding type: T.Type)
        -> (path: String, number: JSONNumber, expected: (any Any.Type)?)?
    {
        var numbers: [(path: String, number: JSONNumber)] = []
        collectNumbers(in: document, at: "$", into: &numbers)
        let candidates = Set(numbers.indices.filter { !fitsEveryType(numbers[$0].number) })
        func decodes(_ replaced: JSONValue) -> (any Error)? {
            do {
                _ = try JSONCoding.sharedDecoder.decode(
                    type, from: Data(CanonicalJSON.encode(replaced, wholeNumbersInFull: true)))
                return nil
            } catch {
                return error
            }
        }
        func failsWithoutLocation(fittingFirst count: Int) -> Bool {
            var index = 0
            let replaced = replacingNumbers(in: document, counter: &index) { position, number in
                candidates.contains(position) && position < count ? fitted(number) : nil
            }
            guard case DecodingError.dataCorrupted(let context)? = decodes(replaced) else { return false }
            return context.codingPath.isEmpty
        }
        guard !candidates.isEmpty, failsWithoutLocation(fittingFirst: 0),
            !failsWithoutLocation(fittingFirst: numbers.count)
        else { return nil }
        var low = 0
        var high = numbers.count
        while low + 1 < high {
            let middle = (low + high) / 2
            if failsWithoutLocation(fittingFirst: middle) { low = middle } else { high = middle }
        }
        let found = high - 1
        // The same document with the numbers before it fitted and it a string: the decoder names
        // the type it expected there.
        var index = 0
        let probe = replacingNumbers(in: document, counter: &index) { position, number in
            if position == found { return .string("") }
            return candidates.contains(position) && position < found ? fitted(number) : nil
        }
        var expected: (any Any.Type)?
        if case DecodingError.typeMismatch(let type, let context)? = decodes(probe),
            Self.path(context.codingPath) == numbers[found].path
        {
            expected = type
        }
        return (numbers[found].path, numbers[found].number, expected)
    }

    /// The whole numbers of `document` a `Double` cannot hold exactly (past 2^53), with their paths.
    private static func wholeNumbersPastDoublePrecision(in document: JSONValue)
        -> [(path: String, number: JSONNumber)]
    {
        var numbers: [(path: String, number: JSONNumber)] = []
        collectNumbers(in: document, at: "$", into: &numbers)
        return numbers.filter { $0.number.isWhole && abs($0.number.doubleValue) >= 0x1p53 }
    }

    /// Whether every integer and floating-point type holds `number`: a whole number from 0 to 127.
    private static func fitsEveryType(_ number: JSONNumber) -> Bool {
        guard let value = number.int64Value else { return false }
        return (0...127).contains(value)
    }

    /// The whole number from 1 to 127 nearest `number`.
    private static func fitted(_ number: JSONNumber) -> JSONValue {
        let value = number.doubleValue.rounded(.towardZero)
        return .integer(Int64(min(127, max(1, value))))
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

    /// `value` with each number replaced by what `replacement` returns for it (its position in the
    /// order of ``collectNumbers(in:at:into:)``, counted in `counter`), or kept when that is `nil`.
    private static func replacingNumbers(
        in value: JSONValue, counter: inout Int, _ replacement: (Int, JSONNumber) -> JSONValue?
    ) -> JSONValue {
        switch value {
        case .number(let number):
            defer { counter += 1 }
            return replacement(counter, number) ?? value
        case .array(let values):
            var result: [JSONValue] = []
            for element in values {
                result.append(replacingNumbers(in: element, counter: &counter, replacement))
            }
            return .array(result)
        case .object(let members):
            var result: [String: JSONValue] = [:]
            for key in members.keys.sorted() {
                result[key] = replacingNumbers(in: members[key]!, counter: &counter, replacement)
            }
            return .object(result)
        case .null, .bool, .string: return value
        }
    }
}
