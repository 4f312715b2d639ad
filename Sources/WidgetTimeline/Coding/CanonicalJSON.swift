import Foundation

/// The one canonical byte form of a JSON value (RFC 8785, the JSON Canonicalization Scheme): no
/// whitespace, members sorted by UTF-16 code units, numbers in ECMAScript's shortest form, strings
/// with minimal escaping.
///
/// Fingerprints hash this form, so a host written in JavaScript (`JSON.stringify` of a key-sorted
/// object) or Kotlin produces the same fingerprint for the same display content.
public enum CanonicalJSON {
    /// The canonical UTF-8 bytes of `value`.
    public static func encode(_ value: JSONValue) -> [UInt8] {
        var output: [UInt8] = []
        write(value, into: &output)
        return output
    }

    /// The canonical UTF-8 bytes of any `Encodable`, with dates as UTC ISO-8601 instants.
    ///
    /// - Throws: `EncodingError` when the value cannot be encoded as JSON (a non-finite number).
    public static func encode<Value: Encodable>(_ value: Value) throws -> [UInt8] {
        try JSONTreeEncoder.canonicalBytes(of: value)
    }

    static func write(_ value: JSONValue, into output: inout [UInt8]) {
        switch value {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .integer(let number): output.append(contentsOf: String(number).utf8)
        case .number(let number): output.append(contentsOf: ecmaScriptString(number).utf8)
        case .string(let text): writeString(text, into: &output)
        case .array(let values):
            output.append(UInt8(ascii: "["))
            for (index, element) in values.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                write(element, into: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            let keys = members.keys.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) }
            for (index, key) in keys.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                writeString(key, into: &output)
                output.append(UInt8(ascii: ":"))
                write(members[key]!, into: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    static func writeString(_ text: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        // Most strings (keys, instants, identifiers) need no escape: copied whole.
        var text = text
        let copied = text.withUTF8 { bytes in
            guard
                !bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") })
            else { return false }
            output.append(contentsOf: bytes)
            return true
        }
        if copied {
            output.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): output.append(contentsOf: [0x5C, 0x5C])
            case 0x08: output.append(contentsOf: [0x5C, UInt8(ascii: "b")])
            case 0x0C: output.append(contentsOf: [0x5C, UInt8(ascii: "f")])
            case 0x0A: output.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: output.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: output.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                output.append(contentsOf: Array("\\u00".utf8))
                output.append(hex[Int(byte >> 4)])
                output.append(hex[Int(byte & 0xF)])
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    /// ECMAScript's `Number.prototype.toString` for finite doubles, built from Swift's shortest
    /// round-trip digits.
    static func ecmaScriptString(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        if number == 0 { return "0" }
        var text = "\(number.magnitude)"
        var exponent = 0
        if let marker = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            exponent = Int(text[text.index(after: marker)...]) ?? 0
            text = String(text[..<marker])
        }
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        var digits = Array(parts[0] + (parts.count > 1 ? parts[1] : ""))
        var point = parts[0].count + exponent
        while digits.first == "0" {
            digits.removeFirst()
            point -= 1
        }
        while digits.last == "0" { digits.removeLast() }
        let count = digits.count
        let sign = number < 0 ? "-" : ""
        let body: String
        if count <= point && point <= 21 {
            body = String(digits) + String(repeating: "0", count: point - count)
        } else if 0 < point && point <= 21 {
            body = String(digits[..<point]) + "." + String(digits[point...])
        } else if -6 < point && point <= 0 {
            body = "0." + String(repeating: "0", count: -point) + String(digits)
        } else {
            let mantissa = count == 1 ? String(digits) : String(digits[0]) + "." + String(digits[1...])
            let power = point - 1
            body = mantissa + "e" + (power < 0 ? "-" : "+") + String(abs(power))
        }
        return sign + body
    }
}
