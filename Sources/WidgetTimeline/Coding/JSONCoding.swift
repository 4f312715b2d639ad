import Foundation

/// The package's JSON encoders and decoders: instants as ISO-8601 text with an offset
/// (see ``Instant``), members in sorted order so output is byte-stable.
public enum JSONCoding {
    /// An encoder writing instants with the offset `timeZone` has at each instant.
    ///
    /// - Parameter pretty: indent the output for people (CLI output, golden files).
    public static func encoder(timeZone: TimeZone = TimeZone(identifier: "UTC")!, pretty: Bool = false)
        -> JSONEncoder
    {
        let encoder = JSONEncoder()
        encoder.outputFormatting =
            pretty
            ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        let isUTC = timeZone.secondsFromGMT() == 0 && timeZone.nextDaylightSavingTimeTransition == nil
        encoder.dateEncodingStrategy = .custom { date, encoder in
            let text = isUTC ? Instant.format(date) : Instant.format(date, in: timeZone)
            // Never write what no reader can read back: an instant outside years 0000–9999 (with
            // its offset) or not a number at all has no RFC 3339 form.
            guard date.timeIntervalSince1970.isFinite, Instant.parse(text) != nil else {
                // The error carries the number, not the `Date`: Foundation's `Date.description`
                // traps for a date that is not a number, so whoever printed the error would crash.
                throw EncodingError.invalidValue(
                    date.timeIntervalSince1970,
                    .init(
                        codingPath: encoder.codingPath,
                        debugDescription: "the instant \(date.timeIntervalSince1970) s after 1970 is outside "
                            + "years 0000–9999 and has no ISO-8601 form"))
            }
            var container = encoder.singleValueContainer()
            try container.encode(text)
        }
        encoder.nonConformingFloatEncodingStrategy = .throw
        return encoder
    }

    /// A decoder reading instants as RFC 3339 text with an offset; anything else is an error that
    /// names the offending text.
    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = Instant.parse(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container,
                    debugDescription: "expected an ISO-8601 instant with an offset, found \"\(text)\""
                )
            }
            return date
        }
        return decoder
    }
}
