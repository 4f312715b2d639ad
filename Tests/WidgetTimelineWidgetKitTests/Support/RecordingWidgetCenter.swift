import Foundation
import WidgetTimelineWidgetKit

/// A widget center that records reload requests and answers the installed kinds it is given.
final class RecordingWidgetCenter: WidgetCenterClient, @unchecked Sendable {
    // @unchecked: every stored property is read and written under `lock`.
    enum Call: Hashable {
        case reload(String)
        case reloadAll
    }

    struct Unanswered: Error {}

    private let lock = NSLock()
    private var recorded: [Call] = []
    private var configured: Set<String>?

    /// - Parameter configured: the installed kinds; `nil` makes the query fail.
    init(configured: Set<String>?) { self.configured = configured }

    var calls: [Call] { lock.withLock { recorded } }

    var configuredKinds: Set<String>? {
        get { lock.withLock { configured } }
        set { lock.withLock { configured = newValue } }
    }

    func reloadTimelines(ofKind kind: String) { lock.withLock { recorded.append(.reload(kind)) } }

    func reloadAllTimelines() { lock.withLock { recorded.append(.reloadAll) } }

    func configuredKinds() async throws -> Set<String> {
        guard let kinds = configuredKinds else { throw Unanswered() }
        return kinds
    }
}
