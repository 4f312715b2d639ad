import Foundation
public import Testing
public import WidgetTimeline

/// A store that fails the current test when touched: for code that must do no I/O, such as a
/// widget's placeholder and its gallery snapshot.
public struct UnimplementedSnapshotStore: SnapshotStore {
    private let sourceLocation: SourceLocation

    public init(sourceLocation: SourceLocation = #_sourceLocation) { self.sourceLocation = sourceLocation }

    public var isReadOnly: Bool { true }

    public func read<Payload: Codable & Sendable & Equatable>(
        _ key: SnapshotKey, as type: Payload.Type, supportedSchema: Int
    ) -> SnapshotReadResult<Payload> {
        Issue.record(
            "the store was read for \(key), but this path must not touch it", sourceLocation: sourceLocation)
        return .missing
    }

    public func commit<Payload: Codable & Sendable & Equatable>(
        _ draft: SnapshotDraft<Payload>, expecting expected: ExpectedRevision
    ) throws(SnapshotStoreError) -> CommitOutcome {
        Issue.record(
            "a commit to \(draft.key) was made, but this path must not touch the store",
            sourceLocation: sourceLocation)
        throw .readOnly
    }

    public func keys() throws(SnapshotStoreError) -> [SnapshotKey] {
        Issue.record(
            "the store's keys were listed, but this path must not touch it", sourceLocation: sourceLocation)
        return []
    }

    public func newestRevision(of key: SnapshotKey) -> Int? {
        Issue.record(
            "the store was listed for \(key), but this path must not touch it", sourceLocation: sourceLocation
        )
        return nil
    }
}

/// A source that fails the current test when asked: for paths that must never wait on the network.
public struct UnimplementedSource<Payload: Codable & Sendable & Equatable>: SnapshotSource {
    private let sourceLocation: SourceLocation

    public init(sourceLocation: SourceLocation = #_sourceLocation) { self.sourceLocation = sourceLocation }

    public func fetch(_ key: SnapshotKey) async throws -> SourceAnswer<Payload> {
        Issue.record(
            "the source was asked for \(key), but this path must not touch it", sourceLocation: sourceLocation
        )
        throw SourceFailure(.sourceFailed)
    }
}

/// A store whose commits fail with a chosen error while reads go to a real store underneath: for
/// proving that nothing is reloaded after a failed save.
public struct FailingCommitStore: SnapshotStore {
    public let underlying: any SnapshotStore
    public let error: SnapshotStoreError

    public init(wrapping underlying: any SnapshotStore, error: SnapshotStoreError) {
        self.underlying = underlying
        self.error = error
    }

    public var isReadOnly: Bool { underlying.isReadOnly }

    public func read<Payload: Codable & Sendable & Equatable>(
        _ key: SnapshotKey, as type: Payload.Type, supportedSchema: Int
    ) -> SnapshotReadResult<Payload> {
        underlying.read(key, as: type, supportedSchema: supportedSchema)
    }

    public func commit<Payload: Codable & Sendable & Equatable>(
        _ draft: SnapshotDraft<Payload>, expecting expected: ExpectedRevision
    ) throws(SnapshotStoreError) -> CommitOutcome {
        throw error
    }

    public func keys() throws(SnapshotStoreError) -> [SnapshotKey] { try underlying.keys() }

    public func newestRevision(of key: SnapshotKey) -> Int? { underlying.newestRevision(of: key) }
}
