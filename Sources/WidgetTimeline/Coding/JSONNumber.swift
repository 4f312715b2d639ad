#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// A JSON number kept exactly: its decimal digits and where the decimal point goes, never rounded
/// through a `Double`.
///
/// `18446744073709551615`, `2^60 + 1` and a `Decimal` with 38 digits keep every digit, so a payload
/// holding them is stored and fingerprinted as it is. Two spellings of one value are one number:
/// `1`, `1.0`, `1e0` and `10e-1` are equal, and ``canonicalText`` writes them all as `1`. Negative
/// zero (`-0`, `-0.0`) is kept apart from zero, as a `Double` keeps it: records store it as `-0`,
/// so a `-0.0` reads back with its sign, while ``canonicalText`` — the fingerprint's form — writes
/// both as `0`, as RFC 8785 does.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// Whether the number is written with a minus sign: below zero, or negative zero.
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
        self.isNegative = isNegative
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
        // Its decimal digits, most significant first: what parsing `String(value)` gives, without
        // the parse (every `Int64` is in range).
        var digits: [UInt8] = []
        var magnitude = value.magnitude
        while magnitude > 0 {
            digits.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        }
        digits.reverse()
        self.init(isNegative: value < 0, digits: digits, pointPosition: digits.count)
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

    /// Whether the number is negative zero, which a `Double` holds apart from zero.
    var isNegativeZero: Bool { isNegative && digits.isEmpty }

    /// The number as an `Int64`, when it is whole and fits.
    public var int64Value: Int64? { isWhole ? Int64(canonicalText) : nil }

    /// The number as a `UInt64`, when it is whole, not below zero, and fits.
    public var uint64Value: UInt64? {
        isWhole && (!isNegative || isNegativeZero) ? UInt64(canonicalText) : nil
    }

    /// The nearest `Double` (exact when the number has at most 15 significant digits); `-0.0` for
    /// negative zero.
    public var doubleValue: Double {
        if isNegativeZero { return -0.0 }
        return Double(canonicalText) ?? (isNegative ? -.infinity : .infinity)
    }

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
        var text: [UInt8] = []
        writeCanonicalText(into: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// The most digits a whole number has that some reader's integer type holds: `UInt128.max` has
    /// 39. ``writeCanonicalText(into:wholeNumbersInFull:)`` writes such numbers without an exponent
    /// when asked, because `JSONDecoder` reads an integer type only from digits.
    static let longestWholeNumber = 39

    /// Appends ``canonicalText``'s UTF-8 bytes to `output`, or, with `wholeNumbersInFull`, whole
    /// numbers of up to ``longestWholeNumber`` digits as all their digits (`1e+21` is then
    /// `1000000000000000000000`) and negative zero as `-0` — the form records store.
    func writeCanonicalText(into output: inout [UInt8], wholeNumbersInFull: Bool = false) {
        guard !digits.isEmpty else {
            if wholeNumbersInFull && isNegative { output.append(UInt8(ascii: "-")) }
            output.append(UInt8(ascii: "0"))
            return
        }
        let count = digits.count
        let point = pointPosition
        if isNegative { output.append(UInt8(ascii: "-")) }
        let plainUpTo = wholeNumbersInFull ? max(21, Self.longestWholeNumber) : 21
        if count <= point && point <= plainUpTo {
            output.append(contentsOf: digits)
            output.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: point - count))
        } else if 0 < point && point <= 21 {
            output.append(contentsOf: digits[..<point])
            output.append(UInt8(ascii: "."))
            output.append(contentsOf: digits[point...])
        } else if -6 < point && point <= 0 {
            output.append(contentsOf: "0.".utf8)
            output.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: -point))
            output.append(contentsOf: digits)
        } else {
            output.append(digits[0])
            if count > 1 {
                output.append(UInt8(ascii: "."))
                output.append(contentsOf: digits[1...])
            }
            let power = point - 1
            output.append(UInt8(ascii: "e"))
            output.append(UInt8(ascii: power < 0 ? "-" : "+"))
            output.append(contentsOf: String(abs(power)).utf8)
        }
    }

    public var description: String { canonicalText }
}
