public import Foundation

/// A JSON number kept exactly: its decimal digits and where the decimal point goes, never rounded
/// through a `Double`.
///
/// `18446744073709551615`, `2^60 + 1` and a `Decimal` with 38 digits keep every digit, so a payload
/// holding them is stored and fingerprinted as it is. Two spellings of one value are one number:
/// `1`, `1.0`, `1e0` and `10e-1` are equal, and ``canonicalText`` writes them all as `1`.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// Whether the number is below zero (never for zero itself).
    public let isNegative: Bool
    /// The significant digits as ASCII, without leading or trailing zeros; empty for zero.
    let digits: [UInt8]
    /// Where the decimal point goes: the value is `0.<digits> × 10^pointPosition`.
    let pointPosition: Int

    /// The largest `pointPosition` a number may have: beyond a `Double`'s range, which no reader in
    /// another language could hold either.
    static let maximumPointPosition = 309

    /// Zero.
    public static let zero = JSONNumber(isNegative: false, digits: [], pointPosition: 0)

    private init(isNegative: Bool, digits: [UInt8], pointPosition: Int) {
        var digits = digits[...]
        var point = pointPosition
        while digits.first == UInt8(ascii: "0") {
            digits = digits.dropFirst()
            point -= 1
        }
        while digits.last == UInt8(ascii: "0") { digits = digits.dropLast() }
        self.digits = Array(digits)
        self.isNegative = isNegative && !digits.isEmpty
        self.pointPosition = digits.isEmpty ? 0 : point
    }

    /// The number a JSON number literal denotes (`-12.5e3`), or `nil` when `text` is not one or its
    /// magnitude is beyond a `Double`'s range (above its largest, or below its smallest but zero).
    public init?(text: some StringProtocol) {
        guard let number = Self.parse(Array(text.utf8)[...]) else { return nil }
        self = number
    }

    /// Parses the bytes of one JSON number literal.
    static func parse<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes) -> JSONNumber?
    where Bytes.Index == Int {
        var index = bytes.startIndex
        let isNegative = index < bytes.endIndex && bytes[index] == UInt8(ascii: "-")
        if isNegative { index += 1 }
        func isDigit(_ at: Int) -> Bool { at < bytes.endIndex && (0x30...0x39).contains(bytes[at]) }
        guard isDigit(index) else { return nil }
        let integerStart = index
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while isDigit(index) { index += 1 }
        }
        var digits = Array(bytes[integerStart..<index])
        var point = digits.count
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            while isDigit(index) { index += 1 }
            guard index > fractionStart else { return nil }
            digits += bytes[fractionStart..<index]
        }
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            var exponentIsNegative = false
            if index < bytes.endIndex, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
            {
                exponentIsNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            guard isDigit(index) else { return nil }
            // Exponents are clamped well past any `Double`: the value is then refused or zero.
            var exponent = 0
            while isDigit(index) {
                exponent = min(exponent * 10 + Int(bytes[index] - 0x30), 1_000_000_000)
                index += 1
            }
            point += exponentIsNegative ? -exponent : exponent
        }
        guard index == bytes.endIndex else { return nil }
        let number = JSONNumber(isNegative: isNegative, digits: digits, pointPosition: point)
        // Beyond a `Double` either way — above the largest, or not zero yet below the smallest
        // subnormal — is out of range: other readers (and Foundation's) cannot hold it.
        guard number.pointPosition <= maximumPointPosition, number.doubleValue.isFinite,
            number.digits.isEmpty || number.doubleValue != 0
        else { return nil }
        return number
    }

    /// A whole number.
    public init(_ value: Int64) {
        self.init(text: String(value))!
    }

    /// A whole number beyond `Int64`'s range, such as `UInt64.max`.
    public init(_ value: UInt64) {
        self.init(text: String(value))!
    }

    /// The number a `Double` holds, written with its shortest round-trip digits (as `JSONEncoder`
    /// writes it); `nil` for infinities and NaN, which JSON cannot write.
    public init?(_ value: Double) {
        guard value.isFinite else { return nil }
        self.init(text: "\(value)")
    }

    /// The number a `Decimal` holds, every digit; `nil` for NaN.
    public init?(_ value: Decimal) {
        guard !value.isNaN else { return nil }
        self.init(text: value.description)
    }

    /// Whether the number has no fractional part.
    public var isWhole: Bool { pointPosition >= digits.count }

    /// The number as an `Int64`, when it is whole and fits.
    public var int64Value: Int64? { isWhole ? Int64(canonicalText) : nil }

    /// The number as a `UInt64`, when it is whole, not negative, and fits.
    public var uint64Value: UInt64? { isWhole && !isNegative ? UInt64(canonicalText) : nil }

    /// The nearest `Double` (exact when the number has at most 15 significant digits).
    public var doubleValue: Double { Double(canonicalText) ?? (isNegative ? -.infinity : .infinity) }

    /// The number as a `Decimal`, when a `Decimal` holds it exactly.
    public var decimalValue: Decimal? {
        guard let decimal = Decimal(string: canonicalText, locale: Locale(identifier: "en_US_POSIX")),
            JSONNumber(decimal) == self
        else { return nil }
        return decimal
    }

    /// Whether a `Double` holds this number exactly as written: its shortest digits are these.
    var isExactDouble: Bool { JSONNumber(doubleValue) == self }

    /// The one text of this number, ECMAScript's `Number.prototype.toString` layout applied to its
    /// exact digits: `100`, `0.1`, `1e-7`, `1.5e+300`. For every number a `Double` holds with its
    /// shortest digits this is RFC 8785's form; longer numbers keep every digit.
    public var canonicalText: String {
        guard !digits.isEmpty else { return "0" }
        let count = digits.count
        let point = pointPosition
        var text = isNegative ? "-" : ""
        let all = String(decoding: digits, as: UTF8.self)
        if count <= point && point <= 21 {
            text += all + String(repeating: "0", count: point - count)
        } else if 0 < point && point <= 21 {
            text +=
                String(decoding: digits[..<point], as: UTF8.self) + "."
                + String(decoding: digits[point...], as: UTF8.self)
        } else if -6 < point && point <= 0 {
            text += "0." + String(repeating: "0", count: -point) + all
        } else {
            text += String(decoding: digits[..<1], as: UTF8.self)
            if count > 1 { text += "." + String(decoding: digits[1...], as: UTF8.self) }
            let power = point - 1
            text += "e" + (power < 0 ? "-" : "+") + String(abs(power))
        }
        return text
    }

    public var description: String { canonicalText }
}
