/// A strict RFC 8259 parser into ``JSONValue`` that says where a document is wrong (line and
/// column) and refuses nesting deeper than a limit instead of exhausting the stack.
///
/// Strict means what another language's strict reader would accept, and nothing more: UTF-8 text
/// (a leading byte order mark is ignored, as RFC 8259 allows), no trailing commas, no bytes after
/// the value, and no member name twice in one object — readers disagree on which of two values
/// counts (Foundation takes the first, JavaScript and Python the last), so such a document has no
/// one meaning and is refused.
///
/// ``JSONCoding/decode(_:from:)`` runs ``validate(_:)`` before Foundation's `JSONDecoder`, which is
/// more lenient (it takes trailing commas, NUL padding, UTF-16 and repeated names). Numbers are
/// kept exactly (``JSONNumber``); one beyond a `Double`'s range is refused, as other readers would.
public struct JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    public static let maximumDepth = 512

    /// The document, for the duration of one parse.
    private let bytes: UnsafeBufferPointer<UInt8>
    /// Whether arrays and objects are built (``parse(_:)``) or only checked (``validate(_:)``).
    private let buildsValues: Bool
    private var index = 0
    private var depth = 0

    /// Parses one JSON document (surrounding whitespace allowed).
    ///
    /// - Throws: ``JSONSyntaxError`` with the line and column of the first problem.
    public static func parse(_ bytes: some Collection<UInt8>) throws(JSONSyntaxError) -> JSONValue {
        try run(on: bytes, buildingValues: true)
    }

    /// Checks that `bytes` is one strict JSON document without building its value: the same checks
    /// as ``parse(_:)``, with memory for only the member names of the objects being read.
    ///
    /// - Throws: ``JSONSyntaxError`` with the line and column of the first problem.
    public static func validate(_ bytes: some Collection<UInt8>) throws(JSONSyntaxError) {
        _ = try run(on: bytes, buildingValues: false)
    }

    /// Parses `bytes` in place when they are contiguous (an array, `Data`), a copy otherwise.
    private static func run(on bytes: some Collection<UInt8>, buildingValues: Bool) throws(JSONSyntaxError)
        -> JSONValue
    {
        func parse(_ buffer: UnsafeBufferPointer<UInt8>) -> Result<JSONValue, JSONSyntaxError> {
            var parser = JSONParser(bytes: buffer, buildsValues: buildingValues)
            return Result { () throws(JSONSyntaxError) in try parser.parseDocument() }
        }
        let outcome =
            bytes.withContiguousStorageIfAvailable(parse) ?? Array(bytes).withUnsafeBufferPointer(parse)
        return try outcome.get()
    }

    private mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE])
            || (bytes.count >= 2 && (bytes[0] == 0 || bytes[1] == 0))
        {
            throw error("the text is UTF-16 or UTF-32; JSON must be UTF-8")
        }
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        if index < bytes.count { throw error("unexpected text after the JSON value") }
        return value
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, buildsValues: Bool) {
        self.bytes = bytes
        self.buildsValues = buildsValues
    }

    private func error(_ message: String) -> JSONSyntaxError {
        var line = 1
        var column = 1
        for byte in bytes[..<min(index, bytes.count)] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return JSONSyntaxError(message: message, line: line, column: column)
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        guard let byte = current else { throw error("unexpected end of input; a value was expected") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""):
            guard buildsValues else {
                _ = try scanString(returningText: false)
                return .null
            }
            return .string(try scanString(returningText: true) ?? "")
        case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try parseLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error("unexpected character \(Self.describe(byte)); a value was expected")
        }
    }

    private mutating func parseLiteral(_ word: String, _ value: JSONValue) throws(JSONSyntaxError)
        -> JSONValue
    {
        for expected in word.utf8 {
            guard current == expected else { throw error("invalid literal; expected \(word)") }
            index += 1
        }
        return value
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > Self.maximumDepth { throw error("nesting deeper than \(Self.maximumDepth) levels") }
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        index += 1
        var values: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(values)
        }
        while true {
            skipWhitespace()
            let value = try parseValue()
            if buildsValues { values.append(value) }
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                depth -= 1
                return .array(values)
            case nil: throw error("unexpected end of input; the array is not closed")
            case let byte?:
                throw error("unexpected character \(Self.describe(byte)) in an array; expected , or ]")
            }
        }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        index += 1
        var members: [String: JSONValue] = [:]
        var names = MemberNames()
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else {
                throw current == nil
                    ? error("unexpected end of input; the object is not closed")
                    : error("expected a member name in double quotes")
            }
            let name = try scanString(returningText: true) ?? ""
            if let earlier = names.insert(name) {
                // Swift compares strings by canonical equivalence: "é" written as one scalar and as
                // "e" with a combining accent is one name here, two in most other languages.
                let spelling =
                    earlier.unicodeScalars.elementsEqual(name.unicodeScalars)
                    ? "appears twice in one object"
                    : "appears twice in one object, spelled as \(Self.scalars(of: earlier)) and as "
                        + "\(Self.scalars(of: name)), which are one name after Unicode normalisation"
                throw error(
                    "the member name \"\(name)\" \(spelling); readers differ on which value counts, so write it once"
                )
            }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else {
                throw error("expected : after the member name \"\(name)\"")
            }
            index += 1
            skipWhitespace()
            let value = try parseValue()
            if buildsValues { members[name] = value }
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                depth -= 1
                return .object(members)
            case nil: throw error("unexpected end of input; the object is not closed")
            case let byte?:
                throw error("unexpected character \(Self.describe(byte)) in an object; expected , or }")
            }
        }
    }

    /// Moves past a string, checking it, and returns its text when asked. Most strings have no
    /// escape: their text is their bytes, taken in one piece; the first escape hands the string to
    /// ``parseString()``, which decodes it scalar by scalar.
    private mutating func scanString(returningText: Bool) throws(JSONSyntaxError) -> String? {
        let opening = index
        index += 1
        let start = index
        while true {
            guard let byte = current else { throw error("unexpected end of input inside a string") }
            switch byte {
            case UInt8(ascii: "\""):
                let end = index
                index += 1
                return returningText ? String(decoding: bytes[start..<end], as: UTF8.self) : nil
            case UInt8(ascii: "\\"):
                if returningText {
                    index = opening
                    return try parseString()
                }
                index += 1
                _ = try parseEscape()
            case 0..<0x20:
                throw error("a control character must be escaped inside a string")
            case 0..<0x80:
                index += 1
            default:
                _ = try parseMultibyte()
            }
        }
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        while true {
            guard let byte = current else { throw error("unexpected end of input inside a string") }
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                index += 1
                scalars.append(try parseEscape())
            case 0..<0x20:
                throw error("a control character must be escaped inside a string")
            case 0..<0x80:
                scalars.append(Unicode.Scalar(byte))
                index += 1
            default:
                scalars.append(try parseMultibyte())
            }
        }
    }

    private mutating func parseEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        guard let byte = current else { throw error("unexpected end of input inside a string") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let unit = try parseHex4()
            if (0xD800..<0xDC00).contains(unit) {
                guard current == UInt8(ascii: "\\"), index + 1 < bytes.count,
                    bytes[index + 1] == UInt8(ascii: "u")
                else { throw error("a high surrogate escape must be followed by a low surrogate escape") }
                index += 2
                let low = try parseHex4()
                guard (0xDC00..<0xE000).contains(low) else { throw error("invalid low surrogate escape") }
                return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(unit) else { throw error("a lone low surrogate escape") }
            return scalar
        default:
            throw error("invalid escape \\\(Self.describe(byte))")
        }
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current else { throw error("unexpected end of input in a \\u escape") }
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("invalid hex digit in a \\u escape")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private mutating func parseMultibyte() throws(JSONSyntaxError) -> Unicode.Scalar {
        guard let (scalar, length) = Self.scalar(at: index, in: bytes) else {
            throw error("the text is not valid UTF-8")
        }
        index += length
        return scalar
    }

    /// The well-formed UTF-8 sequence of two to four bytes at `index` — no overlong form, no
    /// surrogate, nothing beyond U+10FFFF — and its length, or `nil`.
    private static func scalar(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (
        scalar: Unicode.Scalar, length: Int
    )? {
        let lead = bytes[index]
        let length: Int
        var value: UInt32
        switch lead {
        case 0xC2...0xDF:
            length = 2
            value = UInt32(lead & 0x1F)
        case 0xE0...0xEF:
            length = 3
            value = UInt32(lead & 0x0F)
        case 0xF0...0xF4:
            length = 4
            value = UInt32(lead & 0x07)
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        for offset in 1..<length {
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        guard let first = current, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") else {
            throw error("invalid number: a digit was expected")
        }
        if first == UInt8(ascii: "0") {
            index += 1
            if let next = current, next >= UInt8(ascii: "0"), next <= UInt8(ascii: "9") {
                throw error("invalid number: leading zeros are not allowed")
            }
        } else {
            skipDigits()
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard skipDigits() > 0 else {
                throw error("invalid number: a digit was expected after the decimal point")
            }
        }
        let hasExponent = current == UInt8(ascii: "e") || current == UInt8(ascii: "E")
        if hasExponent {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard skipDigits() > 0 else {
                throw error("invalid number: a digit was expected in the exponent")
            }
        }
        // Without an exponent, fewer than 300 digits cannot overflow a `Double`: when only checking,
        // there is nothing to convert.
        if !buildsValues, !hasExponent, index - start < 300 { return .null }
        guard let number = JSONNumber.parse(bytes[start..<index]) else {
            throw error("the number \(String(decoding: bytes[start..<index], as: UTF8.self)) is out of range")
        }
        return .number(number)
    }

    @discardableResult
    private mutating func skipDigits() -> Int {
        let start = index
        while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1 }
        return index - start
    }

    /// A name's Unicode scalars, `U+0065 U+0301`: how two equal names differ.
    private static func scalars(of name: String) -> String {
        let shown = name.unicodeScalars.prefix(12).map { scalar in
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
        return shown.joined(separator: " ") + (name.unicodeScalars.count > 12 ? " …" : "")
    }

    private static func describe(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F
            ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x" + String(byte, radix: 16)
    }
}

/// Where and why a document is not JSON.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var line: Int
    public var column: Int

    public init(message: String, line: Int, column: Int) {
        self.message = message
        self.line = line
        self.column = column
    }

    public var description: String { "not JSON: \(message) (line \(line), column \(column))" }
}

/// The member names of one object, to refuse a name written twice: a short list while the object is
/// small (most are), a set beyond.
private struct MemberNames {
    private var list: [String] = []
    private var set: Set<String>?

    /// Adds `name`; the name already there that equals it (perhaps spelled with other scalars), or
    /// `nil` when it is new.
    mutating func insert(_ name: String) -> String? {
        if set != nil {
            let (inserted, member) = set!.insert(name)
            return inserted ? nil : member
        }
        if let earlier = list.first(where: { $0 == name }) { return earlier }
        list.append(name)
        if list.count > 16 {
            set = Set(list)
            list = []
        }
        return nil
    }
}
