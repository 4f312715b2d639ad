import Foundation

/// The byte form of one stored revision: a one-line header protecting the envelope, then the
/// envelope itself (DESIGN.md's JSON, in canonical form: see ``CanonicalJSON``).
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

    /// The record bytes for `snapshot`: its envelope in canonical JSON (RFC 8785, instants in UTC),
    /// so two implementations writing the same snapshot write the same bytes.
    ///
    /// - Throws: ``SnapshotStoreError/encoding(_:)`` when the snapshot cannot be encoded as JSON,
    ///   ``SnapshotStoreError/tooLarge(bytes:limit:)`` when the record would exceed
    ///   ``SnapshotLimits/maximumRecordSize``.
    public static func encode<Payload>(_ snapshot: Snapshot<Payload>) throws(SnapshotStoreError) -> [UInt8] {
        let envelope: [UInt8]
        do {
            envelope = try CanonicalJSON.encode(snapshot)
        } catch {
            throw .encoding(describing: error)
        }
        return try record(envelope: envelope)
    }

    /// The record bytes for envelope bytes that are already encoded.
    ///
    /// - Throws: ``SnapshotStoreError/tooLarge(bytes:limit:)`` when the record would exceed
    ///   ``SnapshotLimits/maximumRecordSize``.
    public static func record(envelope: [UInt8]) throws(SnapshotStoreError) -> [UInt8] {
        let prefix = "\(formatTag) length=\(envelope.count) sha256="
        // Check the size before hashing: the header's length is known without the digest.
        let size = prefix.utf8.count + 64 + 1 + envelope.count
        guard size <= SnapshotLimits.maximumRecordSize else {
            throw .tooLarge(bytes: size, limit: SnapshotLimits.maximumRecordSize)
        }
        return Array((prefix + SHA256.hexDigest(of: envelope) + "\n").utf8) + envelope
    }

    /// The envelope bytes of a record, once its header, length and checksum hold.
    ///
    /// The header is checked as bytes — `<tag> length=<n> sha256=<64 hex>` — without building
    /// strings: this runs on every read.
    public static func envelope(of record: [UInt8]) -> Result<ArraySlice<UInt8>, SnapshotRecordProblem> {
        if record.isEmpty { return .failure(.empty) }
        guard let newline = record.prefix(maximumHeaderLength).firstIndex(of: UInt8(ascii: "\n")) else {
            return .failure(.badHeader)
        }
        var cursor = record[..<newline]
        guard cursor.allSatisfy({ (0x20...0x7E).contains($0) }),
            skip(Self.tagBytes, in: &cursor), skip(Self.lengthLabel, in: &cursor)
        else { return .failure(.badHeader) }
        let digits = cursor.prefix { (0x30...0x39).contains($0) }
        guard let declared = canonicalCount(digits) else { return .failure(.badHeader) }
        cursor = cursor.dropFirst(digits.count)
        guard skip(Self.digestLabel, in: &cursor), cursor.count == 64,
            cursor.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
        else { return .failure(.badHeader) }
        let envelope = record[(newline + 1)...]
        guard envelope.count == declared else {
            return .failure(.lengthMismatch(declared: declared, actual: envelope.count))
        }
        var digest = SHA256.hexDigest(of: envelope)
        let matches = digest.withUTF8 { computed in
            cursor.withUnsafeBufferPointer { declared in
                memcmp(computed.baseAddress!, declared.baseAddress!, 64) == 0
            }
        }
        guard matches else { return .failure(.checksumMismatch) }
        return .success(envelope)
    }

    private static let tagBytes = Array(formatTag.utf8)
    private static let lengthLabel = Array(" length=".utf8)
    private static let digestLabel = Array(" sha256=".utf8)

    /// Drops `prefix` from the front of `bytes`; `false` when `bytes` does not start with it.
    private static func skip(_ prefix: [UInt8], in bytes: inout ArraySlice<UInt8>) -> Bool {
        guard bytes.starts(with: prefix) else { return false }
        bytes = bytes.dropFirst(prefix.count)
        return true
    }

    // MARK: - Validation

    /// A record's verdict for a reader asking for `Payload`: valid, too new a schema, or invalid.
    static func decode<Payload>(
        _ record: [UInt8],
        key: SnapshotKey,
        revision: Int,
        as type: Payload.Type,
        supportedSchema: Int
    ) -> RecordVerdict<Snapshot<Payload>> {
        // The common case in one pass: a checksummed envelope that is strict JSON (a record with a
        // member written twice reads differently in another language; see `JSONParser`) and
        // decodes as `Payload` with the expected key and revision and a supported schema. Anything
        // else — including whatever the tape decoder hands back to Foundation — is classified below.
        if case .success(let verified) = envelope(of: record),
            case .decoded(let snapshot) = verified.withUnsafeBufferPointer({
                JSONTapeDecoder.decode(Snapshot<Payload>.self, from: $0)
            }),
            snapshot.key == key, snapshot.revision == revision, snapshot.schemaVersion <= supportedSchema
        {
            return .valid(snapshot)
        }
        let envelope: Data
        switch checkedEnvelope(record, key: key, revision: revision) {
        case .failure(let problem): return .invalid(problem)
        case .success(let checked):
            if checked.fields.schemaVersion > supportedSchema {
                return .incompatible(found: checked.fields.schemaVersion)
            }
            envelope = checked.bytes
        }
        do {
            return .valid(try JSONCoding.decode(Snapshot<Payload>.self, from: envelope))
        } catch {
            return .invalid(.undecodablePayload(error.description))
        }
    }

    /// A record's verdict for a tool: its exact envelope and fields, any schema.
    static func decodeStored(_ record: [UInt8], key: SnapshotKey, revision: Int) -> RecordVerdict<
        StoredSnapshot
    > {
        switch checkedEnvelope(record, key: key, revision: revision) {
        case .failure(let problem): return .invalid(problem)
        case .success(let checked):
            do {
                let snapshot = try JSONCoding.decode(Snapshot<JSONValue>.self, from: checked.bytes)
                return .valid(StoredSnapshot(snapshot: snapshot, envelope: Array(checked.bytes)))
            } catch {
                return .invalid(.malformedEnvelope(error.description))
            }
        }
    }

    private struct CheckedEnvelope {
        var bytes: Data
        var fields: EnvelopeFields
    }

    private static func checkedEnvelope(
        _ record: [UInt8], key: SnapshotKey, revision: Int
    ) -> Result<CheckedEnvelope, SnapshotRecordProblem> {
        let bytes: Data
        switch envelope(of: record) {
        case .failure(let problem): return .failure(problem)
        case .success(let envelope): bytes = Data(envelope)
        }
        let fields: EnvelopeFields
        do {
            fields = try JSONCoding.decode(EnvelopeFields.self, from: bytes)
        } catch {
            return .failure(.malformedEnvelope(error.description))
        }
        guard fields.key == key.rawValue else { return .failure(.wrongKey(found: fields.key)) }
        guard fields.revision == revision else { return .failure(.wrongRevision(found: fields.revision)) }
        return .success(CheckedEnvelope(bytes: bytes, fields: fields))
    }

    /// A decimal count (ASCII digits) without leading zeros, at most eight digits.
    private static func canonicalCount(_ digits: ArraySlice<UInt8>) -> Int? {
        guard !digits.isEmpty, digits.count <= 8, digits.count == 1 || digits.first != UInt8(ascii: "0")
        else {
            return nil
        }
        return digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }
}

/// The envelope members every record has, decoded before the payload so that a schema newer than
/// the reader's is reported as such rather than as a payload that does not decode.
struct EnvelopeFields: Decodable {
    var schemaVersion: Int
    var key: String
    var revision: Int
    var kind: String
    var generatedAt: Date
    var observedAt: Date?
    var fingerprint: String
}

/// What a record means to one reader.
enum RecordVerdict<Value> {
    case valid(Value)
    case incompatible(found: Int)
    case invalid(SnapshotRecordProblem)
}
