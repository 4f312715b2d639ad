import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineTesting

/// A payload with every kind of value an ordinary `Codable` type holds.
struct EveryKindOfValue: Codable, Sendable, Equatable {
    enum Shape: Codable, Sendable, Equatable {
        case circle(radius: Decimal)
        case label(String, count: Int)
        case nothing
    }

    var amount: Decimal
    var link: URL
    var blob: Data
    var when: Date
    var ratio: Double
    var smallest: Float
    var signed: Int64
    var unsigned: UInt64
    var wide: UInt128
    var wideSigned: Int128
    var maybe: Int??
    var shape: Shape
    var byNumber: [Int: String]
    var byIdentifier: [UUID: Int]
    var none: [String]
    var nothing: [String: Int]
    var text: String
}

/// A widget kind for any payload, fingerprinted as itself, at the schema version of its choice.
struct EchoWidget<Payload: Codable & Sendable & Equatable>: WidgetKind {
    let kind = "echo"
    let preview: Payload
    var schemaVersion = 1
    var freshness: FreshnessPolicy { FreshnessPolicy(staleAfter: 3600, expiresAfter: 86_400) }
    func content(of snapshot: Snapshot<Payload>, at instant: Date, in calendar: Calendar) -> Payload {
        snapshot.payload
    }
    func changePoints(
        of snapshot: Snapshot<Payload>, after now: Date, through end: Date, in calendar: Calendar
    ) -> [Date] { [] }
}

/// Every `Codable` payload a commit acknowledges reads back equal, through the file store and
/// through the host's sync, and its fingerprint is the SHA-256 of the canonical form of what
/// `JSONEncoder` writes for it — as computed by an independent implementation
/// (`Fixtures/canonical-sha256.py`, Python's JSON reader with exact numbers).
@Suite("Every Codable payload round-trips, with the fingerprint of its canonical JSON", .serialized)
struct PayloadRoundTripTests {
    static let generatedAt = Date(timeIntervalSince1970: 1_796_000_000.125)

