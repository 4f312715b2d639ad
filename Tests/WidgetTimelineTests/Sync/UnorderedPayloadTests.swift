import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineTesting

/// A payload whose `Codable` form has an order that is not part of its value: `JSONEncoder` writes
/// a `Set` and a dictionary with non-string keys in iteration order, which differs between equal
/// values built differently (and between processes, whose hash seeds differ).
struct UnorderedPayload: Codable, Sendable, Equatable {
    var tags: Set<String>
    var counts: [UUID: Int]
}

/// Equal content committed again is skipped — no new revision, no reload — even when its encoding
/// comes out in another order.
@Suite("Equal payloads with unordered collections are unchanged content")
struct UnorderedPayloadTests {
    static let tags = (0..<12).map { "tag-\($0)" }
    static let identifiers = (0..<6).map { UUID(uuidString: "00000000-0000-0000-0000-00000000000\($0)")! }

    /// Two equal values whose encodings differ: the same members inserted in opposite orders into
    /// tables of different capacities.
    static func equalValuesEncodedDifferently() throws -> (UnorderedPayload, UnorderedPayload) {
        for capacity in [64, 256, 1024] {
            var tags = Set<String>(minimumCapacity: capacity)
            for tag in Self.tags.reversed() { tags.insert(tag) }
            var counts = [UUID: Int](minimumCapacity: capacity)
            for (index, identifier) in Self.identifiers.enumerated().reversed() { counts[identifier] = index }
            let first = UnorderedPayload(
                tags: Set(Self.tags),
                counts: Dictionary(uniqueKeysWithValues: Self.identifiers.enumerated().map { ($1, $0) }))
            let second = UnorderedPayload(tags: tags, counts: counts)
            let encoder = JSONCoding.encoder()
            if try encoder.encode(first) != encoder.encode(second) { return (first, second) }
        }
        throw CancellationError()
    }

    @Test("a commit of an equal value encoded in another order is unchanged and asks for no reload")
    func unorderedCollections() throws {
        let (first, second) = try Self.equalValuesEncodedDifferently()
        #expect(first == second)
        try withTemporaryDirectory { directory throws in
            let widget = EchoWidget(preview: first)
            let reloader = RecordingReloader()
            let sync = WidgetSync(
                store: FileSnapshotStore(directory: directory), reloader: reloader,
                clock: ManualClock(now: PayloadRoundTripTests.generatedAt), debounce: .immediate)
            guard case .saved(let revision, _, _) = try sync.commit(first, for: widget) else {
                Issue.record("the first commit was not saved")
                return
            }
            #expect(try sync.commit(second, for: widget) == .unchanged(revision: revision))
            // Another process (the extension, or the app after a relaunch) knows only the store.
            let other = WidgetSync(
                store: FileSnapshotStore(directory: directory), reloader: reloader,
                clock: ManualClock(now: PayloadRoundTripTests.generatedAt), debounce: .immediate)
            #expect(try other.commit(second, for: widget) == .unchanged(revision: revision))
            #expect(reloader.reloadedKinds == [widget.kind])
            var changed = second
            changed.tags.insert("new")
            guard case .saved(let next, _, _) = try other.commit(changed, for: widget) else {
                Issue.record("a changed value was not saved")
                return
            }
            #expect(next == revision + 1)
        }
    }
}

/// A row whose `==` compares its identifier only, as types that are `Identifiable` often do.
struct RowEqualByIdentifier: Codable, Sendable, Equatable {
    var id: Int
    var title: String
    var tags: Set<String> = []

    static func == (lhs: RowEqualByIdentifier, rhs: RowEqualByIdentifier) -> Bool { lhs.id == rhs.id }
}

/// A temperature whose display is its value alone: the kind fingerprints the value, not the note.
struct NotedTemperature: WidgetKind {
    struct Payload: Codable, Sendable, Equatable {
        var celsius: Double
        var note: String
    }
    let kind = "noted-temperature"
    let freshness = FreshnessPolicy(staleAfter: 3600, expiresAfter: 86_400)
    func content(of snapshot: Snapshot<Payload>, at instant: Date, in calendar: Calendar) -> Double {
        snapshot.payload.celsius
    }
    func changePoints(
        of snapshot: Snapshot<Payload>, after now: Date, through end: Date, in calendar: Calendar
    ) -> [Date] { [] }
    func fingerprintedContent(of payload: Payload, observedAt: Date?) -> (any Encodable)? { payload.celsius }
    var preview: Payload { Payload(celsius: 0, note: "") }
}

