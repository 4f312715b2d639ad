#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// The package's JSON encoders and decoders: instants as ISO-8601 text with an offset
/// (see ``Instant``), members in sorted order so output is byte-stable.
public enum JSONCoding {
    /// An encoder writing instants with the offset `timeZone` has at each instant.
    ///
    /// - Parameters:
    ///   - timeZone: the zone whose offset instants are written with (UTC by default).
    ///   - pretty: indent the output for people (CLI output, golden files).
    public static func encoder(timeZone: TimeZone = TimeZone(identifier: "UTC")!, pretty: Bool = false)
        -> JSONEncoder
    {
        let encoder = JSONEncoder()
        encoder.outputFormatting =
            pretty
            ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        let isUTC = timeZone.secondsFromGMT() == 0 && timeZone.nextDaylightSavingTimeTransition == nil
        encoder.dateEncodingStrategy = .custom { date, encoder in
            // Never write what no reader can read back (see `Instant.encodedText`).
            let text = try Instant.encodedText(date, in: isUTC ? nil : timeZone, at: encoder.codingPath)
            var container = encoder.singleValueContainer()
            try container.encode(text)
        }
        encoder.nonConformingFloatEncodingStrategy = .throw
        return encoder
    }

    /// One shared decoder for the package's own reads: decoding does not change it, and building
    /// one (with its date strategy) costs more than a small snapshot.
    static let sharedDecoder = decoder()

    /// The encoder of payloads and fingerprinted content: as ``encoder(timeZone:pretty:)`` in UTC,
    /// except that an instant finer than a millisecond is written exactly
    /// (`Instant.storedText`), so a payload holding a clock's instant reads back `==` to itself.
    static let payloadEncoder: JSONEncoder = {
        let payloadEncoder = JSONCoding.encoder()
        payloadEncoder.dateEncodingStrategy = .custom { date, encoder in
            let text = try Instant.storedText(date, at: encoder.codingPath)
            var container = encoder.singleValueContainer()
            try container.encode(text)
        }
        return payloadEncoder
    }()

    /// The decoder of records: as ``decoder()``, except that an instant with four or more
    /// fractional digits is read exactly, as ``payloadEncoder`` writes one.
    static let recordDecoder = decoder(readingInstantsWith: Instant.parseStored)

    /// A decoder reading instants as RFC 3339 text with an offset; anything else is an error that
    /// names the offending text.
    public static func decoder() -> JSONDecoder { decoder(readingInstantsWith: Instant.parse) }

    /// A decoder whose instants are read by `parse`.
    private static func decoder(readingInstantsWith parse: @escaping @Sendable (String) -> Date?)
        -> JSONDecoder
    {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = parse(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container,
                    debugDescription: "expected an ISO-8601 instant with an offset, found \"\(text)\""
                )
            }
            return date
        }
        return decoder
    }

    /// Decodes `type` from `data`, which must be strict JSON (``JSONParser/validate(_:)``), with the
    /// conventions of ``decoder()``.
    ///
    /// The strict check comes first because `JSONDecoder` alone would also take trailing commas,
    /// bytes after a NUL, UTF-16 and repeated member names (keeping the first, where JavaScript
    /// keeps the last), so a file another reader sees differently would be read without a word.
    ///
    /// - Throws: ``JSONDecodingError``: the line and column of a syntax error, or the JSON path of
    ///   the value that does not decode and why.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(JSONDecodingError) -> T {
        try decode(type, from: data, using: sharedDecoder)
    }

    /// ``decode(_:from:)`` with `decoder` in place of the shared one (``recordDecoder`` for records).
    static func decode<T: Decodable>(_ type: T.Type, from data: Data, using decoder: JSONDecoder)
        throws(JSONDecodingError) -> T
    {
        do {
            try JSONParser.validate(data)
        } catch {
            throw JSONDecodingError(path: nil, message: error.description)
        }
        do {
            return try decoder.decode(type, from: data)
        } catch {
            throw JSONDecodingError(explaining: error, decoding: type, from: data)
        }
    }
}
