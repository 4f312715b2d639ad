import Foundation

/// What a store instance knows of each key it commits to: the newest revision it published or
/// listed there, and whether every revision older than the ones it keeps is known to be removed.
///
/// A commit uses it to skip the directory listing: revision N is still the newest when N exists
/// and N + 1 does not (revisions are published one after another, and clean-up removes the oldest
/// first). Knowledge is only ever a guess to confirm — the exclusive publish is what decides — so
/// a stale entry costs a listing, never a revision. Guarded by an in-memory mutex (`NSLock`) held
/// only for the duration of one call — never a file lock.
final class KnownRevisions: @unchecked Sendable {
    // @unchecked: `keys` is read and written under `lock`.
    private let lock = NSLock()
    private var keys: [SnapshotKey: Knowledge] = [:]

    struct Knowledge: Equatable {
        /// The newest revision seen: published by this instance, or the largest name listed.
        var revision: Int
        /// Whether every revision more than the retained number below `revision` is known to be
        /// removed, so the next commit's clean-up needs to remove only the one that falls out.
        var isTidy: Bool
    }

    subscript(key: SnapshotKey) -> Knowledge? {
        get { lock.withLock { keys[key] } }
        set { lock.withLock { keys[key] = newValue } }
    }
}
