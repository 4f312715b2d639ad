#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif
#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The byte form of one stored revision: a one-line header protecting the envelope, then the
/// envelope itself, in canonical JSON (``CanonicalJSON``).
///
/// ```
/// widget-timeline-snapshot/1 length=312 sha256=5f0c…e1\n
/// {"fingerprint":"…","generatedAt":"2026-11-29T09:00:00Z","key":"task-count",…}
/// ```
///
/// The header's length and SHA-256 cover the envelope bytes, so a reader never trusts a truncated,
/// extended or altered record, whatever language it is written in. `docs/store-format.md`
/// describes the format for other implementations.
public enum SnapshotRecord {
    /// The header's first field: the format and its version.
    public static let formatTag = "widget-timeline-snapshot/1"

    /// The longest header this format can have, in bytes.
    static let maximumHeaderLength = 128

    /// The record bytes for `draft` at `revision`: its envelope in canonical JSON (instants in
    /// UTC), so two implementations writing the same snapshot write the same bytes.
    ///
    /// Every limit a reader applies is checked here on the exact bytes, so nothing is written that
    /// a reader would refuse or read differently: the size, the nesting depth of the whole
    /// envelope, instants with an RFC 3339 form, and numbers a reader holds exactly.
    ///
    /// - Throws: ``SnapshotStoreError/encoding(_:)`` when the envelope cannot be written as JSON a
    ///   reader accepts, ``SnapshotStoreError/tooLarge(bytes:limit:)`` when the record would exceed
    ///   ``SnapshotLimits/maximumRecordSize``.
    static func encode<Payload>(_ draft: SnapshotDraft<Payload>, revision: Int) throws(SnapshotStoreError)
        -> [UInt8]
    {
        record(checkedEnvelope: try checkedEnvelope(of: draft, revision: revision))
    }

    /// The envelope of the record ``encode(_:revision:)`` writes, refused exactly as it refuses it:
    /// for a store that writes the header only when the bytes are read (``record(checkedEnvelope:)``).
    static func checkedEnvelope<Payload>(of draft: SnapshotDraft<Payload>, revision: Int)
        throws(SnapshotStoreError) -> [UInt8]
    {
        let envelope = try canonicalEnvelope(
            schemaVersion: draft.schemaVersion, kind: draft.kind, key: draft.key, revision: revision,
            generatedAt: draft.generatedAt, observedAt: draft.observedAt, fingerprint: draft.fingerprint,
            payload: draft.encodedPayload)
        try checkSize(ofRecordWith: envelope)
        return envelope
    }

    /// The record bytes of `snapshot`, exactly as a commit of it at its revision writes them: for
    /// tools and tests that build records by hand.
    ///
    /// - Throws: as a commit's draft and encoding do: ``SnapshotStoreError/encoding(_:)`` (a payload
    ///   that would not read back as itself among them) or ``SnapshotStoreError/tooLarge(bytes:limit:)``.
    public static func encode<Payload>(_ snapshot: Snapshot<Payload>) throws(SnapshotStoreError) -> [UInt8] {
        let payload = try PayloadReadBack.encode(snapshot.payload).value
        return try record(
            envelope: canonicalEnvelope(
                schemaVersion: snapshot.schemaVersion, kind: snapshot.kind, key: snapshot.key,
                revision: snapshot.revision, generatedAt: snapshot.generatedAt,
                observedAt: snapshot.observedAt,
                fingerprint: snapshot.fingerprint, payload: payload))
    }

    /// The envelope of an untyped snapshot in the canonical form records store: for a record this
    /// package wrote, exactly its stored bytes.
    ///
    /// - Throws: ``SnapshotStoreError/encoding(_:)`` when the envelope cannot be written as JSON a
    ///   reader accepts.
    public static func canonicalEnvelope(of snapshot: Snapshot<JSONValue>) throws(SnapshotStoreError)
        -> [UInt8]
    {
        try canonicalEnvelope(
            schemaVersion: snapshot.schemaVersion, kind: snapshot.kind, key: snapshot.key,
            revision: snapshot.revision, generatedAt: snapshot.generatedAt, observedAt: snapshot.observedAt,
            fingerprint: snapshot.fingerprint, payload: snapshot.payload)
    }

