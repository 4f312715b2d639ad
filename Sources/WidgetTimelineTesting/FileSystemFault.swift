import WidgetTimeline

/// A failure a ``FaultInjectingFileSystem`` injects: which call, how long, and what happens.
///
/// Modelled on SQLite's I/O-error tests and swift-system's `ForceErrno`: fail call *k* once, or
/// fail it and every call after it.
public struct FileSystemFault: Sendable, Hashable, CustomStringConvertible {
    /// Which call the fault first hits.
    public enum Trigger: Sendable, Hashable {
        /// The `n`th call through the file system, counting from 1, whatever its kind.
        case call(Int)
        /// The `n`th call of one kind, counting from 1.
        case kind(FileSystemCall.Kind, occurrence: Int)
    }

    /// Whether the fault hits once or keeps hitting.
    public enum Persistence: Sendable, Hashable {
        /// Only the triggering call.
        case once
        /// The triggering call and every later one (of the same kind, for a ``Trigger/kind(_:occurrence:)``
        /// trigger).
        case fromThenOn
    }

    /// What the affected call does.
    public enum Effect: Sendable, Hashable {
        /// Fails with this `errno`, doing nothing — except `close`, which, as on Linux and Darwin,
        /// closes the file anyway.
        case error(Int32)
        /// A write writes only half of what it was asked (at least one byte). Other calls succeed.
        case shortWrite
        /// The call fails with `EINTR` without doing anything (a `close` still closes); a repeat of
        /// it goes through. With ``Persistence/fromThenOn``, every later call is interrupted once.
        case interrupted
    }

    public var trigger: Trigger
    public var persistence: Persistence
    public var effect: Effect

    public init(_ effect: Effect, at trigger: Trigger, _ persistence: Persistence = .once) {
        self.trigger = trigger
        self.persistence = persistence
        self.effect = effect
    }

    public var description: String {
        let effect: String
        switch self.effect {
        case .error(let code): effect = FileSystemError(code: code).name
        case .shortWrite: effect = "short write"
        case .interrupted: effect = "EINTR"
        }
        let trigger: String
        switch self.trigger {
        case .call(let index): trigger = "call \(index)"
        case .kind(let kind, let occurrence): trigger = "\(kind.rawValue) #\(occurrence)"
        }
        return "\(effect) at \(trigger)" + (persistence == .once ? " once" : " and after")
    }
}
