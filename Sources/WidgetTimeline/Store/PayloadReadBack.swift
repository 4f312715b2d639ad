#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

/// A payload's encoding for a draft, checked to read back as the payload: decoding the bytes a
/// record would store, as the payload's own type, must give a value `==` to it.
///
/// A type's `Codable` conformance can lose what `==` sees — a decoder that cannot read what its
/// encoder writes, two coding keys that are one key after Unicode normalisation (`JSONEncoder`
/// keeps the last), a `URL` made relative to a base (it reads back absolute), a number case of an
/// "any value" enum that decodes as another case. Such a payload would be acknowledged and then
/// refused or shown differently by every reader, so the draft refuses it instead.
///
/// The one loss the format itself makes is allowed: instants are stored at the millisecond, so
/// each instant the check decodes is the payload's own one that the stored text was written from
/// (where two instants in one millisecond were written, the value read back must encode to the same
/// JSON, and a decoding that hands each text's instants back in the order written must give the
/// payload itself).
enum PayloadReadBack {
    /// A payload's checked encoding.
    struct Encoding<Payload> {
        /// The payload as `JSONEncoder` writes it, read back exactly: what the envelope stores.
        var value: JSONValue
        /// The bytes `JSONEncoder` wrote: what ``bytes(of:)`` gives for the same payload.
        var bytes: Data
        /// What every reader decodes from the stored form, when the check decoded exactly that: no
        /// instant finer than the millisecond was written (the check reads such an instant back as
        /// the payload's own, a reader as the millisecond). `nil` otherwise.
        var readBack: Payload?
    }

    /// `payload` as `JSONEncoder` writes it (read back exactly), after checking it reads back.
    ///
    /// - Throws: ``SnapshotStoreError/encoding(_:)`` when the payload cannot be encoded, its stored
    ///   form does not decode as `Payload`, or decodes to another value.
    static func encode<Payload: Codable & Equatable>(_ payload: Payload) throws(SnapshotStoreError)
        -> Encoding<Payload>
    {
        let instants = WrittenInstants()
        let bytes: Data
        let encoded: JSONValue
        do {
            try NestingDepth.check(payload)
            bytes = try encoder(recordingInto: instants).encode(payload)
            encoded = try JSONParser.parse(bytes)
        } catch let error as JSONSyntaxError {
            throw .encoding(
                "JSONEncoder wrote text that is not JSON (\(error.message), column \(error.column)); "
                    + "a Decimal that is not a number (Decimal.nan) has no JSON form")
        } catch {
            throw .encoding(describing: error)
        }
        let stored = Data(CanonicalJSON.encode(encoded, wholeNumbersInFull: true))
        let decoded: Payload
        do {
            decoded = try decoder(readingFrom: instants).decode(Payload.self, from: stored)
        } catch {
            let reason = JSONDecodingError(explaining: error, decoding: Payload.self, from: stored)
            throw .encoding(
                "the payload would not read back: what it encodes to does not decode as \(Payload.self) "
                    + "(\(reason)); its init(from:) must read what its encode(to:) writes")
        }
        guard
            decoded == payload
                || instants.areAmbiguous && readsBack(payload, from: stored, decoded, encoded, instants)
        else {
            // No value read back can be == to a payload that is not == to itself.
            guard payload == payload else {
                throw .encoding(
                    "the payload is not == to itself, so no value read back can be checked against it: its "
                        + "== compares a Double.nan (never equal to itself) or is not reflexive; store the "
                        + "value in a form whose == holds for equal values")
            }
            throw .encoding(
                "the payload would read back as a different \(Payload.self): what it encodes to decodes to a "
                    + "value that is not == to it. Its Codable conformance loses something — two coding keys "
                    + "equal after Unicode normalisation are written once, a URL relative to a base reads back "
                    + "absolute, 1.0 is written as 1, an optional holding nil (Int??.some(nil)) is written as "
                    + "null and reads back as nil — so store it in a form that reads back")
        }
        return Encoding(value: encoded, bytes: bytes, readBack: instants.areWholeMilliseconds ? decoded : nil)
    }

