// Fuzz target: the snapshot record decoder — the bytes a widget extension reads from the shared
// container, written by another process, an older or newer app, or a bridge in another language.
//
// The first byte chooses how the rest is used:
// - even: the rest is a whole record file (header line + envelope), taken as is;
// - odd: the rest is an envelope, framed with a correct header (length and SHA-256), so the
//   fuzzer reaches the JSON decoding behind the checksum instead of spending its time on it; it
//   is tried again with one of its numbers pushed to an edge (Int.max, 1e300, …).
//
// Checked on every input:
// - the record verdict never traps, whatever the bytes;
// - a record accepted as valid has a well-formed header whose length and SHA-256 match the
//   envelope (checked here with an independent header parse), and is for the key and revision
//   asked for;
// - the typed readers (each example widget's payload) and the untyped one (`store read`) agree on
//   everything before the payload: header, length, checksum, envelope fields;
// - an accepted snapshot re-encodes to a record that decodes to exactly the same snapshot;
// - through the real store reader on an in-memory file system, with a valid revision 1 under the
//   fuzzed revision 2, a read returns revision 2 only when it is valid, and otherwise revision 1
//   with a note naming revision 2 — never anything else, never "missing".
import Foundation
import FuzzSupport
import WidgetTimelineExamples
import WidgetTimelineTesting

@testable import WidgetTimeline

private let key = try! SnapshotKey(validating: "fuzz")
private let fuzzedRevision = 2

/// An in-memory shared directory holding a valid revision 1 and a placeholder revision 2, built
/// once and copied for each input.
private let template: (fileSystem: CrashSimulatingFileSystem, first: Snapshot<JSONValue>) = {
    let fileSystem = CrashSimulatingFileSystem(directories: ["/shared"])
    let store = FileSnapshotStore(directory: URL(fileURLWithPath: "/shared"), fileSystem: fileSystem)
    var first: Snapshot<JSONValue>?
    for count in [1, 2] {
        let draft = try! SnapshotDraft(
            kind: "fuzz", key: key, generatedAt: Date(timeIntervalSince1970: 1_796_000_000),
            payload: JSONValue.object(["count": .integer(Int64(count))]))
        _ = try! store.commit(draft)
        if count == 1 { first = draft.snapshot(revision: 1) }
    }
    guard case .found(let newest, nil) = store.readStored(key), newest.revision == 2, let first else {
        fatalError("the template store did not commit")
    }
    return (fileSystem, first)
}()

/// The untyped reader's verdict (`store read`): any schema, the payload as JSON.
private func untypedVerdict(_ record: [UInt8], revision: Int) -> Result<
    Snapshot<JSONValue>, SnapshotRecordProblem