    private static func canonicalEnvelope(
        schemaVersion: Int, kind: String, key: SnapshotKey, revision: Int, generatedAt: Date,
        observedAt: Date?, fingerprint: ContentFingerprint, payload: JSONValue
    ) throws(SnapshotStoreError) -> [UInt8] {
        let generated: String
        let observed: String?
        do throws(EncodingError) {
            generated = try Instant.encodedText(generatedAt, in: nil, at: [AnyCodingKey("generatedAt")])
            observed = try observedAt.map { (instant) throws(EncodingError) in
                try Instant.encodedText(instant, in: nil, at: [AnyCodingKey("observedAt")])
            }
        } catch {
            throw .encoding(describing: error)
        }
        // The envelope is one object around the payload, and the canonical writer writes everything
        // else as the strict parser reads it (`CanonicalJSONTests`): nesting is what is left to check.
        if payload.nests(deeperThan: JSONParser.maximumDepth - 1) {
            throw .encoding(
                "the envelope would not read back: nesting deeper than \(JSONParser.maximumDepth) levels")
        }
        let inexact = holdsInexactNumber(payload) ? firstInexactNumber(in: payload, at: "$.payload") : nil
        if let (path, number) = inexact {
            throw .encoding(
                "at \(path): the number \(number.canonicalText) has more digits than a reader holds "
                    + "(a Double reads it as \(JSONNumber(number.doubleValue)?.canonicalText ?? "?"), "
                    + "and a Decimal holds at most 38 digits with exponents from -128 to 127)")
        }
        let envelope = CanonicalJSON.encode(
            sortedMembers: [
                "fingerprint": .string(fingerprint.rawValue),
                "generatedAt": .string(generated),
                "key": .string(key.rawValue),
                "kind": .string(kind),
                "observedAt": observed.map(JSONValue.string),
                "payload": payload,
                "revision": .integer(Int64(revision)),
                "schemaVersion": .integer(Int64(schemaVersion)),
            ], wholeNumbersInFull: true)
        return envelope
    }

    /// The first number in `value` that a reader would not read back as itself, and where: readers
    /// decode numbers through Foundation's `JSONDecoder`, which holds a number as a `Double` or a
    /// `Decimal`. (Numbers from a payload's own `Double`, `Int`, `UInt64` or `Decimal` fields always
    /// fit; only numbers written as text — a `JSONValue` payload — can have more digits.)
    private static func firstInexactNumber(in value: JSONValue, at path: String) -> (String, JSONNumber)? {
        switch value {
        case .number(let number):
            return isReadBackExactly(number) ? nil : (path, number)
        case .array(let values):
            for (index, element) in values.enumerated() {
                if let found = firstInexactNumber(in: element, at: path + "[\(index)]") { return found }
            }
            return nil
        case .object(let members):
            for (name, member) in members.sorted(by: { $0.key < $1.key }) {
                if let found = firstInexactNumber(in: member, at: path + "." + name) { return found }
            }
            return nil
        case .null, .bool, .string:
            return nil
        }
    }

    /// Whether `value` holds a number ``firstInexactNumber(in:at:)`` reports: the same walk without
    /// ordering members or spelling paths, for the payloads (nearly all) that hold none.
    private static func holdsInexactNumber(_ value: JSONValue) -> Bool {
        switch value {
        case .number(let number): !isReadBackExactly(number)
        case .array(let values): values.contains(where: holdsInexactNumber)
        case .object(let members): members.values.contains(where: holdsInexactNumber)
        case .null, .bool, .string: false
        }
    }

    /// Whether a reader reads `number` back as itself. At most 15 significant digits within a
    /// `Double`'s normal range always do; any other number is read as a reader reads it — through
    /// the package's decoder, on its own — and compared.
    private static func isReadBackExactly(_ number: JSONNumber) -> Bool {
        if number.digits.count <= 15, number.pointPosition > -307, number.pointPosition <= 308 { return true }
        var text = Array("[".utf8)
        number.writeCanonicalText(into: &text, wholeNumbersInFull: true)
        text.append(UInt8(ascii: "]"))
        let read = try? JSONCoding.decode([JSONValue].self, from: Data(text))
        return read == [.number(number)]
    }

    /// The record bytes for envelope bytes that are already encoded.
    ///
    /// - Throws: ``SnapshotStoreError/tooLarge(bytes:limit:)`` when the record would exceed
    ///   ``SnapshotLimits/maximumRecordSize``.
    public static func record(envelope: [UInt8]) throws(SnapshotStoreError) -> [UInt8] {
        try checkSize(ofRecordWith: envelope)
        return record(checkedEnvelope: envelope)
    }

    /// Refuses an envelope whose record would exceed ``SnapshotLimits/maximumRecordSize``: the
    /// header's length is known without the digest.
    private static func checkSize(ofRecordWith envelope: [UInt8]) throws(SnapshotStoreError) {
        // The header is the tag, " length=<digits>", " sha256=", 64 hex digits and a newline.
        let header =
            tag.count + lengthLabel.count + String(envelope.count).utf8.count + digestLabel.count + 64 + 1
        let size = header + envelope.count
        guard size <= SnapshotLimits.maximumRecordSize else {
            throw .tooLarge(bytes: size, limit: SnapshotLimits.maximumRecordSize)
        }
    }

    private static func headerPrefix(length: Int) -> String { "\(formatTag) length=\(length) sha256=" }

    /// The record bytes for an envelope whose size was checked (``checkSize(ofRecordWith:)``).
    static func record(checkedEnvelope envelope: [UInt8]) -> [UInt8] {
        let prefix = headerPrefix(length: envelope.count)
        var record: [UInt8] = []
        record.reserveCapacity(prefix.utf8.count + 64 + 1 + envelope.count)
        record.append(contentsOf: prefix.utf8)
        record.append(contentsOf: SHA256.hexDigest(of: envelope).utf8)
        record.append(UInt8(ascii: "\n"))
        record.append(contentsOf: envelope)
        return record
    }

