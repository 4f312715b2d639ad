import Foundation
public import WidgetTimeline

/// A snapshot source that answers from a script: a fixed answer, a failure, or no answer at all
/// until cancelled. Counts its fetches, so tests can prove a path never touched the network.
public final class ScriptedSource<Payload: Codable & Sendable & Equatable>: SnapshotSource,
    @unchecked Sendable
{
    // @unchecked: `script` and `fetched` are read and written under `lock`.
    public enum Behaviour: Sendable {
        case answer(SourceAnswer<Payload>)
        case fail(UnavailableReason)
        /// Throw an error that is not a `SourceFailure`.
        case throwOther
        /// Never answer; end only when cancelled.
        case hang
    }

    private let lock = NSLock()
    private var script: Behaviour
    private var fetched: [SnapshotKey] = []

    public init(_ behaviour: Behaviour) { script = behaviour }

    public var behaviour: Behaviour {
        get { lock.withLock { script } }
        set { lock.withLock { script = newValue } }
    }

    /// Every key fetched, in order.
    public var fetches: [SnapshotKey] { lock.withLock { fetched } }

    public func fetch(_ key: SnapshotKey) async throws -> SourceAnswer<Payload> {
        let behaviour = lock.withLock {
            fetched.append(key)
            return script
        }
        switch behaviour {
        case .answer(let answer): return answer
        case .fail(let reason): throw SourceFailure(reason)
        case .throwOther: throw ScriptedSourceError()
        case .hang:
            try await CancellableWaiter.waitUntilCancelled()
            throw CancellationError()
        }
    }
}

/// The error a ``ScriptedSource`` throws for ``ScriptedSource/Behaviour/throwOther``.
public struct ScriptedSourceError: Error, Sendable {}
