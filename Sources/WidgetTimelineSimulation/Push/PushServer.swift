import WidgetTimeline
import WidgetTimelinePush

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

/// The app's server in a push strategy, for one device: its registration (the token WidgetKit gave
/// the device and the widgets it serves, as the app uploads it) and the pushes the server sends it
/// for the backend's changes.
///
/// The library's server plans with the real ``PushPlanner`` — the same value a server keeps, fed
/// the same ``PushChange``s. A planner holds nothing between destinations except its seed, so
/// planning one device's token alone decides exactly what planning the whole fleet's would for it
/// (a test checks it), and a fleet runs its devices independently.
struct PushServer {
    /// What the device uploaded.
    let registration: PushRegistration
    /// When the server sends the device a push, in order.
    let sends: [Date]

    /// The server of `strategy` for the device with `deviceSeed`, whose widgets were added at
    /// `added`: it learns of the widgets then (`pushTokenDidChange`), so earlier changes are not
    /// pushed. `nil` when the strategy does not push or no widget reads a server.
    init?(
        strategy: StrategyName, scenario: CompiledScenario, deviceSeed: UInt64, widgetsAddedAt added: Date
    ) {
        guard strategy.serverPushes != .none else { return nil }
        let served = scenario.widgets.filter(\.hasSource)
        guard !served.isEmpty, let registration = Self.registration(deviceSeed: deviceSeed, widgets: served)
        else { return nil }
        self.registration = registration
        var changes: [PushChange] = []
        for widget in served {
            let instance = WidgetInstance(installationID: registration.installationID, widgetID: widget.id)
            for change in widget.serverChanges where change.at > added {
                changes.append(
                    PushChange(at: change.at, target: .widget(instance), fingerprint: change.fingerprint))
            }
        }
        switch strategy.serverPushes {
        case .none:
            return nil
        case .everyChange:
            sends = changes.map(\.at).sorted()
        case .planned:
            let setup = scenario.push
            // The window and budget were checked when the scenario was compiled.
            guard
                var planner = try? PushPlanner(
                    registry: PushTokenRegistry([registration]), window: setup.window.seconds,
                    budget: setup.budget,
                    seed: setup.seed ?? scenario.seed)
            else { return nil }
            sends = planner.plan(changes).pushes.map(\.at)
        }
    }

    /// The device's upload: an installation named after the device, a 32-byte token drawn from its
    /// seed, and every widget that reads the server.
    static func registration(deviceSeed: UInt64, widgets: [any CompiledWidget]) -> PushRegistration? {
        var generator = SplitMix64(seed: deviceSeed ^ 0x746f_6b65_6e)
        var bytes: [UInt8] = []
        for _ in 0..<4 {
            let word = generator.next()
            for shift in stride(from: 56, through: 0, by: -8) {
                bytes.append(UInt8(truncatingIfNeeded: word >> shift))
            }
        }
        guard let token = try? PushToken(bytes: bytes),
            let registered = try? widgets.map({ widget throws(PushRegistrationError) in
                try RegisteredWidget(id: widget.id, kind: widget.kindName, family: "systemSmall")
            }),
            let registration = try? PushRegistration(
                installationID: "device-" + String(deviceSeed, radix: 16), token: token,
                environment: .production,
                widgets: registered)
        else { return nil }
        return registration
    }
}