    /// One value per edge case; each is committed and read back on its own.
    static let values: [(String, EveryKindOfValue)] = {
        let base = EveryKindOfValue(
            amount: Decimal(string: "0.1")!, link: URL(string: "https://example.com/parks?id=7&q=a%20b#top")!,
            blob: Data(), when: Date(timeIntervalSince1970: 1_796_000_123.456), ratio: 0.1, smallest: 1e-45,
            signed: .max, unsigned: .max, wide: .max, wideSigned: .min, maybe: .some(.some(5)),
            shape: .circle(radius: 2.5),
            byNumber: [1: "one", -2: "minus two"],
            byIdentifier: [UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!: 1], none: [],
            nothing: [:], text: "plain")
        func with(_ change: (inout EveryKindOfValue) -> Void) -> EveryKindOfValue {
            var value = base
            change(&value)
            return value
        }
        var generator = SplitMix64(seed: 0xB10B)
        let large = Data((0..<200_000).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
        return [
            ("the base value", base),
            ("Decimal 1e-20", with { $0.amount = Decimal(string: "1e-20")! }),
            ("Decimal's largest", with { $0.amount = Decimal(string: "79228162514264337593543950335")! }),
            (
                "a negative Decimal with 38 digits",
                with { $0.amount = Decimal(string: "-3.1415926535897932384626433832795028841")! }
            ),
            ("a URL with Unicode", with { $0.link = URL(string: "https://例え.jp/パス?キー=値")! }),
            ("a file URL", with { $0.link = URL(fileURLWithPath: "/tmp/a b/ü.txt") }),
            ("200 kB of data", with { $0.blob = large }),
            ("negative zero", with { $0.ratio = -0.0 }),
            ("the smallest Double", with { $0.ratio = .leastNonzeroMagnitude }),
            ("the largest Double", with { $0.ratio = .greatestFiniteMagnitude }),
            ("the largest Float", with { $0.smallest = .greatestFiniteMagnitude }),
            ("the most negative Float", with { $0.smallest = -.greatestFiniteMagnitude }),
            ("the smallest normal Float", with { $0.smallest = .leastNormalMagnitude }),
            ("Float 0.1", with { $0.smallest = 0.1 }),
            ("Int64's smallest", with { $0.signed = .min }),
            ("UInt64's smallest", with { $0.unsigned = 0 }),
            ("2^60 + 1", with { $0.unsigned = 1 << 60 + 1 }),
            // Past 10^21 the canonical form writes an exponent, which an integer type cannot read.
            ("UInt128's largest and Int128's smallest", base),
            (
                "128-bit integers just past 10^21 and at 2^100",
                with {
                    $0.wide = 1_000_000_000_000_000_000_001
                    $0.wideSigned = -(1 << 100)
                }
            ),
            ("128-bit zero", with { ($0.wide, $0.wideSigned) = (0, 0) }),
            ("an absent nested optional", with { $0.maybe = nil }),
            ("an enum case with two values", with { $0.shape = .label("gate", count: -3) }),
            ("an enum case without values", with { $0.shape = .nothing }),
            (
                "empty dictionaries keyed by non-strings",
                with {
                    $0.byNumber = [:]
                    $0.byIdentifier = [:]
                }
            ),
            (
                "text from every Unicode plane, with every escape",
                with {
                    $0.text =
                        "é中\u{0}\u{1}\u{1F}\"\\/\u{7F}\u{2028}\u{2029}😀𝄞\u{2000B}\u{30000}\u{40000}\u{E0001}\u{F0000}\u{10FFFD}\n\t"
                }
            ),
        ]
    }()

    @Test("through FileSnapshotStore: read back equal, fingerprint of JSONEncoder's canonical bytes")
    func fileStore() throws {
        let expected = try Self.referenceFingerprints(Self.values.map(\.1))
        try withTemporaryDirectory { directory throws in
            for ((name, value), fingerprint) in zip(Self.values, expected) {
                let key = try SnapshotKey(validating: "round-trip")
                let draft = try SnapshotDraft(
                    kind: "echo", key: key, generatedAt: Self.generatedAt, payload: value)
                #expect(draft.fingerprint.rawValue == fingerprint, "\(name)")
                let revision = try FileSnapshotStore(directory: directory).commit(draft).revision
                let read = FileSnapshotStore.readOnly(directory: directory)
                    .read(key, as: EveryKindOfValue.self, supportedSchema: 1)
                #expect(read.snapshot == draft.snapshot(revision: revision), "\(name): \(read)")
                #expect(read.snapshot?.payload == value, "\(name)")
                #expect(try Self.encodesAlike(read.snapshot?.payload, value), "\(name)")
                #expect(read.snapshot?.fingerprint.rawValue == fingerprint, "\(name)")
            }
        }
    }

    @Test("through WidgetSync: saved, read back equal by the extension, the next identical commit skipped")
    func widgetSync() throws {
        let expected = try Self.referenceFingerprints(Self.values.map(\.1))
        try withTemporaryDirectory { directory throws in
            let widget = EchoWidget(preview: Self.values[0].1)
            let sync = WidgetSync(
                store: FileSnapshotStore(directory: directory), reloader: RecordingReloader(),
                clock: ManualClock(now: Self.generatedAt))
            for ((name, value), fingerprint) in zip(Self.values, expected) {
                guard case .saved(let revision, _, _) = try sync.commit(value, for: widget) else {
                    Issue.record("\(name): not saved")
                    continue
                }
                #expect(try sync.commit(value, for: widget) == .unchanged(revision: revision), "\(name)")
                let read = FileSnapshotStore.readOnly(directory: directory).read(
                    widget.defaultKey, for: widget)
                #expect(read.snapshot?.payload == value, "\(name): \(read)")
                #expect(try Self.encodesAlike(read.snapshot?.payload, value), "\(name)")
                #expect(read.snapshot?.fingerprint.rawValue == fingerprint, "\(name)")
            }
        }
    }

    @Test("payloads that differ only beyond a Double's precision are different content")
    func beyondDoublePrecision() throws {
        var a = Self.values[0].1
        var b = a
        a.unsigned = 1 << 60
        b.unsigned = 1 << 60 + 1
        #expect(try ContentFingerprint(of: a) != ContentFingerprint(of: b))
        a.amount = Decimal(string: "0.12345678901234567890123456789")!
        b = a
        b.amount = Decimal(string: "0.12345678901234567890123456788")!
        #expect(try ContentFingerprint(of: a) != ContentFingerprint(of: b))
    }

    @Test("a nested optional holding nil is refused: JSON has one null, so it would read back as nil")
    func nestedNil() throws {
        var value = Self.values[0].1
        value.maybe = .some(nil)
        let store = InMemorySnapshotStore()
        #expect(throws: SnapshotStoreError.self) {
            _ = try store.commit(
                SnapshotDraft(
                    kind: "echo", key: try SnapshotKey(validating: "nested"), generatedAt: Self.generatedAt,
                    payload: value))
        }
        #expect(try store.keys().isEmpty)
    }