/// A leaderboard whose `==` compares its identifier only: its ranking is an array, whose order is
/// its value, and its scores a dictionary keyed by an enumeration, which `JSONEncoder` writes as
/// an array of keys and values in iteration order.
struct LeaderboardEqualByIdentifier: Codable, Sendable, Equatable {
    enum Lane: String, Codable, Sendable { case north, south }
    var id: Int
    var ranking: [String]
    var scores: [Lane: Int]

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }
}

/// A leaderboard whose mirror shows its identifier alone, as a type that reflects itself for
/// debugging may: its ranking is stored and shown, but not reflected.
struct LeaderboardMirroringIdentifier: Codable, Sendable, Equatable, CustomReflectable {
    var id: Int
    var ranking: [String]

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }
    var customMirror: Mirror { Mirror(self, children: ["id": id]) }
}

/// Two values a widget shows differently that `==` — and the fingerprint, or `==` on strings —
/// cannot tell apart, committed one after the other.
struct StoredApart: Sendable, CustomTestStringConvertible {
    let testDescription: String
    /// Commits the first value, then the second, through the sync given, and returns what differed
    /// from a save of the second.
    let problems: @Sendable (_ directory: URL, _ secondThroughAnotherSync: Bool) throws -> [String]

    init<Kind: WidgetKind>(_ name: String, _ kind: Kind, _ first: Kind.Payload, _ second: Kind.Payload) {
        testDescription = name
        problems = { directory, throughAnotherSync in
            func sync() -> WidgetSync {
                EqualityByIdentifierTests.sync(directory, RecordingReloader())
            }
            let committer = sync()
            guard case .saved(let revision, _, _) = try committer.commit(first, for: kind) else {
                return ["the first value was not saved"]
            }
            let outcome = try (throughAnotherSync ? sync() : committer).commit(second, for: kind)
            guard outcome == .saved(revision: revision + 1, reload: .requested) else {
                return ["the second value was not saved: \(outcome)"]
            }
            let read = FileSnapshotStore.readOnly(directory: directory).read(kind.defaultKey, for: kind)
            let encoder = JSONCoding.encoder()
            guard let payload = read.snapshot?.payload,
                try encoder.encode(payload) == encoder.encode(second)
            else { return ["read back \(read)"] }
            return []
        }
    }
}

/// A changed value is saved however little its `==` sees: what decides is what the record stores.
@Suite("Payloads whose == sees less than they store")
struct EqualityByIdentifierTests {
    static let now = PayloadRoundTripTests.generatedAt

    static func sync(_ directory: URL, _ reloader: RecordingReloader) -> WidgetSync {
        WidgetSync(
            store: FileSnapshotStore(directory: directory), reloader: reloader, clock: ManualClock(now: now),
            debounce: .immediate)
    }

    @Test(
        "a title changed under an == by identifier is saved and read back, by the sync that committed last and by another",
        arguments: [false, true])
    func changedTitleIsSaved(throughAnotherSync: Bool) throws {
        let first = [RowEqualByIdentifier(id: 1, title: "Gate 4"), RowEqualByIdentifier(id: 2, title: "Bus")]
        var renamed = first
        renamed[0].title = "Gate 9"
        #expect(renamed == first)
        try withTemporaryDirectory { directory throws in
            let widget = EchoWidget(preview: first)
            let reloader = RecordingReloader()
            let sync = Self.sync(directory, reloader)
            guard case .saved(let revision, _, _) = try sync.commit(first, for: widget) else {
                Issue.record("the first commit was not saved")
                return
            }
            // Equal bytes are still unchanged, without a draft.
            #expect(try sync.commit(first, for: widget) == .unchanged(revision: revision))
            let committer = throughAnotherSync ? Self.sync(directory, reloader) : sync
            guard case .saved(let next, _, _) = try committer.commit(renamed, for: widget) else {
                Issue.record("the renamed row was skipped as unchanged")
                return
            }
            #expect(next == revision + 1)
            #expect(try committer.commit(renamed, for: widget) == .unchanged(revision: next))
            let read = FileSnapshotStore.readOnly(directory: directory).read(widget.defaultKey, for: widget)
            #expect(read.snapshot?.payload.map(\.title) == ["Gate 9", "Bus"])
        }
    }

