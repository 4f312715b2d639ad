/// Which token serves which widget, for a whole fleet: the server's copy of every
/// ``PushRegistration`` the apps uploaded.
///
/// A value, not a service: it holds no locks and reads no clock, so a server keeps it wherever it
/// keeps state (behind an actor, in a database row per installation rebuilt with ``init(_:)``), and
/// the planner and tests use it directly.
///
/// Registering an installation replaces everything it registered before: a new token moves its
/// widgets to the new token, and widgets missing from the new list are removed. Look-ups are by
/// widget instance and by kind.
public struct PushTokenRegistry: Sendable, Hashable {
    /// Each installation's current registration.
    private var byInstallation: [String: PushRegistration] = [:]
    /// The installations with at least one widget of a kind.
    private var installationsByKind: [String: Set<String>] = [:]
    /// The installations whose pushes go to a destination.
    private var installationsByDestination: [PushDestination: Set<String>] = [:]

    /// An empty registry.
    public init() {}

    /// A registry holding `registrations`; when two share an installation, the later one wins, as
    /// if they had been registered in order.
    public init(_ registrations: some Sequence<PushRegistration>) {
        for registration in registrations { register(registration) }
    }

    /// Every registration, ordered by installation.
    public var registrations: [PushRegistration] {
        byInstallation.values.sorted { $0.installationID < $1.installationID }
    }

    /// The number of installations registered.
    public var installationCount: Int { byInstallation.count }

    /// Every destination some registration uses, in order.
    public var destinations: [PushDestination] { installationsByDestination.keys.sorted() }

    /// The registration of an installation, if it has one.
    public func registration(forInstallation installationID: String) -> PushRegistration? {
        byInstallation[installationID]
    }

    /// The widget registered as `instance`, if any.
    public func widget(_ instance: WidgetInstance) -> RegisteredWidget? {
        byInstallation[instance.installationID]?.widgets.first { $0.id == instance.widgetID }
    }

    /// Where pushes for `instance` go, if it is registered.
    public func destination(of instance: WidgetInstance) -> PushDestination? {
        guard let registration = byInstallation[instance.installationID],
            registration.widgets.contains(where: { $0.id == instance.widgetID })
        else { return nil }
        return registration.destination
    }

    /// Every registered widget of `kind`, in order.
    public func instances(ofKind kind: String) -> [WidgetInstance] {
        var result: [WidgetInstance] = []
        for installationID in installationsByKind[kind] ?? [] {
            guard let registration = byInstallation[installationID] else { continue }
            for widget in registration.widgets where widget.kind == kind {
                result.append(WidgetInstance(installationID: installationID, widgetID: widget.id))
            }
        }
        return result.sorted()
    }

    /// Every registered widget of `kind`, in order, grouped by the destination its pushes go to:
    /// one look-up per installation, however many widgets it registered.
    public func instancesByDestination(ofKind kind: String) -> [PushDestination: [WidgetInstance]] {
        var result: [PushDestination: [WidgetInstance]] = [:]
        for installationID in installationsByKind[kind] ?? [] {
            guard let registration = byInstallation[installationID] else { continue }
            let instances = registration.widgets.filter { $0.kind == kind }.map {
                WidgetInstance(installationID: installationID, widgetID: $0.id)
            }
            result[registration.destination, default: []].append(contentsOf: instances)
        }
        return result.mapValues { $0.sorted() }
    }

    /// Every widget whose pushes go to `destination`, in order.
    public func instances(servedBy destination: PushDestination) -> [WidgetInstance] {
        (installationsByDestination[destination] ?? []).flatMap { byInstallation[$0]?.instances ?? [] }
            .sorted()
    }

    /// Stores `registration` in place of whatever its installation registered before.
    ///
    /// - Returns: what changed: the widgets added, removed, moved to the new token and given another
    ///   kind or family under the same identifier, and the destinations nothing uses any more.
    @discardableResult
    public mutating func register(_ registration: PushRegistration) -> PushRegistryUpdate {
        let previous = unindex(registration.installationID)
        byInstallation[registration.installationID] = registration
        index(registration)
        let retired = previous.map { [$0.destination] } ?? []
        return PushRegistryUpdate(
            previous: previous, current: registration,
            retiredDestinations: retired.filter { installationsByDestination[$0] == nil })
    }

    /// Removes an installation (the app was deleted, the user signed out).
    ///
    /// - Returns: what changed, or `nil` when the installation was not registered.
    @discardableResult
    public mutating func removeInstallation(_ installationID: String) -> PushRegistryUpdate? {
        guard let previous = unindex(installationID) else { return nil }
        byInstallation[installationID] = nil
        let retired = installationsByDestination[previous.destination] == nil ? [previous.destination] : []
        return PushRegistryUpdate(previous: previous, current: nil, retiredDestinations: retired)
    }

    /// Removes every installation whose pushes go to `destination`: what to do when APNs answers
    /// 410 (`Unregistered`, `ExpiredToken`) or 400 `BadDeviceToken` for it
    /// (https://developer.apple.com/documentation/usernotifications/handling-notification-responses-from-apns).
    ///
    /// - Returns: one update per installation removed, in order of installation.
    @discardableResult
    public mutating func remove(_ destination: PushDestination) -> [PushRegistryUpdate] {
        (installationsByDestination[destination] ?? []).sorted().compactMap { removeInstallation($0) }
    }

    /// Takes an installation's registration out of the indexes (not out of `byInstallation`).
    private mutating func unindex(_ installationID: String) -> PushRegistration? {
        guard let previous = byInstallation[installationID] else { return nil }
        for kind in Set(previous.widgets.map(\.kind)) {
            installationsByKind[kind]?.remove(installationID)
            if installationsByKind[kind]?.isEmpty == true { installationsByKind[kind] = nil }
        }
        installationsByDestination[previous.destination]?.remove(installationID)
        if installationsByDestination[previous.destination]?.isEmpty == true {
            installationsByDestination[previous.destination] = nil
        }
        return previous
    }

    private mutating func index(_ registration: PushRegistration) {
        for kind in Set(registration.widgets.map(\.kind)) {
            installationsByKind[kind, default: []].insert(registration.installationID)
        }
        installationsByDestination[registration.destination, default: []].insert(registration.installationID)
    }
}
