import WidgetTimeline

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

/// The strategies the simulator compares, each by the one name the command line, the text table,
/// the JSON and the HTML report all use: short enough for a table column, read as what the
/// strategy does.
///
/// Each naive one changes exactly one half of the library's strategy, so a difference in the
/// report is that one mistake's cost (docs/simulator.md, "Strategies").
public enum StrategyName: String, CaseIterable, Sendable, Codable, Hashable {
    /// This package: `WidgetSync` on the host; loader, provider core and planner in the extension.
    case library
    /// One entry shown as current, `.after(now + 15 min)`: the tutorial widget.
    case singleEntry15Minutes = "after-15m"
    /// 24 hourly entries with the data and text of now baked in, `.atEnd`: the "timer" widget.
    case hourlyBaked = "hourly-baked"
    /// The library's extension, but the app saves and reloads on every state emission.
    case reloadEveryEmission = "reload-always"
    /// The library's extension, but the app asks for the reload before it saves.
    case reloadBeforeSave = "reload-first"
    /// Single entry, `.after(15 min)`, but `.never` after a failed request.
    case neverAfterError = "never-on-error"
    /// Single entry, `.after(the next top of the hour)`: every device asks at the same minute.
    case topOfTheHour = "top-of-hour"
    /// The library with push: the server plans pushes with the real `PushPlanner` (one per token per
    /// window, none for an unchanged fingerprint, spread by jitter); the widget asks the source on
    /// every run and re-reads on its own only every `push.refreshAfter`.
    case libraryPush = "library-push"
    /// The library's widget with push, but the server pushes every backend change at once: no
    /// window, no fingerprint, no spread.
    case pushOnEveryChange = "push-always"
    /// The library's code, but the widget never asks the server: the app fetches the server's value
    /// when it is opened (and on each change while open) and commits it; the widget shows what the
    /// app committed.
    case appReloadsOnly = "app-only"

    /// The strategies `demo` compares, in column order.
    public static let demo: [StrategyName] = [
        .library, .singleEntry15Minutes, .hourlyBaked, .reloadEveryEmission, .reloadBeforeSave,
        .neverAfterError,
    ]

    /// The strategies a fleet run compares by default: aligned refresh dates against jittered ones.
    public static let fleet: [StrategyName] = [.topOfTheHour, .library]

    /// The strategies a scenario with a `push` member compares by default: the refresh channels —
    /// polling (the library without push), the library with push, pushing every change, the app
    /// alone.
    public static let channels: [StrategyName] = [
        .library, .libraryPush, .pushOnEveryChange, .appReloadsOnly,
    ]

    /// How the strategy's server pushes, if it does.
    enum ServerPushes {
        /// It never pushes.
        case none
        /// Through the real ``PushPlanner``, with the scenario's ``PushSetup``.
        case planned
        /// A push for every backend change, at once.
        case everyChange
    }

    /// How the strategy's server pushes.
    var serverPushes: ServerPushes {
        switch self {
        case .libraryPush: .planned
        case .pushOnEveryChange: .everyChange
        default: .none
        }
    }

    /// Whether the app fetches the server's value when it is opened, and on each change while open
    /// (and then commits it like its own data).
    var appReadsServerWhenOpen: Bool { self == .appReloadsOnly }

    /// The names, comma-separated, for help and errors.
    public static var nameList: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// The name 0.1.0 used, when it differed: only so that an old command line is pointed to the
    /// current name instead of being told the strategy does not exist.
    public var formerName: String? {
        switch self {
        case .singleEntry15Minutes: "single-entry-15m"
        case .reloadEveryEmission: "reload-every-emission"
        case .reloadBeforeSave: "reload-before-save"
        case .neverAfterError: "never-after-error"
        case .library, .hourlyBaked, .topOfTheHour, .libraryPush, .pushOnEveryChange, .appReloadsOnly: nil
        }
    }

    /// One sentence on what the strategy does.
    public var summary: String {
        switch self {
        case .library:
            "this package: dedupe, save then reload (debounced); cache-first loader; planned entries with "
                + "freshness marks; back-off after failures"
        case .singleEntry15Minutes: "one entry shown as current, .after(now + 15 min)"
        case .hourlyBaked: "24 hourly entries with now's data and text baked in, .atEnd"
        case .reloadEveryEmission:
            "the library's extension; the app saves and reloads on every state emission"
        case .reloadBeforeSave: "the library's extension; the app asks for the reload, then saves"
        case .neverAfterError: "one entry shown as current, .after(now + 15 min), but .never after a failure"
        case .topOfTheHour: "one entry shown as current, .after(the next top of the hour)"
        case .libraryPush:
            "the library with push: the server plans pushes (one per window, none unchanged, spread); the "
                + "widget asks the server every run and polls only as a safety net"
        case .pushOnEveryChange: "the library with push, but the server pushes every change at once"
        case .appReloadsOnly:
            "the library's code, but only the app fetches server data, when opened, and commits it"
        }
    }

    /// Builds this strategy for one widget.
    func make<Kind: WidgetKind>(
        _ inputs: StrategyInputs<Kind>,
        container: SimulatedContainer<Kind>,
        hasSource: Bool
    ) -> any WidgetStrategy<Kind> {
        let kind = inputs.kind
        let libraryHost = LibraryHost(container: container, controlKinds: inputs.controlKinds)
        var options = PlanningOptions.default
        options.jitterSeed = inputs.deviceSeed
        if hasSource {
            // Server-backed refresh dates are spread so a fleet does not ask at the same second
            // (the thundering herd `top-of-hour` shows): up to 5 minutes, seeded per device — a
            // sixth of a 30-minute refresh interval, so the spread costs few refreshes.
            options.refreshJitter = RefreshJitter(maximum: 5 * 60, seed: inputs.deviceSeed)
        }
        let libraryExtension = LibraryExtension(kind: kind, container: container, options: options)
        switch self {
        case .libraryPush, .pushOnEveryChange:
            return PairedStrategy(
                host: libraryHost,
                extension: LibraryExtension(
                    kind: PushRefreshedKind(base: kind, refreshAfter: inputs.pushRefreshAfter),
                    container: container,
                    options: options, asksEveryRun: true))
        case .appReloadsOnly:
            return PairedStrategy(
                host: libraryHost,
                extension: LibraryExtension(
                    kind: kind, container: container, options: options, fetches: false))
        case .library:
            return PairedStrategy(host: libraryHost, extension: libraryExtension)
        case .singleEntry15Minutes:
            return PairedStrategy(
                host: libraryHost,
                extension: SingleEntryExtension(
                    kind: kind, container: container, nextReload: .after(15 * 60), onFailure: .sameAsSuccess))
        case .hourlyBaked:
            return PairedStrategy(
                host: libraryHost, extension: HourlyBakedExtension(kind: kind, container: container))
        case .reloadEveryEmission:
            return PairedStrategy(
                host: EveryEmissionHost(container: container, controlKinds: inputs.controlKinds),
                extension: libraryExtension)
        case .reloadBeforeSave:
            return PairedStrategy(
                host: ReloadBeforeSaveHost(container: container, controlKinds: inputs.controlKinds),
                extension: libraryExtension)
        case .neverAfterError:
            return PairedStrategy(
                host: libraryHost,
                extension: SingleEntryExtension(
                    kind: kind, container: container, nextReload: .after(15 * 60), onFailure: .never))
        case .topOfTheHour:
            return PairedStrategy(
                host: libraryHost,
                extension: SingleEntryExtension(
                    kind: kind, container: container, nextReload: .topOfTheHour, onFailure: .sameAsSuccess))
        }
    }
}
