import Foundation
import Testing
import WidgetTimeline

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Every class of damaged record reads as its typed result — never a trap, never another key's
/// payload, never an invented one.
struct SnapshotCorruptionTests {
    /// A store with one valid record (revision 1 of the fixture key) whose bytes a test replaces.
    struct Subject {
        /// The reader (read-only for the file store).
        let store: any SnapshotStore
        /// A writer on the same contents.
        let writer: any SnapshotStore
        let original: [UInt8]
        let replaceRevision: (Int, [UInt8]) throws -> Void

        /// Replaces revision 1's bytes.
        func replace(_ bytes: [UInt8]) throws { try replaceRevision(1, bytes) }

        func read() -> SnapshotReadResult<Counter> {
            store.read(StoreFixture.key, as: Counter.self, supportedSchema: 1)
        }
    }

    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case file, memory
        var testDescription: String { rawValue }
    }

    func withSubject(_ kind: Kind, _ body: (Subject) throws -> Void) throws {
        switch kind {
        case .memory:
            let store = InMemorySnapshotStore()
            _ = try store.commit(StoreFixture.draft(1))
            let original = try #require(store.recordBytes(of: StoreFixture.key, revision: 1))
            try body(
                Subject(store: store.readOnly(), writer: store, original: original) { revision, bytes in
                    store.setRecordBytes(bytes, of: StoreFixture.key, revision: revision)
                })
        case .file:
            try withTemporaryDirectory { directory throws in
                let store = FileSnapshotStore(directory: directory)
                _ = try store.commit(StoreFixture.draft(1))
                let keyDirectory = store.directory(for: StoreFixture.key)
                let original = Array(
                    try Data(contentsOf: keyDirectory.appendingPathComponent("0000000001.snapshot")))
                try body(
                    Subject(
                        store: FileSnapshotStore.readOnly(directory: directory), writer: store,
                        original: original
                    ) {
                        revision, bytes in
                        let name = String(format: "%010d.snapshot", revision)
                        try Data(bytes).write(to: keyDirectory.appendingPathComponent(name))
                    })
            }
        }
    }

    /// Expects `result` to be `.corrupted` with exactly revision 1 skipped, and returns its problem.
    @discardableResult
    func expectCorrupted(
        _ result: SnapshotReadResult<Counter>, _ comment: Comment,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> SnapshotRecordProblem? {
        guard case .corrupted(let problems) = result, problems.count == 1, problems[0].revision == 1 else {
            Issue.record(
                "expected corrupted revision 1, got \(result) — \(comment)", sourceLocation: sourceLocation)
            return nil
        }
        return problems[0].problem
    }

    @Test("truncation at every length is corrupted", arguments: Kind.allCases)
    func truncation(kind: Kind) throws {
        try withSubject(kind) { subject in
            for length in 0..<subject.original.count {
                try subject.replace(Array(subject.original.prefix(length)))
                let problem = expectCorrupted(subject.read(), "truncated to \(length) bytes")
                if length == 0 { #expect(problem == .empty) }
            }
            try subject.replace(subject.original)
            #expect(subject.read().snapshot?.payload == Counter(value: 1))
        }
    }

    @Test("flipping any header byte or random envelope bits is corrupted", arguments: Kind.allCases)
    func flippedBytes(kind: Kind) throws {
        let seed = testSeed(0x5EED_F11B)
        var generator = SplitMix64(seed: seed)
        try withSubject(kind) { subject in
            let headerLength = subject.original.firstIndex(of: UInt8(ascii: "\n"))! + 1
            for index in 0..<headerLength {
                var bytes = subject.original
                bytes[index] ^= UInt8(1 << Int.random(in: 0..<8, using: &generator))
                try subject.replace(bytes)
                expectCorrupted(subject.read(), "header byte \(index) flipped (seed \(seed))")
            }
            for _ in 0..<1000 {
                var bytes = subject.original
                let index = Int.random(in: headerLength..<bytes.count, using: &generator)
                bytes[index] ^= UInt8(1 << Int.random(in: 0..<8, using: &generator))
                try subject.replace(bytes)
                let problem = expectCorrupted(subject.read(), "envelope byte \(index) flipped (seed \(seed))")
                #expect(problem == .checksumMismatch, "seed \(seed)")
            }
        }
    }

    @Test("appended garbage is corrupted", arguments: Kind.allCases)
    func appendedGarbage(kind: Kind) throws {
        try withSubject(kind) { subject in
            for garbage: [UInt8] in [
                [0], [UInt8(ascii: "\n")], Array(repeating: 0xFF, count: 100), subject.original,
            ] {
                try subject.replace(subject.original + garbage)
                let problem = expectCorrupted(subject.read(), "\(garbage.count) bytes appended")
                #expect(
                    problem
                        == .lengthMismatch(
                            declared: subject.original.count - headerLength(subject.original),
                            actual: subject.original.count - headerLength(subject.original) + garbage.count))
            }
        }
    }

    @Test("another key's record is corrupted, never that key's payload", arguments: Kind.allCases)
    func anotherKeysRecord(kind: Kind) throws {
        try withSubject(kind) { subject in
            let foreign = try SnapshotRecord.encode(
                StoreFixture.draft(99, key: StoreFixture.otherKey).snapshot(revision: 1))
            try subject.replace(foreign)
            #expect(
                expectCorrupted(subject.read(), "another key")
                    == .wrongKey(found: StoreFixture.otherKey.rawValue))
            let renumbered = try SnapshotRecord.encode(StoreFixture.draft(99).snapshot(revision: 7))
            try subject.replace(renumbered)
            #expect(expectCorrupted(subject.read(), "another revision") == .wrongRevision(found: 7))
        }
    }

    @Test("a sound record with schema + 1 is incompatible", arguments: Kind.allCases)
    func newerSchema(kind: Kind) throws {
        try withSubject(kind) { subject in
            try subject.replace(
                try SnapshotRecord.encode(StoreFixture.draft(1, schemaVersion: 2).snapshot(revision: 1)))
            #expect(subject.read() == .incompatible(found: 2, supported: 1))
        }
    }

    @Test("valid JSON with a valid checksum that is not an envelope is malformed", arguments: Kind.allCases)
    func notAnEnvelope(kind: Kind) throws {
        try withSubject(kind) { subject in
            for text in [
                #"{"revision":1}"#, "[]", "null", #"{"key":"task-count","revision":1,"schemaVersion":"one"}"#,
            ] {
                try subject.replace(try SnapshotRecord.record(envelope: Array(text.utf8)))
                guard case .malformedEnvelope = expectCorrupted(subject.read(), "\(text)") else {
                    Issue.record("expected a malformed envelope for \(text)")
                    continue
                }
            }
        }
    }

    @Test(
        "a corrupted newest revision falls back to the newest valid one and says so", arguments: Kind.allCases
    )
    func fallback(kind: Kind) throws {
        try withSubject(kind) { subject in
            for value in 2...3 { _ = try subject.writer.commit(StoreFixture.draft(value)) }
            let newest = try SnapshotRecord.encode(StoreFixture.draft(3).snapshot(revision: 3))
            try subject.replaceRevision(3, Array(newest.prefix(newest.count / 2)))
            let result = subject.read()
            guard case .found(let snapshot, let fallback?) = result else {
                Issue.record("expected a fallback, got \(result)")
                return
            }
            #expect(snapshot.revision == 2)
            #expect(snapshot.payload == Counter(value: 2))
            #expect(fallback.newestRevision == 3)
            #expect(fallback.skipped.map(\.revision) == [3])
            #expect(result.isDegraded)
            #expect(LoadResult(result) == .loaded(snapshot))
        }
    }
}