    @Test("rows equal by identifier whose sets differ in order only are unchanged content")
    func reorderedSetIsUnchanged() throws {
        // Equal sets of another table size, whose members come out in another order.
        let tags = Set(UnorderedPayloadTests.tags)
        let encoder = JSONCoding.encoder()
        let reordered = try [64, 256, 1024, 4096].lazy.map { capacity in
            var set = Set<String>(minimumCapacity: capacity)
            for tag in UnorderedPayloadTests.tags.reversed() { set.insert(tag) }
            return set
        }.first { try encoder.encode($0) != encoder.encode(tags) }
        let other = try #require(reordered, "no equal set encoded in another order")
        let first = [RowEqualByIdentifier(id: 1, title: "Gate 4", tags: tags)]
        let second = [RowEqualByIdentifier(id: 1, title: "Gate 4", tags: other)]
        try withTemporaryDirectory { directory throws in
            let widget = EchoWidget(preview: first)
            let reloader = RecordingReloader()
            guard
                case .saved(let revision, _, _) = try Self.sync(directory, reloader).commit(
                    first, for: widget)
            else {
                Issue.record("the first commit was not saved")
                return
            }
            #expect(
                try Self.sync(directory, reloader).commit(second, for: widget)
                    == .unchanged(revision: revision))
            var renamed = second
            renamed[0].title = "Gate 9"
            #expect(
                try Self.sync(directory, reloader).commit(renamed, for: widget)
                    != .unchanged(revision: revision))
        }
    }

    @Test(
        "a ranking reordered, or an enumeration-keyed dictionary's values swapped, under an == by identifier is saved",
        arguments: [false, true])
    func reorderedRankingIsSaved(throughAnotherSync: Bool) throws {
        let first = LeaderboardEqualByIdentifier(
            id: 1, ranking: ["Ana", "Bo"], scores: [.north: 1, .south: 2])
        var reordered = first
        reordered.ranking.reverse()
        var swapped = first
        swapped.scores = [.north: 2, .south: 1]
        try withTemporaryDirectory { directory throws in
            let widget = EchoWidget(preview: first)
            let reloader = RecordingReloader()
            let sync = Self.sync(directory, reloader)
            try sync.commit(first, for: widget)
            for changed in [reordered, swapped] {
                let committer = throughAnotherSync ? Self.sync(directory, reloader) : sync
                guard case .saved = try committer.commit(changed, for: widget) else {
                    Issue.record("\(changed) was skipped as unchanged")
                    continue
                }
                let read = FileSnapshotStore.readOnly(directory: directory).read(
                    widget.defaultKey, for: widget)
                #expect(read.snapshot?.payload.ranking == changed.ranking)
                #expect(read.snapshot?.payload.scores == changed.scores)
            }
        }
    }

    @Test(
        "a ranking reordered under an == by identifier, in a type whose mirror shows the identifier alone, is saved",
        arguments: [false, true])
    func reorderedRankingBehindACustomMirrorIsSaved(throughAnotherSync: Bool) throws {
        let first = [LeaderboardMirroringIdentifier(id: 1, ranking: ["Ana", "Bo", "Cy"])]
        var reordered = first
        reordered[0].ranking.reverse()
        try withTemporaryDirectory { directory throws in
            let widget = EchoWidget(preview: first)
            let reloader = RecordingReloader()
            let sync = Self.sync(directory, reloader)
            try sync.commit(first, for: widget)
            let committer = throughAnotherSync ? Self.sync(directory, reloader) : sync
            guard case .saved = try committer.commit(reordered, for: widget) else {
                Issue.record("the reordered ranking was skipped as unchanged")
                return
            }
            let read = FileSnapshotStore.readOnly(directory: directory).read(widget.defaultKey, for: widget)
            #expect(read.snapshot?.payload.first?.ranking == ["Cy", "Bo", "Ana"])
        }
    }

    static let storedApart = [
        StoredApart(
            "-0.0 after 0.0", EchoWidget(preview: Boxed(value: 0.0)), Boxed(value: 0.0), Boxed(value: -0.0)),
        StoredApart(
            "0.0 after -0.0", EchoWidget(preview: Boxed(value: 0.0)), Boxed(value: -0.0), Boxed(value: 0.0)),
        StoredApart(
            "a Float's -0.0 in an array", EchoWidget(preview: [Float]()), [Float(1), 0], [Float(1), -0.0]),
        StoredApart(
            "-0.0 in content the kind fingerprints", NotedTemperature(),
            NotedTemperature.Payload(celsius: 0, note: "a"),
            NotedTemperature.Payload(celsius: -0.0, note: "a")),
        StoredApart(
            "\"é\" as one scalar, then as e and a combining accent", EchoWidget(preview: Boxed(value: "")),
            Boxed(value: "caf\u{E9}"), Boxed(value: "cafe\u{301}")),
        StoredApart(
            "the Angstrom sign, then the letter", EchoWidget(preview: [String: Int]()), ["\u{212B}": 1],
            ["\u{C5}": 1]),
    ]

    @Test(
        "values == to each other that a record stores apart are saved, by the sync that committed last and by another",
        arguments: Self.storedApart, [false, true])
    func storedApartIsSaved(_ values: StoredApart, throughAnotherSync: Bool) throws {
        try withTemporaryDirectory { directory throws in
            #expect(try values.problems(directory, throughAnotherSync) == [])
        }
    }
}
