#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// ISO-8601 / RFC 3339 text for instants: the one date format of every file this package reads or writes.
///
/// Foundation's formatters are not used because the package needs exactly one behaviour on every
/// platform: millisecond precision, an explicit offset (`Z` or `±HH:MM`), and a parser that rejects
/// anything else instead of guessing. Formatting rounds to the nearest millisecond: the envelope's
/// instants, logs, traces and every input are whole milliseconds. A payload's own instants are the
/// exception, stored exactly (``storedText(_:at:)``, ``parseStored(_:)``): a clock's instant
/// committed reads back `==` to itself.
public enum Instant {
    /// Formats `date` with the offset `timeZone` has at that instant, e.g. `2026-03-08T01:00:00-04:00`.
    ///
    /// Fractional seconds are written only when the instant has a non-zero millisecond part.
    public static func format(_ date: Date, in timeZone: TimeZone) -> String {
        let milliseconds = millisecondsSince1970(date)
        let offset = timeZone.secondsFromGMT(for: date)
        // Offsets that are not whole minutes (local mean time before 1900) have no ISO-8601 form.
        return format(milliseconds: milliseconds, offsetSeconds: offset % 60 == 0 ? offset : 0)
    }

    /// Formats `date` in UTC, e.g. `2026-11-29T09:00:00Z`.
    public static func format(_ date: Date) -> String {
        format(milliseconds: millisecondsSince1970(date), offsetSeconds: 0)
    }

    /// The text every encoder writes for `date` (in `timeZone`, or UTC), or the error it throws
    /// when there is no such text: a date that is not a number, or outside years 0000–9999 with
    /// its offset, has no RFC 3339 form, and writing the five-digit year or the 1970 that
    /// ``format(_:)`` falls back to would give a reader a file it cannot read, or a wrong date.
    ///
    /// The error carries the number of seconds, not the `Date`: Foundation's `Date.description`
    /// traps for a date that is not a number, so whoever printed the error would crash.
    static func encodedText(
        _ date: Date, in timeZone: TimeZone?, at codingPath: @autoclosure () -> [any CodingKey]
    ) throws(EncodingError) -> String {
        let text = timeZone.map { format(date, in: $0) } ?? format(date)
        // In UTC the range says it; with an offset the local date must stay in range too, which
        // reading the text back checks.
        let representable =
            timeZone == nil ? utcMilliseconds.contains(millisecondsSince1970(date)) : parse(text) != nil
        guard date.timeIntervalSince1970.isFinite, representable else {
            let what =
                date.timeIntervalSince1970.isNaN ? "an instant that is not a number" : "the instant \(text)"
            throw EncodingError.invalidValue(
                date.timeIntervalSince1970,
                .init(
                    codingPath: codingPath(),
                    debugDescription: "\(what) is outside years 0000–9999 and has no ISO-8601 form"))
        }
        return text
    }

    /// 0000-01-01T00:00:00Z up to 10000-01-01T00:00:00Z, in milliseconds since 1970: the instants
    /// with a UTC form.
    private static let utcMilliseconds: Range<Int64> = -62_167_219_200_000..<253_402_300_800_000

    /// An instant after every instant this package reads or writes (the first of year 10000): "for
    /// ever after" in comparisons. `Date.distantFuture` is year 4001, before instants a snapshot
    /// may name.
    public static let afterAll = Date(timeIntervalSince1970: 253_402_300_800)

