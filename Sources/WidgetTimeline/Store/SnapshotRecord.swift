import Foundation

/// The byte form of one stored revision: a one-line header protecting the envelope, then the
/// envelope itself (DESIGN.md's JSON, exactly as ``JSONCoding`` writes it).
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

    /// The record bytes for `snapshot`.
    ///
    /// - Throws: ``SnapshotStoreError/encoding(_:)`` when the snapshot cannot be encoded as JSON,
    ///   ``SnapshotStoreError/tooLarge(bytes:limit:)`` when the record would exceed
    ///   ``SnapshotLimits/maximumRecordSize``.
    public static func encode<Payload>(_ snapshot: Snapshot<Payload>) throws(SnapshotStoreError) -> [UInt8] {
        let envelope: [UInt8]
        do {
            envelope = Array(try JSONCoding.encoder().encode(snapshot))
        } catch {
            throw .encoding(String(describing: error))
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
    public static func envelope(of record: [UInt8]) -> Result<ArraySlice<UInt8>, SnapshotRecordProblem> {
        if record.isEmpty { return .failure(.empty) }
        guard let newline = record.prefix(maximumHeaderLength).firstIndex(of: UInt8(ascii: "\n")),
            record[..<newline].allSatisfy({ (0x20...0x7E).contains($0) })
        else { return .failure(.badHeader) }
        let header = String(decoding: record[..<newline], as: UTF8.self)
        let fields = header.split(separator: " ", omittingEmptySubsequences: false)
        guard fields.count == 3, fields[0] == formatTag,
            fields[1].hasPrefix("length="), let declared = canonicalCount(fields[1].dropFirst(7)),
            fields[2].hasPrefix("sha256="), isLowercaseHexDigest(fields[2].dropFirst(7))
        else { return .failure(.badHeader) }
        let envelope = record[(newline + 1)...]
        guard envelope.count == declared else {
            return .failure(.lengthMismatch(declared: declared, actual: envelope.count))
        }
        guard SHA256.hexDigest(of: envelope) == fields[2].dropFirst(7) else {
            return .failure(.checksumMismatch)
        }
        return .success(envelope)
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
            return .valid(try JSONCoding.decoder().decode(Snapshot<Payload>.self, from: envelope))
        } catch {
            return .invalid(.undecodablePayload(DecodingProblem.describe(error)))
        }
    }

    /// A record's verdict for a tool: its exact envelope and fields, any schema.
    static func decodeStored(_ record: [UInt8], key: SnapshotKey, revision: Int) -> RecordVerdict<StoredSnapshot> {
        switch checkedEnvelope(record, key: key, revision: revision) {
        case .failure(let problem): return .invalid(problem)
        case .success(let checked):
            do {
                let snapshot = try JSONCoding.decoder().decode(Snapshot<JSONValue>.self, from: checked.bytes)
                return .valid(StoredSnapshot(snapshot: snapshot, envelope: Array(checked.bytes)))
            } catch {
                return .invalid(.malformedEnvelope(DecodingProblem.describe(error)))
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
            fields = try JSONCoding.decoder().decode(EnvelopeFields.self, from: bytes)
        } catch {
            return .failure(.malformedEnvelope(DecodingProblem.describe(error)))
        }
        guard fields.key == key.rawValue else { return .failure(.wrongKey(found: fields.key)) }
        guard fields.revision == revision else { return .failure(.wrongRevision(found: fields.revision)) }
        return .success(CheckedEnvelope(bytes: bytes, fields: fields))
    }

    /// A decimal count without sign or leading zeros, at most eight digits.
    private static func canonicalCount(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.count <= 8, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        guard text == "0" || text.first != "0" else { return nil }
        return Int(text)
    }

    private static func isLowercaseHexDigest(_ text: Substring) -> Bool {
        text.utf8.count == 64
            && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
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

/// Short, stable descriptions of `DecodingError`s: the coding path and the reason, without
/// Foundation's platform-specific wording.
enum DecodingProblem {
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return String(describing: error) }
        func path(_ context: DecodingError.Context) -> String {
            let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
            return path.isEmpty ? "the document" : path.joined(separator: ".")
        }
        switch error {
        case .typeMismatch(let type, let context): return "\(path(context)) is not a \(type)"
        case .valueNotFound(let type, let context): return "\(path(context)) is null, expected a \(type)"
        case .keyNotFound(let key, let context):
            let parent = context.codingPath.isEmpty ? "" : " in \(path(context))"
            return "member \"\(key.stringValue)\" is missing\(parent)"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not valid JSON" : "\(path(context)): \(context.debugDescription)"
        @unknown default: return String(describing: error)
        }
    }
}
