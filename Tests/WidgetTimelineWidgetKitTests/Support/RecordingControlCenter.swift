import Foundation
import WidgetTimelineTesting
import WidgetTimelineWidgetKit

/// A control center that records reload requests and answers the added control kinds it is given —
/// or, with `hangs`, never answers.
final class RecordingControlCenter: ControlCenterClient, @unchecked Sendable {
    // @unchecked: every stored property is read and written under `lock`.
    enum Call: Hashable {
        case reload(String)
        case reloadAll
    }

    struct Unanswered: Error {}

    private let lock = NSLock()
    private var recorded: [Call] = []
    private var configured: Set<String>?
    private let hangs: Bool

    /// - Parameters:
    ///   - configured: the added control kinds; `nil` makes the query fail.
    ///   - hangs: the query never returns (until its task is cancelled).
    init(configured: Set<String>?, hangs: Bool = false) {
        self.configured = configured
        self.hangs = hangs
    }

    var calls: [Call] { lock.withLock { recorded } }

    var configuredKinds: Set<String>? {
        get { lock.withLock { configured } }
        set { lock.withLock { configured = newValue } }
    }

    func reloadControls(ofKind kind: String) { lock.withLock { recorded.append(.reload(kind)) } }

    func reloadAllControls() { lock.withLock { recorded.append(.reloadAll) } }

    func configuredKinds() async throws -> Set<String> {
        if hangs { try await StalledClock().sleep(for: .seconds(3600)) }
        guard let kinds = configuredKinds else { throw Unanswered() }
        return kinds
    }
}
