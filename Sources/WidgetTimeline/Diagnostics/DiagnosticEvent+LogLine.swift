extension DiagnosticEvent {
    /// The event as one line of the diagnostics log: exactly the JSON that `JSONCoding.encoder()`
    /// writes for it (members sorted, absent ones left out, the instant in UTC), then a newline.
    ///
    /// Written by hand because the log is written on every commit: Foundation's `JSONEncoder`
    /// (with the package's date strategy) spends about 66,000 instructions on one event, this
    /// about 17,000, more than half of them formatting the instant. A test compares the two for
    /// generated events and every character that needs escaping.
    ///
    /// - Throws: the encoder's error for an instant that has no RFC 3339 form.
    func logLine() throws(EncodingError) -> [UInt8] {
        let instant = try Instant.encodedText(at, in: nil, at: [])
        var writer = LogLineWriter()
        if let ageSeconds { writer.member("ageSeconds", ageSeconds) }
        writer.member("at", instant)
        if let entryCount { writer.member("entryCount", entryCount) }
        if let freshness { writer.member("freshness", freshness.rawValue) }
        if let key { writer.member("key", key) }
        if let kind { writer.member("kind", kind) }
        if let policy { writer.member("policy", policy) }
        if let reason { writer.member("reason", reason) }
        if let reloadsInDay { writer.member("reloadsInDay", reloadsInDay) }
        if let revision { writer.member("revision", revision) }
        if let schemaVersion { writer.member("schemaVersion", schemaVersion) }
        writer.member("side", side.rawValue)
        writer.member("stage", stage.rawValue)
        return writer.finish()
    }
}

/// Builds one JSON object of string and integer members, in the order given, as `JSONEncoder`
/// formats them.
private struct LogLineWriter {
    private var bytes: [UInt8] = []
    private var isFirst = true
    private static let hexDigits = Array("0123456789abcdef".utf8)

    init() {
        bytes.reserveCapacity(256)
        bytes.append(UInt8(ascii: "{"))
    }

    mutating func member(_ name: StaticString, _ value: String) {
        open(name)
        appendString(value)
    }

    mutating func member(_ name: StaticString, _ value: Int) {
        open(name)
        bytes += String(value).utf8
    }

    mutating func finish() -> [UInt8] {
        bytes.append(UInt8(ascii: "}"))
        bytes.append(0x0A)
        return bytes
    }

    private mutating func open(_ name: StaticString) {
        if !isFirst { bytes.append(UInt8(ascii: ",")) }
        isFirst = false
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes += $0 }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    /// A JSON string: `"` and `\` escaped, control characters as `\b \t \n \f \r` or `\u00xx`,
    /// everything else (slashes and non-ASCII included) as its UTF-8 bytes.
    private mutating func appendString(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        // Most strings (keys, kinds, reason codes) need no escaping at all.
        if !value.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") })
        {
            bytes += value.utf8
            bytes.append(UInt8(ascii: "\""))
            return
        }
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(byte)
            case 0x08: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
            case 0x09: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0x0A: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0C: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
            case 0x0D: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0x00..<0x20:
                bytes += [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")]
                bytes += [Self.hexDigits[Int(byte >> 4)], Self.hexDigits[Int(byte & 0x0F)]]
            default:
                bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