    /// Whether a payload holding two instants written as one text (within one millisecond) reads
    /// back but for those instants: the value decoded as a reader does (each such text one instant)
    /// encodes to the stored JSON — no set or dictionary lost a member — and a decoding that hands
    /// each text's instants back in the order they were written is the payload itself, so nothing
    /// else was lost (a key written once, a URL read back absolute: the JSON alone shows neither).
    private static func readsBack<Payload: Codable & Equatable>(
        _ payload: Payload, from stored: Data, _ decoded: Payload, _ encoded: JSONValue,
        _ instants: WrittenInstants
    ) -> Bool {
        guard (try? JSONValue(encoding: decoded)) == encoded else { return false }
        let decoder = JSONCoding.decoder()
        let cursor = instants.cursor()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = cursor.next(writtenAs: text) ?? Instant.parse(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an instant")
            }
            return date
        }
        return (try? decoder.decode(Payload.self, from: stored)) == payload
    }

    /// The bytes `JSONEncoder` writes for `payload`: two payloads with equal bytes store the same
    /// payload, whatever their `==` says. The package's shared encoder, which writes instants as
    /// ``encode(_:)``'s does (the same text, not noted).
    static func bytes<Payload: Encodable>(of payload: Payload) throws -> Data {
        try NestingDepth.check(payload)
        return try JSONCoding.sharedEncoder.encode(payload)
    }

    /// The package's encoder (``JSONCoding/encoder(timeZone:pretty:)``), also noting each instant
    /// under the text it writes.
    private static func encoder(recordingInto instants: WrittenInstants) -> JSONEncoder {
        let encoder = JSONCoding.encoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            let text = try Instant.encodedText(date, in: nil, at: encoder.codingPath)
            instants.note(date, writtenAs: text)
            var container = encoder.singleValueContainer()
            try container.encode(text)
        }
        return encoder
    }

    /// The package's decoder (``JSONCoding/decoder()``), except that an instant is the payload's own
    /// one its text was written from, where only one was.
    private static func decoder(readingFrom instants: WrittenInstants) -> JSONDecoder {
        let decoder = JSONCoding.decoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            if let date = instants.original(writtenAs: text) { return date }
            guard let date = Instant.parse(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container,
                    debugDescription: "expected an ISO-8601 instant with an offset, found \"\(text)\"")
            }
            return date
        }
        return decoder
    }
}

/// The instants one encoding wrote, by their text: the payload's own values, finer than the
/// millisecond the text keeps.
private final class WrittenInstants: @unchecked Sendable {
    private let lock = Lock()
    /// `nil` for a text two different instants were written as.
    private var originals: [String: Date?] = [:]

    /// Whether every instant written was a whole millisecond, so its text reads back as itself.
    private var allWhole = true

    /// Every instant written, in the order written, by its text.
    private var written: [String: [Date]] = [:]

    func note(_ date: Date, writtenAs text: String) {
        lock.withLock {
            written[text, default: []].append(date)
            if allWhole, Instant.rounded(date) != date { allWhole = false }
            if let known = originals[text], known != date {
                originals[text] = .some(nil)
            } else {
                originals[text] = date
            }
        }
    }

    /// Hands each text's instants back in the order they were written, one for each decoding.
    final class Cursor: @unchecked Sendable {
        // @unchecked: `remaining` is read and written under `lock`.
        private let lock = Lock()
        private var remaining: [String: ArraySlice<Date>]

        init(_ written: [String: [Date]]) { remaining = written.mapValues { $0[...] } }

        func next(writtenAs text: String) -> Date? {
            lock.withLock { remaining[text]?.popFirst() }
        }
    }

    /// A cursor over every instant written.
    func cursor() -> Cursor { Cursor(lock.withLock { written }) }

    func original(writtenAs text: String) -> Date? {
        lock.withLock { originals[text] ?? nil }
    }

    /// Whether every instant written is the one its text reads back as: then the check decoded
    /// exactly what a reader's decoder does.
    var areWholeMilliseconds: Bool { lock.withLock { allWhole } }

    /// Whether two different instants were written as one text (within one millisecond): then the
    /// value read back is compared with the payload by what it encodes to.
    var areAmbiguous: Bool {
        lock.withLock { originals.values.contains { $0 == nil } }
    }
}
