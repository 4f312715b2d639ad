import Foundation
import WidgetTimelineTesting
import WidgetTimelineWidgetKit

/// A widget center — or a control center: one instance plays one — that records reload requests
/// and answers the installed kinds it is given, or, with `hangs`, never answers, like a
/// `getCurrentConfigurations` whose completion is never called.
final class RecordingWidgetCenter: WidgetCenterClient, ControlCenterClient, @unchecked Sendable {
    // @unchecked: every stored property is read and written under `lock`.
    enum Call: Hashable {
        case reload(String)
        case reloadAll
    }

    struct Unanswered: Error {}

    private let lock = NSLock()
    private var recorded: [Call] = []
    private var configured: Set<String>?
    private var hanging: Bool

    /// - Parameters:
    ///   - configured: the installed kinds; `nil` makes the query fail.
    ///   - hangs: the query never returns (until its task is cancelled).
    init(configured: Set<String>?, hangs: Bool = false) {
        self.configured = configured
        hanging = hangs
    }

    var hangs: Bool {
        get { lock.withLock { hanging } }
        set { lock.withLock { hanging = newValue } }
    }

    var calls: [Call] { lock.withLock { recorded } }

    var configuredKinds: Set<String>? {
        get { lock.withLock { configured } }
        set { lock.withLock { configured = newValue } }
    }

    func reloadTimelines(ofKind kind: String) { lock.withLock { recorded.append(.reload(kind)) } }

    func reloadAllTimelines() { lock.withLock { recorded.append(.reloadAll) } }

    func reloadControls(ofKind kind: String) { reloadTimelines(ofKind: kind) }

    func reloadAllControls() { reloadAllTimelines() }

    func configuredKinds() async throws -> Set<String> {
        if hangs { try await StalledClock().sleep(for: .seconds(3600)) }
        guard let kinds = configuredKinds else { throw Unanswered() }
        return kinds
    }
}
