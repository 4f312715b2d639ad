import Foundation
import Testing
import WidgetTimeline

/// The behaviour every ``SnapshotStore`` shares, run against the file store and the in-memory
/// store alike, so the in-memory one is a faithful stand-in.
struct SnapshotStoreContractTests {
    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case file, memory
        var testDescription: String { rawValue }
    }

    /// Runs `body` with a fresh store of `kind` (and the same store's read-only view).
    func withStore(
        _ kind: Kind, legacyKeys: LegacyKeyMapping = .none,
        _ body: (_ store: any SnapshotStore, _ readOnly: any SnapshotStore) throws -> Void
    ) throws {
        switch kind {
        case .memory:
            let store = InMemorySnapshotStore(legacyKeys: legacyKeys)
            try body(store, store.readOnly())
        case .file:
            try withTemporaryDirectory { directory throws in
                try body(
                    FileSnapshotStore(directory: directory, legacyKeys: legacyKeys),
                    FileSnapshotStore.readOnly(directory: directory, legacyKeys: legacyKeys))
            }
        }
    }

    @Test("an empty store reads as missing and lists no keys", arguments: Kind.allCases)
    func emptyStore(kind: Kind) throws {
        try withStore(kind) { store, _ throws in
            #expect(store.read(StoreFixture.key, as: Counter.self, supportedSchema: 1) == .missing)
            #expect(store.readStored(StoreFixture.key) == .missing)
            #expect(try store.keys() == [])
        }
    }

    @Test("a commit is read back exactly, with instants at millisecond precision", arguments: Kind.allCases)
    func roundTrip(kind: Kind) throws {
        try withStore(kind) { store, _ throws in
            let draft = StoreFixture.draft(7, generatedAt: Date(timeIntervalSince1970: 1_795_950_000.123_4))
            let outcome = try store.commit(draft)
            #expect(outcome == CommitOutcome(revision: 1))
            var expected = draft.snapshot(revision: 1)
            expected.generatedAt = Date(timeIntervalSince1970: 1_795_950_000.123)
            #expect(
                store.read(StoreFixture.key, as: Counter.self, supportedSchema: 1)
                    == .found(expected, fallback: nil))
        }
    }

    @Test("each commit is the next revision and reads return the newest", arguments: Kind.allCases)
    func revisionsIncrease(kind: Kind) throws {
        try withStore(kind) { store, readOnly throws in
            for value in 1...5 {
                #expect(try store.commit(StoreFixture.draft(value)).revision == value)
                let read = readOnly.read(StoreFixture.key, as: Counter.self, supportedSchema: 1)
                #expect(read.snapshot?.revision == value)
                #expect(read.snapshot?.payload == Counter(value: value))
            }
        }
    }

    @Test("compare-and-swap commits only on the expected revision", arguments: Kind.allCases)
    func compareAndSwap(kind: Kind) throws {
        try withStore(kind) { store, _ throws in
            #expect(try store.commit(StoreFixture.draft(1), expecting: .absent).revision == 1)
            #expect(throws: SnapshotStoreError.conflict(current: 1)) {
                try store.commit(StoreFixture.draft(2), expecting: .absent)
            }
            #expect(try store.commit(StoreFixture.draft(2), expecting: .revision(1)).revision == 2)
            #expect(throws: SnapshotStoreError.conflict(current: 2)) {
                try store.commit(StoreFixture.draft(3), expecting: .revision(1))
            }
            #expect(
                store.read(StoreFixture.key, as: Counter.self, supportedSchema: 1).snapshot?.payload.value
                    == 2)
        }
    }

    @Test("a schema newer than the reader's is incompatible, not corrupted", arguments: Kind.allCases)
    func newerSchema(kind: Kind) throws {
        try withStore(kind) { store, _ throws in
            _ = try store.commit(StoreFixture.draft(1, schemaVersion: 2))
            #expect(
                store.read(StoreFixture.key, as: Counter.self, supportedSchema: 1)
                    == .incompatible(found: 2, supported: 1))
            #expect(
                store.read(StoreFixture.key, as: Counter.self, supportedSchema: 2).snapshot?.revision == 1)
            #expect(
                LoadResult(store.read(StoreFixture.key, as: Counter.self, supportedSchema: 1))
                    == .failed(.snapshotIncompatible))
        }
    }

    @Test("a read-only store refuses commits and still reads", arguments: Kind.allCases)
    func readOnly(kind: Kind) throws {
        try withStore(kind) { store, readOnly throws in
            #expect(readOnly.isReadOnly)
            #expect(!store.isReadOnly)
            #expect(throws: SnapshotStoreError.readOnly) { try readOnly.commit(StoreFixture.draft(1)) }
            _ = try store.commit(StoreFixture.draft(1))
            #expect(
                readOnly.read(StoreFixture.key, as: Counter.self, supportedSchema: 1).snapshot?.revision == 1)
            #expect(try readOnly.keys() == [StoreFixture.key])
        }
    }

    @Test("keys are listed sorted, and two keys never disturb each other", arguments: Kind.allCases)
    func twoKeys(kind: Kind) throws {
        try withStore(kind) { store, _ throws in
            _ = try store.commit(StoreFixture.draft(1))
            _ = try store.commit(StoreFixture.draft(10, key: StoreFixture.otherKey))
            _ = try store.commit(StoreFixture.draft(2))
            #expect(try store.keys() == [StoreFixture.otherKey, StoreFixture.key])
            #expect(
                store.read(StoreFixture.key, as: Counter.self, supportedSchema: 1).snapshot?.revision == 2)
            let other = store.read(StoreFixture.otherKey, as: Counter.self, supportedSchema: 1).snapshot
            #expect(other?.revision == 1)
            #expect(other?.payload.value == 10)
            #expect(other?.key == StoreFixture.otherKey)
        }
    }

    @Test("a payload of another type is corrupted for that reader, never invented", arguments: Kind.allCases)
    func wrongPayloadType(kind: Kind) throws {
        struct Parking: Codable, Sendable, Equatable { var freeSpaces: Int }
        try withStore(kind) { store, _ throws in
            _ = try store.commit(StoreFixture.draft(1))
            guard
                case .corrupted(let problems) = store.read(
                    StoreFixture.key, as: Parking.self, supportedSchema: 1)
            else {
                Issue.record("expected corrupted")
                return
            }
            #expect(problems.map(\.revision) == [1])
            guard case .undecodablePayload = problems.first?.problem else {
                Issue.record("expected an undecodable payload, got \(problems)")
                return
            }
        }
    }

    @Test(
        "a legacy key is read until the first commit, which continues and migrates it",
        arguments: Kind.allCases)
    func legacyKey(kind: Kind) throws {
        let legacy = try SnapshotKey(validating: "parking")
        let current = StoreFixture.otherKey
        try withStore(kind, legacyKeys: [current: legacy]) { store, readOnly throws in
            for value in 1...4 { _ = try store.commit(StoreFixture.draft(value, key: legacy)) }
            let before = readOnly.read(current, as: Counter.self, supportedSchema: 1).snapshot
            #expect(before?.key == legacy)
            #expect(before?.revision == 4)
            #expect(throws: SnapshotStoreError.conflict(current: 4)) {
                try store.commit(StoreFixture.draft(5, key: current), expecting: .absent)
            }
            let outcome = try store.commit(StoreFixture.draft(5, key: current), expecting: .revision(4))
            #expect(outcome.revision == 5)
            #expect(outcome.migratedFrom == legacy)
            let after = readOnly.read(current, as: Counter.self, supportedSchema: 1).snapshot
            #expect(after?.key == current)
            #expect(after?.revision == 5)
            #expect(try store.keys() == [current])
            #expect(try store.commit(StoreFixture.draft(6, key: current)).migratedFrom == nil)
        }
    }

    @Test(
        "the stored envelope is canonical JSON of what JSONEncoder writes for the snapshot",
        arguments: Kind.allCases)
    func storedEnvelope(kind: Kind) throws {
        try withStore(kind) { store, _ throws in
            let draft = StoreFixture.draft(3)
            _ = try store.commit(draft)
            guard case .found(let stored, nil) = store.readStored(StoreFixture.key) else {
                Issue.record("expected a stored record")
                return
            }
            // The canonical form of what `JSONEncoder` writes for the snapshot.
            let expected = try CanonicalJSON.encode(draft.snapshot(revision: 1))
            #expect(try SnapshotRecord.canonicalEnvelope(of: stored) == expected)
            #expect(
                try SnapshotRecord.encode(draft.snapshot(revision: 1))
                    == SnapshotRecord.record(envelope: expected))
            #expect(stored.revision == 1)
            #expect(stored.kind == "task-count")
            #expect(stored.payload == .object(["value": .integer(3), "label": .string("tasks")]))
        }
    }

    @Test(
        "a reader that changes a class instance it read changes nothing another read returns",
        arguments: Kind.allCases)
    func readsShareNoInstance(kind: Kind) throws {
        try withStore(kind) { store, readOnly throws in
            let key = StoreFixture.key
            try store.commit(
                SnapshotDraft(
                    kind: "echo", key: key, generatedAt: StoreFixture.generatedAt,
                    payload: SharedCount(count: 1)))
            try store.commit(
                SnapshotDraft(
                    kind: "echo", key: StoreFixture.otherKey, generatedAt: StoreFixture.generatedAt,
                    payload: HoldsSharedCount(shared: SharedCount(count: 1))))
            let hiddenKey = try SnapshotKey(validating: "hidden")
            try store.commit(
                SnapshotDraft(
                    kind: "echo", key: hiddenKey, generatedAt: StoreFixture.generatedAt,
                    payload: HidesSharedCount(shared: SharedCount(count: 1))))
            // The first read after the commit, then reads that decode the record.
            for _ in 0..<2 {
                for reader in [store, readOnly] {
                    reader.read(key, as: SharedCount.self, supportedSchema: 1).snapshot?.payload.count += 1
                    reader.read(StoreFixture.otherKey, as: HoldsSharedCount.self, supportedSchema: 1)
                        .snapshot?
                        .payload.shared.count += 1
                    reader.read(hiddenKey, as: HidesSharedCount.self, supportedSchema: 1).snapshot?.payload
                        .shared
                        .count += 1
                }
            }
            #expect(readOnly.read(key, as: SharedCount.self, supportedSchema: 1).snapshot?.payload.count == 1)
            #expect(
                readOnly.read(StoreFixture.otherKey, as: HoldsSharedCount.self, supportedSchema: 1).snapshot?
                    .payload.shared.count == 1)
            #expect(
                readOnly.read(hiddenKey, as: HidesSharedCount.self, supportedSchema: 1).snapshot?.payload
                    .shared
                    .count == 1)
        }
    }

    @Test("a record over the size limit is refused and nothing changes", arguments: Kind.allCases)
    func tooLarge(kind: Kind) throws {
        try withStore(kind) { store, _ throws in
            _ = try store.commit(StoreFixture.draft(1))
            let draft = StoreFixture.draft(
                2, label: String(repeating: "x", count: SnapshotLimits.maximumRecordSize))
            #expect {
                try store.commit(draft)
            } throws: { error in
                guard case .tooLarge(_, let limit) = error as? SnapshotStoreError else { return false }
                return limit == SnapshotLimits.maximumRecordSize
            }
            #expect(
                store.read(StoreFixture.key, as: Counter.self, supportedSchema: 1).snapshot?.revision == 1)
        }
    }

    @Test("a payload that cannot be encoded is an encoding error", arguments: Kind.allCases)
    func encodingError(kind: Kind) throws {
        struct Reading: Codable, Sendable, Equatable { var value: Double }
        try withStore(kind) { store, _ throws in
            // A draft encodes its payload when it is made, so the error comes before any I/O.
            #expect {
                try store.commit(
                    try SnapshotDraft(
                        kind: "reading", key: StoreFixture.key, generatedAt: StoreFixture.generatedAt,
                        fingerprint: ContentFingerprint(rawValue: "x"), payload: Reading(value: .nan)))
            } throws: { error in
                if case .encoding = error as? SnapshotStoreError { return true }
                return false
            }
            #expect(try store.keys() == [])
        }
    }

    @Test("read results map to the planner's load results")
    func loadResults() {
        let snapshot = StoreFixture.draft(1).snapshot(revision: 1)
        #expect(LoadResult(SnapshotReadResult<Counter>.found(snapshot, fallback: nil)) == .loaded(snapshot))
        #expect(LoadResult(SnapshotReadResult<Counter>.missing) == .nothingYet)
        #expect(LoadResult(SnapshotReadResult<Counter>.corrupted([])) == .failed(.snapshotCorrupted))
        #expect(
            LoadResult(SnapshotReadResult<Counter>.incompatible(found: 2, supported: 1))
                == .failed(.snapshotIncompatible))
        #expect(LoadResult(SnapshotReadResult<Counter>.unreadable(.readOnly)) == .failed(.snapshotUnreadable))
    }
}