> {
    SnapshotRecord.decode(record, key: key, revision: revision, as: JSONValue.self, supportedSchema: .max)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSnapshotRecord(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = FuzzInput.bytes(start, count)
    guard let mode = bytes.first else { return 0 }
    let rest = Array(bytes.dropFirst())
    var records: [[UInt8]] = []
    if mode & 1 == 1 {
        records.append(rest)
        // The envelope again with one number pushed to an edge.
        var choices = FuzzChoices(bytes)
        if let variant = choices.numberAtAnEdge(in: rest) { records.append(variant) }
        records = records.compactMap { try? SnapshotRecord.record(envelope: $0) }
    } else {
        records.append(rest)
    }
    for record in records {
        checkDirectDecoding(record)
        checkStoreRead(record)
    }
    return 0
}

/// The header fields, parsed here independently of `SnapshotRecord`.
private func independentHeader(_ record: [UInt8]) -> (length: Int, digest: String, envelope: [UInt8])? {
    guard let newline = record.firstIndex(of: 0x0A) else { return nil }
    let fields = String(decoding: record[..<newline], as: UTF8.self).components(separatedBy: " ")
    guard fields.count == 3, fields[0] == "widget-timeline-snapshot/1", fields[1].hasPrefix("length="),
        fields[2].hasPrefix("sha256="), let length = Int(fields[1].dropFirst(7))
    else { return nil }
    return (length, String(fields[2].dropFirst(7)), Array(record[(newline + 1)...]))
}

private func checkValid(_ record: [UInt8], what: String) {
    guard let header = independentHeader(record) else {
        fuzzCheck(false, "\(what): accepted a record without a valid header")
        return
    }
    fuzzCheck(header.length == header.envelope.count, "\(what): accepted a record of the wrong length")
    fuzzCheck(
        SHA256.hexDigest(of: header.envelope) == header.digest,
        "\(what): accepted a record whose checksum fails")
}

/// The key and revision the envelope claims, when it says, so the decoder gets past those checks.
private func claimedRevision(_ record: [UInt8]) -> Int {
    guard let newline = record.firstIndex(of: 0x0A),
        let envelope = try? JSONParser.parse(record[(newline + 1)...]),
        case .number(let number)? = envelope["revision"], let revision = number.int64Value, revision >= 1,
        revision <= 1_000_000
    else { return fuzzedRevision }
    return Int(revision)
}

private func checkDirectDecoding(_ record: [UInt8]) {
    let revision = claimedRevision(record)
    let untyped = untypedVerdict(record, revision: revision)
    switch untyped {
    case .success(let stored):
        checkValid(record, what: "untyped")
        fuzzCheck(stored.key == key && stored.revision == revision, "untyped: wrong key or revision")
        // What is stored is canonical: its envelope, written again, is the same bytes; a record of
        // another writer, written again, reads back as the same snapshot.
        if let again = try? SnapshotRecord.encode(stored) {
            guard case .success(let reread) = untypedVerdict(again, revision: revision) else {
                fuzzCheck(false, "untyped: a re-encoded snapshot does not decode")
                return
            }
            fuzzCheck(reread == stored, "untyped: a re-encoded snapshot decodes differently")
        }
    case .failure(.newerSchema):
        fuzzCheck(false, "the untyped reader accepts every schema")
    case .failure:
        break
    }
    for widget in ExampleWidgets.all {
        checkTyped(widget, record: record, revision: revision, untyped: untyped)
    }
}

private func checkTyped<Kind: WidgetKind>(
    _ widget: Kind, record: [UInt8], revision: Int,
    untyped: Result<Snapshot<JSONValue>, SnapshotRecordProblem>
) {
    let verdict = SnapshotRecord.decode(
        record, key: key, revision: revision, as: Kind.Payload.self, supportedSchema: widget.schemaVersion)
    switch (verdict, untyped) {
    case (.success(let snapshot), .success(let stored)):
        checkValid(record, what: widget.kind)
        fuzzCheck(snapshot.schemaVersion <= widget.schemaVersion, "\(widget.kind): accepted a newer schema")
        fuzzCheck(
            snapshot.revision == stored.revision && snapshot.kind == stored.kind
                && snapshot.generatedAt == stored.generatedAt,
            "\(widget.kind): the typed and untyped readers disagree on the envelope")
        if let again = try? SnapshotRecord.encode(snapshot) {
            let reread = SnapshotRecord.decode(
                again, key: key, revision: revision, as: Kind.Payload.self,
                supportedSchema: widget.schemaVersion)
            guard case .success(let decoded) = reread else {
                fuzzCheck(false, "\(widget.kind): a re-encoded snapshot does not decode")
                return
            }
            let twice = try? SnapshotRecord.encode(decoded)
            fuzzCheck(twice == again, "\(widget.kind): re-encoding is not stable")
        }
    case (.success, _):
        fuzzCheck(false, "\(widget.kind): valid for the typed reader, not for the untyped one")
    case (.failure(.newerSchema(let found, _)), .success(let stored)):
        fuzzCheck(
            found > widget.schemaVersion && found == stored.schemaVersion,
            "\(widget.kind): incompatible for a schema it supports")
    case (.failure(.newerSchema(let found, _)), .failure(.malformedEnvelope)):
        // A newer schema is reported as such before its payload is looked at: this reader cannot
        // know what a newer envelope holds, so it does not call it malformed.
        fuzzCheck(found > widget.schemaVersion, "\(widget.kind): incompatible for a schema it supports")
    case (.failure(.newerSchema), _):
        fuzzCheck(false, "\(widget.kind): incompatible, yet the envelope is invalid")
    case (.failure(.undecodablePayload), .failure(.malformedEnvelope)):
        break  // the payload member is missing or null: the payload's problem, or the envelope's
    case (.failure(let problem), .failure(let untypedProblem)):
        fuzzCheck(problem == untypedProblem, "\(widget.kind): \(problem) but untyped \(untypedProblem)")
    case (.failure(let problem), .success):
        if case .undecodablePayload = problem { break }
        fuzzCheck(false, "\(widget.kind): \(problem), yet the untyped reader accepts the envelope")
    }
}

private func checkStoreRead(_ record: [UInt8]) {
    let fileSystem = template.fileSystem.copy()
    let path = "/shared/snapshots/fuzz/" + StoreLayout.fileName(revision: fuzzedRevision)
    fileSystem.setContents(record, ofFile: path)
    let store = FileSnapshotStore.readOnly(directory: URL(fileURLWithPath: "/shared"), fileSystem: fileSystem)
    let direct = untypedVerdict(record, revision: fuzzedRevision)
    switch store.readStored(key) {
    case .found(let stored, let fallback):
        if case .success(let expected) = direct {
            fuzzCheck(fallback == nil && stored == expected, "store read: not the valid revision 2")
        } else {
            fuzzCheck(
                stored.revision == 1 && stored.payload == template.first.payload
                    && fallback?.skipped.map(\.revision) == [fuzzedRevision],
                "store read: invalid revision 2, yet not revision 1 with a note")
        }
    case .missing, .corrupted, .unreadable, .incompatible:
        fuzzCheck(false, "store read: a valid revision 1 exists, yet no snapshot")
    }
    let typed = store.read(key, as: JSONValue.self, supportedSchema: 1)
    let directTyped = SnapshotRecord.decode(
        record, key: key, revision: fuzzedRevision, as: JSONValue.self, supportedSchema: 1)
    switch (typed, directTyped) {
    case (.found(let snapshot, let fallback), .success(let expected)):
        fuzzCheck(fallback == nil && snapshot == expected, "typed read: not the valid revision 2")
    case (.incompatible(let found, _), .failure(.newerSchema(let expected, _))):
        fuzzCheck(found == expected && found > 1, "typed read: wrong incompatibility")
    case (.found(let snapshot, let fallback), .failure):
        fuzzCheck(snapshot.revision == 1 && fallback != nil, "typed read: invalid revision 2 not skipped")
    default:
        fuzzCheck(false, "typed read: \(typed) for a revision 2 that decodes as \(directTyped)")
    }
}