/// File-only damage: what can sit under a revision's name besides a record.
struct SnapshotFileCorruptionTests {
    func withDamagedStore(
        _ damage: (_ keyDirectory: URL, _ newest: URL) throws -> Void
    ) throws -> SnapshotReadResult<Counter> {
        try withTemporaryDirectory { directory throws in
            let store = FileSnapshotStore(directory: directory)
            _ = try store.commit(StoreFixture.draft(1))
            let keyDirectory = store.directory(for: StoreFixture.key)
            try damage(keyDirectory, keyDirectory.appendingPathComponent("0000000002.snapshot"))
            return store.read(StoreFixture.key, as: Counter.self, supportedSchema: 1)
        }
    }

    func expectFallback(_ result: SnapshotReadResult<Counter>, problem: SnapshotRecordProblem) {
        guard case .found(let snapshot, let fallback?) = result else {
            Issue.record("expected a fallback to revision 1, got \(result)")
            return
        }
        #expect(snapshot.revision == 1)
        #expect(fallback.skipped == [InvalidRevision(revision: 2, problem: problem)])
    }

    @Test("an empty newest file is skipped")
    func emptyFile() throws {
        expectFallback(try withDamagedStore { _, newest in try Data().write(to: newest) }, problem: .empty)
    }

    @Test("a directory, a symbolic link or a FIFO under a revision's name is not a record (and never blocks)")
    func notAFile() throws {
        expectFallback(
            try withDamagedStore { _, newest in
                try FileManager.default.createDirectory(at: newest, withIntermediateDirectories: false)
            },
            problem: .notAFile)
        expectFallback(
            try withDamagedStore { keyDirectory, newest in
                try FileManager.default.createSymbolicLink(
                    at: newest, withDestinationURL: keyDirectory.appendingPathComponent("0000000001.snapshot")
                )
            },
            problem: .notAFile)
        expectFallback(
            try withDamagedStore { _, newest in #expect(mkfifo(newest.path, 0o644) == 0) }, problem: .notAFile
        )
    }

    @Test("a file over the read limit is refused without loading it")
    func oversizedFile() throws {
        let size = SnapshotLimits.maximumRecordSize + 1
        expectFallback(
            try withDamagedStore { _, newest in
                #expect(FileManager.default.createFile(atPath: newest.path, contents: nil))
                #expect(truncate(newest.path, off_t(size)) == 0)
            },
            problem: .tooLarge(bytes: size, limit: SnapshotLimits.maximumRecordSize))
    }

    @Test("a missing key directory or shared directory is missing; names that are not revisions are ignored")
    func missingDirectories() throws {
        try withTemporaryDirectory { directory throws in
            let store = FileSnapshotStore(directory: directory)
            #expect(store.read(StoreFixture.key, as: Counter.self, supportedSchema: 1) == .missing)
            let keyDirectory = store.directory(for: StoreFixture.key)
            try FileManager.default.createDirectory(at: keyDirectory, withIntermediateDirectories: true)
            for name in [
                "1.snapshot", "0000000000.snapshot", "00000000001.snapshot", "0000000001.json", ".tmp-1-2",
            ] {
                try Data("x".utf8).write(to: keyDirectory.appendingPathComponent(name))
            }
            #expect(store.read(StoreFixture.key, as: Counter.self, supportedSchema: 1) == .missing)
            let gone = FileSnapshotStore(directory: directory.appendingPathComponent("gone"))
            #expect(gone.read(StoreFixture.key, as: Counter.self, supportedSchema: 1) == .missing)
        }
    }
}

private func headerLength(_ record: [UInt8]) -> Int {
    record.firstIndex(of: UInt8(ascii: "\n"))! + 1
}