    /// Parses an RFC 3339 instant: `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`.
    ///
    /// - Returns: the instant, or `nil` when the text is not exactly that form or names a
    ///   calendar date or time that does not exist (month 13, February 30, 24:00, …).
    public static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse(utf8: $0, exactly: false) }
    }

    /// The text a payload's instant is stored as: the millisecond form of ``format(_:)`` when that
    /// reads back as `date` itself, otherwise the UTC form with the fractional digits of the
    /// shortest decimal that reads back exactly, at least four. `Date` keeps its instant as a
    /// `Double` of seconds since 2001, so an instant read from a clock is finer than a
    /// millisecond, and a payload holding one must read back `==` to it.
    ///
    /// - Throws: the error ``encodedText(_:in:at:)`` throws for a date with no RFC 3339 form.
    static func storedText(_ date: Date, at codingPath: @autoclosure () -> [any CodingKey])
        throws(EncodingError) -> String
    {
        let text = try encodedText(date, in: nil, at: codingPath())
        if parse(text) == date { return text }
        // The shortest decimal that reads back as the seconds since 2001, as a whole second (the
        // one below, for an instant before 2001) and the digits after it.
        let decimal = ExactDecimal(date.timeIntervalSinceReferenceDate.description)
        var (whole, digits) = (decimal.whole, decimal.fraction)
        if decimal.isNegative, digits.contains(where: { $0 != "0" }) {
            whole += 1
            digits = ExactDecimal.complement(digits)
        }
        if decimal.isNegative { whole = -whole }
        // The last half millisecond before year 0000 rounds into it, so the check above let it
        // through; its exact text would have year -1, which no reader reads.
        guard whole + secondsFrom1970To2001 >= utcMilliseconds.lowerBound / 1000 else {
            throw EncodingError.invalidValue(
                date.timeIntervalSince1970,
                .init(
                    codingPath: codingPath(),
                    debugDescription:
                        "the instant \(date.timeIntervalSince1970) s after 1970, before 0000-01-01T00:00:00Z, is "
                        + "outside years 0000–9999 and has no ISO-8601 form"))
        }
        while digits.count < 4 { digits.append("0") }
        let since1970 = (whole + secondsFrom1970To2001) * 1000
        return String(format(milliseconds: since1970, offsetSeconds: 0).dropLast()) + "." + digits + "Z"
    }

    /// Parses an instant as a payload's instants are stored (``storedText(_:at:)``): as ``parse(_:)``
    /// does, except that four or more fractional digits (at most 400) are read exactly, not
    /// rounded to the millisecond.
    static func parseStored(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse(utf8: $0, exactly: true) }
    }

    /// 2001-01-01T00:00:00Z, `Date`'s reference date, in seconds since 1970.
    private static let secondsFrom1970To2001: Int64 = 978_307_200

    /// The instant `whole` seconds after 2001 (before, when negative) and then `digits` (the
    /// fractional digits) later, rounded once from the exact decimal.
    private static func exactInstant(whole: Int64, digits: Substring) -> Date? {
        let text: String
        if whole >= 0 {
            text = "\(whole).\(digits)"
        } else if !digits.contains(where: { $0 != "0" }) {
            text = "\(whole)"
        } else {
            // -6 and .7 are -5.3: the magnitude less one, and the digits' complement.
            text = "-\(-whole - 1).\(ExactDecimal.complement(String(digits)))"
        }
        return Double(text).map { Date(timeIntervalSinceReferenceDate: $0) }
    }

    /// The instant rounded to the nearest millisecond, as stored.
    public static func rounded(_ date: Date) -> Date {
        Date(timeIntervalSince1970: Double(millisecondsSince1970(date)) / 1000)
    }

    @usableFromInline
    static func millisecondsSince1970(_ date: Date) -> Int64 {
        let value = (date.timeIntervalSince1970 * 1000).rounded()
        // A date that is not a number (made in code from a division by zero) has no instant; 0
        // rather than a trap. Encoders refuse it (see `JSONCoding.encoder`).
        guard !value.isNaN else { return 0 }
        // Dates beyond ±292 million years cannot be represented; clamp instead of trapping.
        if value >= 9.2e18 { return Int64(9.2e18) }
        if value <= -9.2e18 { return Int64(-9.2e18) }
        return Int64(value)
    }

    /// The text of an instant, written as bytes into one buffer: every record, fingerprint and log
    /// line formats instants, and building the text from a dozen small strings cost ten times more.
    static func format(milliseconds: Int64, offsetSeconds: Int) -> String {
        let local = milliseconds + Int64(offsetSeconds) * 1000
        let (seconds, millis) = local.floorDivided(by: 1000)
        let (days, secondOfDay) = seconds.floorDivided(by: 86_400)
        let (year, month, day) = CivilDate.fromDays(days)
        // A year has at most 20 characters with its sign; the rest at most 24.
        return String(unsafeUninitializedCapacity: 48) { buffer in
            var writer = DigitWriter(buffer: buffer)
            writer.number(year, width: 4)
            writer.byte(UInt8(ascii: "-"))
            writer.number(month, width: 2)
            writer.byte(UInt8(ascii: "-"))
            writer.number(day, width: 2)
            writer.byte(UInt8(ascii: "T"))
            writer.number(secondOfDay / 3600, width: 2)
            writer.byte(UInt8(ascii: ":"))
            writer.number(secondOfDay / 60 % 60, width: 2)
            writer.byte(UInt8(ascii: ":"))
            writer.number(secondOfDay % 60, width: 2)
            if millis != 0 {
                writer.byte(UInt8(ascii: "."))
                writer.number(millis, width: 3)
            }
            if offsetSeconds == 0 {
                writer.byte(UInt8(ascii: "Z"))
            } else {
                let magnitude = Int64(abs(offsetSeconds))
                writer.byte(offsetSeconds < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
                writer.number(magnitude / 3600, width: 2)
                writer.byte(UInt8(ascii: ":"))
                writer.number(magnitude / 60 % 60, width: 2)
            }
            return writer.count
        }
    }

    /// Writes ASCII into a buffer large enough for it.
    private struct DigitWriter {
        let buffer: UnsafeMutableBufferPointer<UInt8>
        var count = 0

        mutating func byte(_ value: UInt8) {
            buffer[count] = value
            count += 1
        }

        /// `value` in decimal, zero-padded to `width` digits, with a minus sign when negative.
        /// (Digits are written straight into the buffer, last first: `String(value)` here made
        /// formatting the commit path's largest cost.)
        mutating func number(_ value: Int64, width: Int) {
            if value < 0 { byte(UInt8(ascii: "-")) }
            var length = 1
            var rest = value.magnitude / 10
            while rest > 0 {
                length += 1
                rest /= 10
            }
            for _ in length..<max(length, width) { byte(UInt8(ascii: "0")) }
            var magnitude = value.magnitude
            for position in stride(from: count + length - 1, through: count, by: -1) {
                buffer[position] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            }
            count += length
        }
    }

    /// Parses RFC 3339 bytes; with `exactly`, four or more fractional digits are read exactly.
    static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>, exactly: Bool = false) -> Date? {
        var cursor = ByteCursor(bytes)
        guard let year = cursor.digits(4), cursor.skip(UInt8(ascii: "-")),
            let month = cursor.digits(2), cursor.skip(UInt8(ascii: "-")),
            let day = cursor.digits(2), cursor.skip(UInt8(ascii: "T")) || cursor.skip(UInt8(ascii: "t")),
            let hour = cursor.digits(2), cursor.skip(UInt8(ascii: ":")),
            let minute = cursor.digits(2), cursor.skip(UInt8(ascii: ":")),
            let second = cursor.digits(2)
        else { return nil }
        guard (1...12).contains(month), day >= 1, day <= CivilDate.daysInMonth(year: year, month: month),
            hour <= 23, minute <= 59, second <= 59
        else { return nil }
        var fraction = 0.0
        var exactDigits: Substring?
        if cursor.skip(UInt8(ascii: ".")) {
            let start = cursor.index
            var scale = 0.1
            var count = 0
            while let digit = cursor.digit() {
                fraction += Double(digit) * scale
                scale /= 10
                count += 1
            }
            guard count > 0, count <= (exactly ? 400 : 9) else { return nil }
            if exactly, count >= 4 {
                exactDigits = Substring(
                    decoding: UnsafeBufferPointer(rebasing: bytes[start..<cursor.index]), as: UTF8.self)
            }
        }
        let offsetSeconds: Int64
        if cursor.skip(UInt8(ascii: "Z")) || cursor.skip(UInt8(ascii: "z")) {
            offsetSeconds = 0
        } else {
            let sign: Int64
            if cursor.skip(UInt8(ascii: "+")) {
                sign = 1
            } else if cursor.skip(UInt8(ascii: "-")) {
                sign = -1
            } else {
                return nil
            }
            guard let offsetHours = cursor.digits(2), cursor.skip(UInt8(ascii: ":")),
                let offsetMinutes = cursor.digits(2), offsetHours <= 23, offsetMinutes <= 59
            else { return nil }
            offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
        }
        guard cursor.isAtEnd else { return nil }
        let days = CivilDate.days(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        if let exactDigits {
            return exactInstant(whole: seconds - secondsFrom1970To2001, digits: exactDigits)
        }
        let milliseconds = (fraction * 1000).rounded()
        return Date(timeIntervalSince1970: (Double(seconds) * 1000 + milliseconds) / 1000)
    }
}

