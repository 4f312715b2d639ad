#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

/// A payload's encoding for a draft, checked to read back as the payload: decoding the bytes a
/// record would store, as the payload's own type and as every reader decodes them, must give a
/// value `==` to it.
///
/// A type's `Codable` conformance can lose what `==` sees — a decoder that cannot read what its
/// encoder writes, two coding keys that are one key after Unicode normalisation (`JSONEncoder`
/// keeps the last), a `URL` made relative to a base (it reads back absolute), a number case of an
/// "any value" enum that decodes as another case. Such a payload would be acknowledged and then
/// refused or shown differently by every reader, so the draft refuses it instead. The format itself
/// loses nothing: a payload's instants are stored exactly (`JSONCoding.payloadEncoder`).
enum PayloadReadBack {
    /// A payload's checked encoding.
    struct Encoding<Payload> {
        /// The payload as `JSONEncoder` writes it, read back exactly: what the envelope stores.
        var value: JSONValue
        /// The bytes `JSONEncoder` wrote: what ``bytes(of:)`` gives for the same payload.
        var bytes: Data
        /// What every reader decodes from the stored form.
        var readBack: Payload
        /// `ContentFingerprint(of: value)`, when a part's read-backs already knew it.
        var fingerprint: ContentFingerprint? = nil
    }

    /// `payload` as `JSONEncoder` writes it (read back exactly), after checking it reads back.
    ///
    /// - Parameter readBacks: stored forms already read back, for a caller that drafts the same
    ///   payloads again and again; `nil` reads this one back.
    /// - Throws: ``SnapshotStoreError/encoding(_:)`` when the payload cannot be encoded, its stored
    ///   form does not decode as `Payload`, or decodes to another value.
    static func encode<Payload: Codable & Equatable>(_ payload: Payload, readBacks: PayloadReadBacks? = nil)
        throws(SnapshotStoreError) -> Encoding<Payload>
    {
        let bytes: Data
        do {
            bytes = try self.bytes(of: payload)
        } catch {
            throw .encoding(describing: error)
        }
        let encoded: JSONValue
        let decoded: Payload
        var fingerprint: ContentFingerprint?
        if let known = readBacks?.readBack(of: bytes, as: Payload.self) {
            (encoded, decoded, fingerprint) = known
        } else {
            (encoded, decoded) = try readBack(bytes, as: Payload.self)
            if let readBacks {
                let computed = ContentFingerprint(of: encoded)
                readBacks.remember(encoded, decoded, computed, for: bytes)
                fingerprint = computed
            }
        }
        guard decoded == payload else {
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
        return Encoding(value: encoded, bytes: bytes, readBack: decoded, fingerprint: fingerprint)
    }

    /// The stored form of the bytes `JSONEncoder` wrote, and what every reader decodes from it.
    private static func readBack<Payload: Decodable>(_ bytes: Data, as type: Payload.Type)
        throws(SnapshotStoreError) -> (JSONValue, Payload)
    {
        let encoded: JSONValue
        do {
            encoded = try JSONParser.parse(bytes)
        } catch {
            throw .encoding(
                "JSONEncoder wrote text that is not JSON (\(error.message), column \(error.column)); "
                    + "a Decimal that is not a number (Decimal.nan) has no JSON form")
        }
        let stored = Data(CanonicalJSON.encode(encoded, wholeNumbersInFull: true))
        do {
            return (encoded, try JSONCoding.recordDecoder.decode(Payload.self, from: stored))
        } catch {
            let reason = JSONDecodingError(explaining: error, decoding: Payload.self, from: stored)
            throw .encoding(
                "the payload would not read back: what it encodes to does not decode as \(Payload.self) "
                    + "(\(reason)); its init(from:) must read what its encode(to:) writes")
        }
    }

    /// The bytes `JSONEncoder` writes for `payload`: two payloads with equal bytes store the same
    /// payload, whatever their `==` says.
    static func bytes<Payload: Encodable>(of payload: Payload) throws -> Data {
        // Refused before `JSONEncoder` recurses through a value nested past its limit.
        try NestingDepth.check(payload)
        return try JSONCoding.payloadEncoder.encode(payload)
    }
}

/// Stored forms already read back, by payload type and the bytes `JSONEncoder` wrote: for a caller
/// that drafts the same few payloads again and again (a simulated fleet), so each is parsed,
/// decoded and fingerprinted once. The same bytes decode as the same type to the same value (the
/// simulator's kinds decode without side effects), and every draft still compares its own payload
/// with it (`==`). Owned by its caller, never shared between unrelated ones.
package final class PayloadReadBacks: @unchecked Sendable {
    // @unchecked: `entries` is read and written under `lock`; it keeps only values holding no class
    // instance (``IndependentCopies``), so no two drafts share one.
    private let lock = Lock()
    private var entries: [Key: (value: JSONValue, readBack: Any, fingerprint: ContentFingerprint)] = [:]

    /// How many stored forms are kept; past it, payloads are read back each time.
    package static let capacity = 256

    private struct Key: Hashable {
        var type: ObjectIdentifier
        var bytes: Data
    }

    package init() {}

    func readBack<Payload>(of bytes: Data, as type: Payload.Type) -> (JSONValue, Payload, ContentFingerprint)?
    {
        guard let entry = lock.withLock({ entries[Key(type: ObjectIdentifier(type), bytes: bytes)] }),
            let readBack = entry.readBack as? Payload
        else { return nil }
        return (entry.value, readBack, entry.fingerprint)
    }

    func remember<Payload>(
        _ value: JSONValue, _ readBack: Payload, _ fingerprint: ContentFingerprint, for bytes: Data
    ) {
        guard IndependentCopies.areIndependent(readBack) else { return }
        lock.withLock {
            guard entries.count < Self.capacity else { return }
            entries[Key(type: ObjectIdentifier(Payload.self), bytes: bytes)] = (value, readBack, fingerprint)
        }
    }
}