    @Test(
        "seeded property: generated JSON payloads commit, read back exactly, with the reference fingerprint")
    func generatedPayloads() throws {
        let seed = testSeed(0xF1_9E)
        var generator = ValueGenerator(seed: seed)
        let payloads = (0..<300).map { _ in generator.jsonValue(depth: 4) }
        let expected = try Self.referenceFingerprints(payloads)
        let store = InMemorySnapshotStore()
        let key = try SnapshotKey(validating: "generated")
        for (index, (payload, fingerprint)) in zip(payloads, expected).enumerated() {
            let draft = try SnapshotDraft(
                kind: "echo", key: key, generatedAt: Self.generatedAt,
                observedAt: index.isMultiple(of: 2)
                    ? nil : Self.generatedAt.addingTimeInterval(-Double(index)),
                payload: payload)
            #expect(draft.fingerprint.rawValue == fingerprint, "seed \(seed), payload \(index): \(payload)")
            let revision = try store.commit(draft).revision
            // The stored envelope is the canonical form of what `JSONEncoder` writes for the snapshot.
            let envelope = CanonicalJSON.encode(
                try JSONValue(encoding: draft.snapshot(revision: revision)), wholeNumbersInFull: true)
            #expect(
                store.recordBytes(of: key, revision: revision)
                    == (try SnapshotRecord.record(envelope: envelope)),
                "seed \(seed), payload \(index)")
            let read = store.read(key, as: JSONValue.self, supportedSchema: 1)
            #expect(read.snapshot == draft.snapshot(revision: revision), "seed \(seed), payload \(index)")
            #expect(
                Self.decodingTheRecord(
                    key, revision: revision, as: JSONValue.self, supportedSchema: 1, in: store) == read,
                "seed \(seed), payload \(index)")
        }
    }

    @Test("through InMemorySnapshotStore: the first read after a commit is what decoding its record gives")
    func inMemoryFirstRead() throws {
        let key = try SnapshotKey(validating: "first-read")
        var cases = Self.values
        // Instants finer than the millisecond, which a payload stores exactly: the first read, like
        // every reader, gets the payload itself.
        for offset in [0.000_4, 0.000_6, -0.000_1] {
            var value = Self.values[0].1
            value.when = Date(timeIntervalSince1970: 1_796_000_123 + offset)
            cases.append(("an instant \(offset) s past a second", value))
        }
        let store = InMemorySnapshotStore()
        for (name, value) in cases {
            for observedAt in [nil, Self.generatedAt.addingTimeInterval(-0.000_7)] {
                let draft = try SnapshotDraft(
                    kind: "échø", key: key, schemaVersion: 2,
                    generatedAt: Self.generatedAt.addingTimeInterval(0.000_3),
                    observedAt: observedAt, payload: value)
                let revision = try store.commit(draft).revision
                let first = store.read(key, as: EveryKindOfValue.self, supportedSchema: 2)
                let decoded = Self.decodingTheRecord(
                    key, revision: revision, as: EveryKindOfValue.self, supportedSchema: 2, in: store)
                #expect(first == decoded, "\(name)")
                #expect(try Self.encodesAlike(first.snapshot?.payload, decoded.snapshot!.payload), "\(name)")
                #expect(first.snapshot?.payload == value, "\(name)")
                // A reader of another type decodes the record, as before.
                let asJSON = store.read(key, as: JSONValue.self, supportedSchema: 2)
                #expect(
                    asJSON
                        == Self.decodingTheRecord(
                            key, revision: revision, as: JSONValue.self, supportedSchema: 2, in: store),
                    "\(name)")
                #expect(asJSON.snapshot?.revision == revision, "\(name)")
                // A reader of an older schema is told so, as by the record.
                try store.commit(draft)
                #expect(
                    store.read(key, as: EveryKindOfValue.self, supportedSchema: 1)
                        == .incompatible(found: 2, supported: 1), "\(name)")
            }
        }
    }

    /// Whether `read` is `value` exactly: the same bytes from `JSONEncoder`, keys sorted. `==` alone
    /// cannot tell: a `Double`'s does not see the sign of zero.
    static func encodesAlike<Value: Encodable>(_ read: Value?, _ value: Value) throws -> Bool {
        guard let read else { return false }
        let encoder = JSONCoding.encoder()
        return try encoder.encode(read) == encoder.encode(value)
    }

    /// What a read of `key` gives when it decodes the record's bytes: the same bytes put back, which
    /// forgets every read and commit the store remembered.
    static func decodingTheRecord<Payload: Codable & Sendable & Equatable>(
        _ key: SnapshotKey, revision: Int, as type: Payload.Type, supportedSchema: Int,
        in store: InMemorySnapshotStore
    ) -> SnapshotReadResult<Payload> {
        store.setRecordBytes(store.recordBytes(of: key, revision: revision), of: key, revision: revision)
        return store.read(key, as: type, supportedSchema: supportedSchema)
    }

    /// The fingerprints the independent reference computes for what `JSONEncoder` writes.
    static func referenceFingerprints<Value: Encodable>(_ values: [Value]) throws -> [String] {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/canonical-sha256.py")
        let encoder = JSONCoding.encoder()
        var input = Data()
        for value in values {
            input += try encoder.encode(value)
            input.append(0x0A)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path]
        let standardInput = Pipe()
        let standardOutput = Pipe()
        process.standardInput = standardInput
        process.standardOutput = standardOutput
        try process.run()
        // Written from another thread: the reference answers line by line while it reads.
        let writer = Thread { [input] in
            standardInput.fileHandleForWriting.write(input)
            try? standardInput.fileHandleForWriting.close()
        }
        writer.start()
        let output = standardOutput.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let lines = String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
        try #require(process.terminationStatus == 0 && lines.count == values.count, "the reference failed")
        return lines
    }
}
