import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineTesting

/// Counts how often payloads holding it were encoded.
final class EncodeCounter: @unchecked Sendable {
    // @unchecked: `count` is read and written under `lock`.
    private let lock = NSLock()
    private var encodes = 0

    var count: Int { lock.withLock { encodes } }
    func increment() { lock.withLock { encodes += 1 } }
}

/// How many times one encoding runs a payload's `encode(to:)`: once to measure its depth (a value
/// nested past the limit is refused before `JSONEncoder` recurses through it), once by
/// `JSONEncoder`.
let walksPerEncoding = 2

/// A payload that notes every encoding of itself; its value is `value` alone.
struct CountedPayload: Codable, Sendable, Equatable {
    var value: Int
    var counter = EncodeCounter()

    init(value: Int, counter: EncodeCounter) {
        self.value = value
        self.counter = counter
    }

    private enum CodingKeys: String, CodingKey { case value }

    init(from decoder: any Decoder) throws {
        value = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .value)
    }

    func encode(to encoder: any Encoder) throws {
        counter.increment()
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(value, forKey: .value)
    }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.value == rhs.value }
}

/// A payload the app changes in place after committing it: a class, or a struct holding one.
final class SharedCount: Codable, @unchecked Sendable, Equatable {
    // @unchecked: changed by the test's one thread only.
    var count: Int
    init(count: Int) { self.count = count }
    static func == (lhs: SharedCount, rhs: SharedCount) -> Bool { lhs.count == rhs.count }
}

struct HoldsSharedCount: Codable, Sendable, Equatable {
    var shared: SharedCount
}

/// A struct holding a class instance that its mirror does not show, as a type that reflects itself
/// for debugging may.
struct HidesSharedCount: Codable, Sendable, Equatable, CustomReflectable {
    var shared: SharedCount
    var customMirror: Mirror { Mirror(self, children: ["count": shared.count]) }
}

/// An app that emits the same value again and again — every observation of a stream, every view
/// appearance — pays for one encoding, to compare the bytes it would store, and a directory
/// listing, not for a draft (hashing the payload and reading it back), while its last commit is
/// still the newest revision; every other rule of an unchanged commit holds.
@Suite("A repeat of the last commit is decided by its bytes, before a draft is made")
struct RepeatedCommitTests {
    static let now = Date(timeIntervalSince1970: 1_796_000_000)

    static func sync(in directory: URL, clock: ManualClock, reloader: RecordingReloader = RecordingReloader())
        -> WidgetSync
    {
        WidgetSync(store: FileSnapshotStore(directory: directory), reloader: reloader, clock: clock)
    }

