import Foundation
public import WidgetTimeline

/// A diagnostics sink that keeps events in memory, for tests and the simulator.
public final class InMemoryDiagnosticLog: DiagnosticSink, @unchecked Sendable {
    // @unchecked: `stored` is read and written under `lock`.
    private let lock = NSLock()
    private var stored: [DiagnosticEvent] = []

    public init() {}

    public var events: [DiagnosticEvent] { lock.withLock { stored } }

    public func record(_ event: DiagnosticEvent) { lock.withLock { stored.append(event) } }

    /// The events of one stage.
    public func events(_ stage: DiagnosticEvent.Stage) -> [DiagnosticEvent] {
        events.filter { $0.stage == stage }
    }
}
