public import Foundation
public import WidgetTimeline
public import WidgetTimelinePush

/// The widget push token and the widgets it serves, kept in the App Group: the extension's push
/// handler records each token WidgetKit hands it, and the host app reads what changed and uploads
/// it to its server.
///
/// ```swift
/// // Host app, when the scene becomes active:
/// let registrations = container.pushRegistrations()
/// if let changed = registrations.pendingUpload() {
///     try await api.upload(changed.json)          // the server reads it with PushRegistration(json:)
///     try registrations.markUploaded(changed)
/// }
/// ```
///
/// Each record is a ``WidgetTimelinePush/PushRegistration`` — the very JSON the server half reads —
/// committed as a snapshot in the shared store under `push-registration.<handler>`, so it is
/// durable before the handler returns, never torn, and safe with both processes writing. The
/// installation identifier is made once (a UUID) and kept in every later record, so the server
/// knows a new token replaces the old one. What the app last uploaded is committed under
/// `push-uploaded.<handler>`, so a change is reported until it has been uploaded, across launches.
public struct PushRegistrationStore: Sendable {
    /// The handler's name: one record per push handler type, because WidgetKit calls each type on
    /// its own and each upload replaces its installation's last.
    public let handler: String
    private let store: any SnapshotStore
    private let clock: any WidgetClock
    private let makeInstallationID: @Sendable () -> String

    /// - Parameters:
    ///   - store: the shared store (read-write on the side that writes).
    ///   - handler: a key component (`a`–`z`, `0`–`9`, `-`, `_`): `widgets` by default.
    ///   - clock: when each record is made.
    ///   - makeInstallationID: the identifier of a first record; a UUID by default.
    public init(
        store: any SnapshotStore, handler: String = "widgets", clock: any WidgetClock = SystemClock(),
        makeInstallationID: @escaping @Sendable () -> String = { UUID().uuidString }
    ) {
        self.store = store
        self.handler = handler
        self.clock = clock
        self.makeInstallationID = makeInstallationID
    }

    /// The key the recorded registration is committed under.
    public var registrationKey: SnapshotKey { SnapshotKey(purpose: "push-registration", scope: handler) }
    /// The key the last uploaded registration is committed under.
    public var uploadedKey: SnapshotKey { SnapshotKey(purpose: "push-uploaded", scope: handler) }

    /// Records `token` and the widgets it serves now, keeping the installation identifier of the
    /// previous record (or making one). Returns after the record is durable.
    ///
    /// A record made by a later call while this one waited (a suspended extension) holds the newer
    /// token: it stands, and is returned.
    ///
    /// A stored record this code cannot read — torn, corrupted, or of a newer schema — is replaced
    /// (keeping its installation identifier when its JSON still names one), never retried forever.
    ///
    /// - Throws: ``PushRecordError`` when the token is empty or the widgets repeat an identifier,
    ///   or the store's error when the commit failed (the previous record is intact):
    ///   ``WidgetTimeline/SnapshotStoreError/contention(attempts:)`` when another writer committed
    ///   between each read and commit, 64 times in a row, and the read's error when the record
    ///   cannot be read now.
    @discardableResult
    public func record(token: Data, widgets: [RegisteredWidget], environment: APNsEnvironment)
        throws(PushRecordError) -> PushRegistration
    {
        let pushToken: PushToken
        do {
            pushToken = try PushToken(bytes: token)
        } catch {
            throw .invalidRegistration(error)
        }
        // When WidgetKit handed this token over: what a later call recorded is newer.
        let receivedAt = clock.now
        // Compare-and-swap on the newest revision, so two writers cannot make two installations.
        var attempts = 0
        while true {
            attempts += 1
            let previous = try basis()
            // Judged by the clock after the read: a call stopped before it would take a record
            // made meanwhile for one from its clock's future.
            if let stored = previous.stored, Self.isReceived(stored, after: receivedAt, at: clock.now) {
                return stored.payload
            }
            let registration: PushRegistration
            do {
                registration = try PushRegistration(
                    installationID: previous.installationID ?? makeInstallationID(),
                    token: pushToken,
                    environment: environment, widgets: widgets)
            } catch {
                throw .invalidRegistration(error)
            }
            do {
                try commit(
                    registration, under: registrationKey, observedAt: receivedAt, expecting: previous.expected
                )
                return registration
            } catch .conflict where attempts < Self.maximumAttempts {
                continue  // another writer committed meanwhile: read what it wrote
            } catch .conflict {
                throw .store(.contention(attempts: attempts))
            } catch {
                throw .store(error)
            }
        }
    }

