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
