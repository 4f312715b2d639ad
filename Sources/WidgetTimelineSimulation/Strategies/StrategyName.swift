import Foundation
import WidgetTimeline

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

    /// The strategies `demo` compares, in column order.
    public static let demo: [StrategyName] = [
        .library, .singleEntry15Minutes, .hourlyBaked, .reloadEveryEmission, .reloadBeforeSave,
        .neverAfterError,
    ]

    /// The strategies a fleet run compares by default: aligned refresh dates against jittered ones.
    public static let fleet: [StrategyName] = [.topOfTheHour, .library]

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
        case .library, .hourlyBaked, .topOfTheHour: nil
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
        }
    }

    /// Builds this strategy for one widget.
    func make<Kind: WidgetKind>(
        _ inputs: StrategyInputs<Kind>,
        container: SimulatedContainer<Kind>,
        hasSource: Bool
    ) -> any WidgetStrategy<Kind> {
        let kind = inputs.kind
        let libraryHost = LibraryHost(container: container)
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
            return PairedStrategy(host: EveryEmissionHost(container: container), extension: libraryExtension)
        case .reloadBeforeSave:
            return PairedStrategy(
                host: ReloadBeforeSaveHost(container: container), extension: libraryExtension)
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