    /// How many times ``record(token:widgets:environment:)`` reads and commits before it gives up
    /// on a key other writers keep committing to.
    static var maximumAttempts: Int { 64 }

    /// Whether `stored` holds a token received after `instant`, as stored data stands against older
    /// data everywhere in the package: a record from `now`'s future, past the tolerance, has an
    /// unknown age and never does.
    private static func isReceived(_ stored: Snapshot<PushRegistration>, after instant: Date, at now: Date)
        -> Bool
    {
        let received = stored.dataObservedAt
        return received.timeIntervalSince(now) <= SnapshotLimits.futureInstantTolerance
            && received > Instant.rounded(instant)
    }

    /// The installation identifier to keep and the revision a record's commit expects: the newest
    /// stored, readable or not. (Expecting the revision read — an older one when the newest cannot
    /// be read, none when no revision can — conflicted on every attempt, for ever.) `stored` is the
    /// newest revision when it can be read.
    private func basis() throws(PushRecordError) -> (
        installationID: String?, expected: ExpectedRevision, stored: Snapshot<PushRegistration>?
    ) {
        switch store.read(registrationKey, as: PushRegistration.self, supportedSchema: 1) {
        case .found(let snapshot, let fallback):
            return (
                snapshot.payload.installationID, .revision(fallback?.newestRevision ?? snapshot.revision),
                fallback == nil ? snapshot : nil
            )
        case .missing:
            return (nil, .absent, nil)
        case .corrupted(let problems):
            return (nil, problems.map(\.revision).max().map { .revision($0) } ?? .any, nil)
        case .incompatible:
            // A newer build's record: keep its installation if its JSON names one.
            guard case .found(let stored, let fallback) = store.readStored(registrationKey) else {
                return (nil, store.newestRevision(of: registrationKey).map { .revision($0) } ?? .any, nil)
            }
            let expected = ExpectedRevision.revision(fallback?.newestRevision ?? stored.revision)
            guard case .string(let installationID)? = stored.payload["installation"], !installationID.isEmpty
            else { return (nil, expected, nil) }
            return (installationID, expected, nil)
        case .unreadable(let error):
            throw .store(error)
        }
    }

    /// The registration last recorded, if any.
    public func current() -> PushRegistration? { read(registrationKey)?.payload }

    /// The recorded registration when it differs from the one last marked uploaded: what the app
    /// should upload now. `nil` when there is nothing new (or nothing recorded).
    public func pendingUpload() -> PushRegistration? {
        guard let recorded = current() else { return nil }
        return read(uploadedKey)?.payload == recorded ? nil : recorded
    }

    /// Notes that `registration` reached the server, so ``pendingUpload()`` stops reporting it.
    public func markUploaded(_ registration: PushRegistration) throws(PushRecordError) {
        do {
            try commit(registration, under: uploadedKey, expecting: .any)
        } catch {
            throw .store(error)
        }
    }

    private func read(_ key: SnapshotKey) -> Snapshot<PushRegistration>? {
        store.read(key, as: PushRegistration.self, supportedSchema: 1).snapshot
    }

    private func commit(
        _ registration: PushRegistration, under key: SnapshotKey, observedAt: Date? = nil,
        expecting: ExpectedRevision
    ) throws(SnapshotStoreError) {
        let now = clock.now
        // Never after the record's instant (a clock set back since): that draft would be refused.
        let draft = try SnapshotDraft(
            kind: String(key.purpose), key: key, generatedAt: now,
            observedAt: observedAt.map { min($0, now) },
            payload: registration)
        _ = try store.commit(draft, expecting: expecting)
    }
}

/// Why a push registration could not be recorded.
public enum PushRecordError: Error, Sendable, CustomStringConvertible {
    /// The token or the widgets do not make a registration the server would accept.
    case invalidRegistration(PushRegistrationError)
    /// The shared store could not commit it.
    case store(SnapshotStoreError)

    public var description: String {
        switch self {
        case .invalidRegistration(let error): "the push registration is invalid: \(error)"
        case .store(let error): "the push registration could not be saved: \(error)"
        }
    }
}