    @Test("a repeat is unchanged after one encoding, with no reload; a changed value is encoded once")
    func repeatIsNotEncoded() throws {
        try withTemporaryDirectory { directory throws in
            let counter = EncodeCounter()
            let widget = EchoWidget(preview: CountedPayload(value: 1, counter: counter))
            let reloader = RecordingReloader()
            let clock = ManualClock(now: Self.now)
            let sync = Self.sync(in: directory, clock: clock, reloader: reloader)
            guard case .saved(let revision, _, _) = try sync.commit(widget.preview, for: widget) else {
                Issue.record("the first commit was not saved")
                return
            }
            let encodedByFirstCommit = counter.count
            #expect(encodedByFirstCommit > 0)
            clock.advance(by: 60)
            for _ in 0..<3 {
                #expect(
                    try sync.commit(CountedPayload(value: 1, counter: counter), for: widget)
                        == .unchanged(revision: revision))
            }
            // One encoding a repeat, to compare its bytes; a draft would encode and read back.
            #expect(counter.count == encodedByFirstCommit + 3 * walksPerEncoding)
            #expect(reloader.reloadedKinds == [widget.kind])
            guard
                case .saved(let next, _, _) = try sync.commit(
                    CountedPayload(value: 2, counter: counter), for: widget)
            else {
                Issue.record("a changed value was not saved")
                return
            }
            #expect(next == revision + 1)
            // A changed value is encoded by its draft alone, as the first commit was: the repeat's
            // comparison of bytes does not run for a value that is not even `==`.
            #expect(counter.count == 2 * encodedByFirstCommit + 3 * walksPerEncoding)
        }
    }

    /// Instants, one finer than a millisecond, beside a counted value: their text is the same from
    /// the draft's encoder and the repeat's, so a repeat still costs one encoding, not a draft's.
    struct DatedPayload: Codable, Sendable, Equatable {
        var instants: [Date]
        var counted: CountedPayload
    }

    @Test("a repeat holding instants is decided by its bytes too: the draft's and the repeat's agree")
    func repeatWithInstants() throws {
        try withTemporaryDirectory { directory throws in
            let counter = EncodeCounter()
            let payload = DatedPayload(
                instants: [
                    Self.now, Self.now.addingTimeInterval(0.000_4), Date(timeIntervalSince1970: -1.5),
                ],
                counted: CountedPayload(value: 1, counter: counter))
            let widget = EchoWidget(preview: payload)
            let sync = Self.sync(in: directory, clock: ManualClock(now: Self.now))
            guard case .saved(let revision, _, _) = try sync.commit(payload, for: widget) else {
                Issue.record("the first commit was not saved")
                return
            }
            let encodedByFirstCommit = counter.count
            #expect(try sync.commit(payload, for: widget) == .unchanged(revision: revision))
            #expect(counter.count == encodedByFirstCommit + walksPerEncoding, "a repeat made a draft")
        }
    }

    @Test("the same value with an observation from the future is refused, not skipped")
    func futureObservationIsRefused() throws {
        try withTemporaryDirectory { directory throws in
            let widget = EchoWidget(preview: CountedPayload(value: 1, counter: EncodeCounter()))
            let sync = Self.sync(in: directory, clock: ManualClock(now: Self.now))
            try sync.commit(widget.preview, for: widget, observedAt: Self.now)
            #expect(throws: SnapshotStoreError.self) {
                try sync.commit(widget.preview, for: widget, observedAt: Self.now.addingTimeInterval(3600))
            }
        }
    }

    @Test("the same value after another writer's commit is saved again")
    func anotherWriterInBetween() throws {
        try withTemporaryDirectory { directory throws in
            let widget = EchoWidget(preview: CountedPayload(value: 1, counter: EncodeCounter()))
            let clock = ManualClock(now: Self.now)
            let app = Self.sync(in: directory, clock: clock)
            let other = Self.sync(in: directory, clock: clock)
            try app.commit(widget.preview, for: widget)
            guard
                case .saved(let theirs, _, _) = try other.commit(
                    CountedPayload(value: 2, counter: EncodeCounter()), for: widget)
            else {
                Issue.record("the other writer's commit was not saved")
                return
            }
            #expect(
                try app.commit(widget.preview, for: widget)
                    == .saved(revision: theirs + 1, reload: .requested))
        }
    }

    @Test("the same value is saved again once its data is old enough to re-confirm")
    func reconfirmation() throws {
        try withTemporaryDirectory { directory throws in
            let widget = EchoWidget(preview: CountedPayload(value: 1, counter: EncodeCounter()))
            let clock = ManualClock(now: Self.now)
            let sync = Self.sync(in: directory, clock: clock)
            guard case .saved(let revision, _, _) = try sync.commit(widget.preview, for: widget) else {
                Issue.record("the first commit was not saved")
                return
            }
            // Half of the kind's stale threshold (one hour) re-confirms.
            clock.advance(by: 1799)
            #expect(try sync.commit(widget.preview, for: widget) == .unchanged(revision: revision))
            clock.advance(by: 1)
            #expect(
                try sync.commit(widget.preview, for: widget)
                    == .saved(revision: revision + 1, reload: .requested))
        }
    }

    @Test("equal content committed by two writers at once is saved once, and the second asks for no reload")
    func twoWritersAtOnce() throws {
        try withTemporaryDirectory { directory throws in
            let widget = EchoWidget(preview: CountedPayload(value: 1, counter: EncodeCounter()))
            let clock = ManualClock(now: Self.now)
            let other = Self.sync(in: directory, clock: clock)
            try other.commit(CountedPayload(value: 0, counter: EncodeCounter()), for: widget)
            // The app compares with revision 1, then is paused before writing; meanwhile the other
            // process commits the same new value.
            let fileSystem = FaultInjectingFileSystem()
            let otherCommitted = EncodeCounter()
            fileSystem.pausePoint = { call in
                guard call.kind == .write, otherCommitted.count == 0 else { return }
                otherCommitted.increment()
                _ = try? other.commit(CountedPayload(value: 1, counter: EncodeCounter()), for: widget)
            }
            let reloader = RecordingReloader()
            let app = WidgetSync(
                store: FileSnapshotStore(directory: directory, fileSystem: fileSystem), reloader: reloader,
                clock: clock)
            #expect(try app.commit(widget.preview, for: widget) == .unchanged(revision: 2))
            #expect(otherCommitted.count == 1)
            #expect(FileSnapshotStore(directory: directory).newestRevision(of: widget.defaultKey) == 2)
            #expect(reloader.reloadedKinds.isEmpty)
        }
    }

    @Test("a class instance changed after its commit and committed again is saved, alone or inside a struct")
    func instanceChangedInPlace() throws {
        try withTemporaryDirectory { directory throws in
            let counted = SharedCount(count: 1)
            let holder = HoldsSharedCount(shared: SharedCount(count: 1))
            let sync = Self.sync(in: directory, clock: ManualClock(now: Self.now))
            let widget = EchoWidget(preview: counted)
            let holderWidget = EchoWidget(preview: holder)
            let holderKey = try SnapshotKey(validating: "holder")
            try sync.commit(counted, for: widget)
            try sync.commit(holder, for: holderWidget, key: holderKey)
            counted.count = 2
            holder.shared.count = 2
            #expect(try sync.commit(counted, for: widget) == .saved(revision: 2, reload: .requested))
            #expect(
                try sync.commit(holder, for: holderWidget, key: holderKey)
                    == .saved(revision: 2, reload: .requested))
            let store = FileSnapshotStore.readOnly(directory: directory)
            #expect(store.read(widget.defaultKey, for: widget).snapshot?.payload.count == 2)
            #expect(store.read(holderKey, for: holderWidget).snapshot?.payload.shared.count == 2)
            // Unchanged since, it is unchanged content again.
            #expect(try sync.commit(counted, for: widget) == .unchanged(revision: 2))
        }
    }
}
