public import Foundation
public import WidgetTimeline

#if canImport(WidgetKit)
    public import AppIntents
    public import WidgetKit
#else
    public import WidgetKitStandIn
#endif

/// A WidgetKit `AppIntentTimelineProvider` for a configurable widget: the configuration picks the
/// snapshot key's scope (which park, which list), and everything else is
/// ``WidgetTimeline/WidgetProviderCore``'s.
///
/// ```swift
/// AppIntentConfiguration(
///     kind: ParkingWidget().kind, intent: ParkSelection.self,
///     provider: PlanningAppIntentTimelineProvider(
///         kind: ParkingWidget(), in: ExtensionSetup.container,
///         scope: { ParkingWidget.key(park: $0.parkID) })
/// ) { entry in ParkingView(entry: entry) }
/// ```
///
/// Each configuration reads its own key, so two instances of the widget showing different parks
/// never read — or, with a source, overwrite — each other's snapshot.
public struct PlanningAppIntentTimelineProvider<Kind: WidgetKind, Intent: WidgetConfigurationIntent>:
    AppIntentTimelineProvider, Sendable
{
    public typealias Entry = PlannedTimelineEntry<Kind.Content>

    /// What answers.
    public let core: WidgetProviderCore<Kind>
    private let scope: @Sendable (Intent) -> SnapshotKey
    private let clock: any WidgetClock
    private let calendar: @Sendable () -> Calendar
    private let recommended: @Sendable () -> [AppIntentRecommendation<Intent>]

    /// The widget kind.
    public var kind: Kind { core.kind }

    /// A provider around a core you have wired yourself.
    ///
    /// - Parameters:
    ///   - scope: the snapshot key for a configuration.
    ///   - clock: where "now" comes from.
    ///   - calendar: the calendar and time zone of the plan, read on every request.
    ///   - recommendations: the configurations offered where there is no configuration interface
    ///     (watchOS); see ``recommendations()``.
    public init(
        core: WidgetProviderCore<Kind>,
        scope: @escaping @Sendable (Intent) -> SnapshotKey,
        clock: any WidgetClock = SystemClock(),
        calendar: @escaping @Sendable () -> Calendar = { Calendar.current },
        recommendations: @escaping @Sendable () -> [AppIntentRecommendation<Intent>] = { [] }
    ) {
        self.core = core
        self.scope = scope
        self.clock = clock
        self.calendar = calendar
        recommended = recommendations
    }

    /// A provider for `kind` in a widget extension, wired like
    /// ``PlanningTimelineProvider/init(kind:in:key:configuration:)``, with the same honest answers
    /// when `container` is a failure.
    public init(
        kind: Kind,
        in container: Result<SharedContainer, AppGroupError>,
        scope: @escaping @Sendable (Intent) -> SnapshotKey,
        configuration: ProviderConfiguration<Kind.Payload> = ProviderConfiguration(),
        recommendations: @escaping @Sendable () -> [AppIntentRecommendation<Intent>] = { [] }
    ) {
        self.init(
            core: WidgetProviderCore(kind: kind, in: container, configuration: configuration), scope: scope,
            clock: configuration.clock, calendar: configuration.calendar, recommendations: recommendations)
    }

    /// The snapshot key a configuration reads.
    public func key(for configuration: Intent) -> SnapshotKey { scope(configuration) }

    // MARK: - AppIntentTimelineProvider

    /// The configurations offered as ready-made widgets where the system has no interface for
    /// configuring one (watchOS); iOS and macOS do not ask. Empty unless the initializer was given
    /// some: on watchOS an empty list offers no widget of this kind, so a watch widget passes at
    /// least one, e.g. `{ [AppIntentRecommendation(intent: ParkSelection(parkID: "yeouido"),
    /// description: "Yeouido")] }`.
    ///
    /// Implemented here, not left to WidgetKit's default, because that default is unavailable on
    /// watchOS and the package declares watchOS.
    public func recommendations() -> [AppIntentRecommendation<Intent>] { recommended() }

    /// The fixture, planned for the kind's default key: a placeholder has no configuration.
    public func placeholder(in context: Context) -> Entry {
        PlannedTimelineEntry(core.placeholder(at: clock.now, in: calendar()), key: kind.defaultKey)
    }

    public func snapshot(for configuration: Intent, in context: Context) async -> Entry {
        snapshot(for: configuration, isPreview: context.isPreview)
    }

    public func timeline(for configuration: Intent, in context: Context) async -> Timeline<Entry> {
        await timeline(for: configuration)
    }

    // MARK: - Without a context (previews, an app's own tests)

    /// The snapshot entry for a configuration: the fixture when previewing, otherwise the entry for
    /// now of the configuration's snapshot.
    public func snapshot(for configuration: Intent, isPreview: Bool) -> Entry {
        let key = key(for: configuration)
        return PlannedTimelineEntry(
            core.snapshot(for: key, isPreview: isPreview, at: clock.now, in: calendar()), key: key)
    }

    /// The timeline for a configuration.
    public func timeline(for configuration: Intent) async -> Timeline<Entry> {
        let key = key(for: configuration)
        return Timeline(await core.timeline(for: key, at: clock.now, in: calendar()), key: key)
    }
}