    /// The envelope bytes of a record, once its header, length and checksum hold.
    ///
    /// The header — `<tag> length=<n> sha256=<64 hex>` — is checked as bytes: every read runs this.
    public static func envelope(of record: [UInt8]) -> Result<ArraySlice<UInt8>, SnapshotRecordProblem> {
        if record.isEmpty { return .failure(.empty) }
        guard let newline = record.prefix(maximumHeaderLength).firstIndex(of: UInt8(ascii: "\n")) else {
            return .failure(.badHeader)
        }
        var header = record[..<newline]
        guard skip(tag, in: &header), skip(lengthLabel, in: &header) else { return .failure(.badHeader) }
        let digits = header.prefix { (0x30...0x39).contains($0) }
        guard !digits.isEmpty, digits.count <= 8, digits.count == 1 || digits.first != UInt8(ascii: "0")
        else {
            return .failure(.badHeader)
        }
        let declared = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        header = header.dropFirst(digits.count)
        guard skip(digestLabel, in: &header), header.count == 64,
            header.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
        else { return .failure(.badHeader) }
        let envelope = record[(newline + 1)...]
        guard envelope.count == declared else {
            return .failure(.lengthMismatch(declared: declared, actual: envelope.count))
        }
        var digest = SHA256.hexDigest(of: envelope)
        let matches = digest.withUTF8 { computed in
            header.withUnsafeBufferPointer { declared in
                memcmp(computed.baseAddress!, declared.baseAddress!, 64) == 0
            }
        }
        guard matches else { return .failure(.checksumMismatch) }
        return .success(envelope)
    }

    private static let tag = Array(formatTag.utf8)
    private static let lengthLabel = Array(" length=".utf8)
    private static let digestLabel = Array(" sha256=".utf8)

    /// Drops `prefix` from the front of `bytes`; `false` when `bytes` does not start with it.
    private static func skip(_ prefix: [UInt8], in bytes: inout ArraySlice<UInt8>) -> Bool {
        guard bytes.starts(with: prefix) else { return false }
        bytes = bytes.dropFirst(prefix.count)
        return true
    }

    /// The snapshot a record of `key` at `revision` holds, for a reader of `Payload` that supports
    /// schemas up to `supportedSchema`.
    ///
    /// The header and checksum are checked once; the envelope is decoded once, and decoded again
    /// field by field only to say why a record that fails is refused.
    static func decode<Payload>(
        _ record: [UInt8], key: SnapshotKey, revision: Int, as type: Payload.Type, supportedSchema: Int
    ) -> Result<Snapshot<Payload>, SnapshotRecordProblem> {
        let envelope: Data
        switch self.envelope(of: record) {
        case .failure(let problem): return .failure(problem)
        case .success(let bytes): envelope = Data(bytes)
        }
        let decoded: Snapshot<Payload>
        do {
            decoded = try JSONCoding.decode(
                Snapshot<Payload>.self, from: envelope, using: JSONCoding.recordDecoder)
        } catch {
            return .failure(
                classify(
                    envelope, key: key, revision: revision, supportedSchema: supportedSchema,
                    payloadError: error))
        }
        guard decoded.key == key else { return .failure(.wrongKey(found: decoded.key.rawValue)) }
        guard decoded.revision == revision else { return .failure(.wrongRevision(found: decoded.revision)) }
        guard decoded.schemaVersion <= supportedSchema else {
            return .failure(.newerSchema(found: decoded.schemaVersion, supported: supportedSchema))
        }
        return .success(decoded)
    }

    /// Why an envelope that does not decode as `Snapshot<Payload>` is refused: its common fields
    /// first — a newer schema is reported as such, not as a payload that does not decode.
    private static func classify(
        _ envelope: Data, key: SnapshotKey, revision: Int, supportedSchema: Int,
        payloadError: JSONDecodingError
    ) -> SnapshotRecordProblem {
        let fields: EnvelopeFields
        do {
            fields = try JSONCoding.decode(EnvelopeFields.self, from: envelope)
        } catch {
            return .malformedEnvelope(error.description)
        }
        guard fields.key == key.rawValue else { return .wrongKey(found: fields.key) }
        guard fields.revision == revision else { return .wrongRevision(found: fields.revision) }
        guard fields.schemaVersion <= supportedSchema else {
            return .newerSchema(found: fields.schemaVersion, supported: supportedSchema)
        }
        return .undecodablePayload(payloadError.description)
    }
}

/// The envelope members every record has, decoded apart from the payload to classify a record
/// whose payload does not decode: an envelope without a `payload` member is malformed, whatever the
/// reader's payload type.
private struct EnvelopeFields: Decodable {
    var schemaVersion: Int
    var key: String
    var revision: Int
    var kind: String
    var generatedAt: Date
    var observedAt: Date?
    var fingerprint: String
    var payload: Present

    /// A member that is there, whatever its value.
    struct Present: Decodable {
        init(from decoder: any Decoder) {}
    }
}