/// Proleptic Gregorian day arithmetic (Howard Hinnant's `days_from_civil`), used by `Instant` so
/// formatting never depends on a `Calendar` or locale.
enum CivilDate {
    static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func fromDays(_ days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    static func daysInMonth(year: Int64, month: Int64) -> Int64 {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}

private struct ByteCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    private(set) var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    var isAtEnd: Bool { index == bytes.count }

    mutating func skip(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    mutating func digit() -> Int64? {
        guard index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 else { return nil }
        defer { index += 1 }
        return Int64(bytes[index] - 0x30)
    }

    mutating func digits(_ count: Int) -> Int64? {
        var value: Int64 = 0
        for _ in 0..<count {
            guard let digit = digit() else { return nil }
            value = value * 10 + digit
        }
        return value
    }
}

extension Int64 {
    /// Division rounding towards negative infinity, with a non-negative remainder.
    func floorDivided(by divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let quotient = self / divisor
        let remainder = self % divisor
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }
}

/// A decimal number's text (`Double.description`: `-5.3`, `1.25e-07`) as its sign, whole part and
/// fractional digits, exactly, for ``Instant/storedText(_:at:)``.
private struct ExactDecimal {
    var isNegative = false
    var whole: Int64 = 0
    var fraction = ""

    init(_ text: String) {
        var rest = Substring(text)
        if rest.first == "-" {
            isNegative = true
            rest = rest.dropFirst()
        }
        // Only a small magnitude has an exponent here: `description` writes one below 1e-4 and from
        // 1e16 up, far past year 9999 (2.5e11 s), which the caller has refused by then.
        var exponent = 0
        if let mark = rest.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            exponent = Int(rest[rest.index(after: mark)...]) ?? 0
            rest = rest[..<mark]
        }
        var integerDigits = String(rest.prefix { $0 != "." })
        var fractionDigits = String(rest.drop { $0 != "." }.dropFirst())
        if exponent < 0 {
            // Move the point left: 1.25e-07 is 0.000000125.
            let padded =
                String(repeating: "0", count: max(0, -exponent - integerDigits.count)) + integerDigits
            fractionDigits = String(padded.suffix(-exponent)) + fractionDigits
            integerDigits = String(padded.dropLast(-exponent))
        }
        whole = Int64(integerDigits) ?? 0
        while fractionDigits.last == "0" { fractionDigits.removeLast() }
        fraction = fractionDigits
    }

    /// The digits of one less the fraction they write (`7` for `.3`, `0625` for `.9375`), as many.
    static func complement(_ digits: String) -> String {
        var result = Array(digits.utf8)
        guard let last = result.lastIndex(where: { $0 != UInt8(ascii: "0") }) else { return digits }
        for index in result.indices where index < last {
            result[index] = UInt8(ascii: "9") - (result[index] - UInt8(ascii: "0"))
        }
        result[last] = UInt8(ascii: "0") + (10 - (result[last] - UInt8(ascii: "0")))
        return String(decoding: result, as: UTF8.self)
    }
}
