import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineExamples
import WidgetTimelineTesting

/// The example widgets under generated input: their payloads and screens round-trip, and the
/// planner keeps every rule (`PlanCheck`) for random payloads, snapshots,
/// zones and instants, fresh or failed, and what `build --format json` writes lints clean.
/// Failures name their seed; replay with `WIDGET_TIMELINE_SEED=<seed>`.
@Suite("Example widgets over generated inputs")
struct ExampleWidgetPropertyTests {
    @Test("payloads round-trip through the package's JSON (1,000 values each)")
    func payloadsRoundTrip() {
        let now = Date.at("2026-11-29T09:00:00Z")
        PropertyCheck.roundTrip(SchedulePayload.self, firstSeed: 100_000) { $0.schedulePayload(around: now) }
        PropertyCheck.roundTrip(TaskCountPayload.self, firstSeed: 110_000) { $0.taskCountPayload() }
        PropertyCheck.roundTrip(ParkingPayload.self, firstSeed: 120_000) { $0.parkingPayload() }
        PropertyCheck.roundTrip(ParkingLot.self, firstSeed: 130_000) { $0.parkingLot() }
        PropertyCheck.roundTrip(ParkConditionsPayload.self, firstSeed: 140_000) {
            $0.parkConditionsPayload(around: now)
        }
        PropertyCheck.roundTrip(Weather.self, firstSeed: 150_000) { values in
            Weather(
                condition: values.text(), temperatureCelsius: values.double(in: Weather.plausibleTemperatures)
            )
        }
        PropertyCheck.roundTrip(CongestionForecast.self, firstSeed: 160_000) { values in
            CongestionForecast(at: values.instant(), congestion: values.congestion())
        }
        PropertyCheck.roundTrip(Snapshot<ParkingPayload>.self, firstSeed: 170_000) { values in
            values.snapshot(payload: values.parkingPayload())
        }
    }

    @Test("enumerations round-trip (1,000 values each)")
    func enumerationsRoundTrip() {
        PropertyCheck.roundTrip(SchedulePhase.self, firstSeed: 200_000) {
            $0.element(of: [.upcoming, .due, .overdue, .clear])
        }
        PropertyCheck.roundTrip(ParkingDisplayMode.self, firstSeed: 210_000) {
            $0.element(of: ParkingDisplayMode.allCases)
        }
        PropertyCheck.roundTrip(ParkingAvailability.self, firstSeed: 220_000) {
            $0.element(of: [.plenty, .some, .few, .full])
        }
        PropertyCheck.roundTrip(Congestion.self, firstSeed: 230_000) { $0.congestion() }
        PropertyCheck.roundTrip(AirQuality.self, firstSeed: 240_000) {
            $0.element(of: [.good, .moderate, .bad, .veryBad])
        }
    }

    @Test("screens and their timelines round-trip (1,000 values each)")
    func contentsRoundTrip() {
        let calendar = Calendar.gregorian(in: "Asia/Seoul")
        PropertyCheck.roundTrip(ScheduleContent.self, firstSeed: 300_000) { values in
            let now = values.recentInstant()
            let snapshot = values.snapshot(values.schedulePayload(around: now), kind: "schedule", around: now)
            return ScheduleWidget().content(of: snapshot, at: now, in: calendar)
        }
        PropertyCheck.roundTrip(TaskCountContent.self, firstSeed: 310_000) {
            TaskCountContent(count: $0.int())
        }
        PropertyCheck.roundTrip(ParkingContent.self, firstSeed: 320_000) {
            ParkingContent(payload: $0.parkingPayload())
        }
        PropertyCheck.roundTrip(ParkConditionsContent.self, firstSeed: 330_000) { values in
            let now = values.recentInstant()
            let snapshot = values.snapshot(
                values.parkConditionsPayload(around: now), kind: "park-conditions", around: now)
            return ParkConditionsWidget().content(of: snapshot, at: now, in: calendar)
        }
        PropertyCheck.roundTrip(PlannedTimeline<WidgetState<ParkingContent>>.self, firstSeed: 340_000) {
            values in
            values.timeline { $0.widgetState { ParkingContent(payload: $0.parkingPayload()) } }
        }
    }

    @Test("the planner keeps every rule for each example widget (1,000 generated inputs each)")
    func plannerRules() {
        PropertyCheck.forAll("schedule plans", firstSeed: 400_000) { values in
            let now = values.recentInstant()
            return Self.problems(ScheduleWidget(), values.schedulePayload(around: now), at: now, &values)
        }
        PropertyCheck.forAll("task-count plans", firstSeed: 410_000) { values in
            Self.problems(TaskCountWidget(), values.taskCountPayload(), at: values.recentInstant(), &values)
        }
        PropertyCheck.forAll("parking plans", firstSeed: 420_000) { values in
            Self.problems(ParkingWidget(), values.parkingPayload(), at: values.recentInstant(), &values)
        }
        PropertyCheck.forAll("park-conditions plans", firstSeed: 430_000) { values in
            let now = values.recentInstant()
            return Self.problems(
                ParkConditionsWidget(), values.parkConditionsPayload(around: now), at: now, &values)
        }
    }

    @Test(
        "the schedule widget's screens for many instants at once are its screens one at a time (1,000 inputs)"
    )
    func scheduleContentsMatchContent() {
        PropertyCheck.forAll("schedule contents", firstSeed: 440_000) { values in
            let now = values.recentInstant()
            var widget = ScheduleWidget()
            widget.dayStart = values.dayStart()
            let snapshot = values.snapshot(
                values.schedulePayload(around: now), kind: widget.kind, around: now)
            let calendar = Calendar.gregorian(in: values.timeZone().identifier)
            // Instants on both sides of generatedAt and of the day starts around it.
            let instants = (0..<values.int(in: 0...12)).map { _ in
                snapshot.generatedAt.addingTimeInterval(Double(values.int(in: -200_000...200_000)))
            }
            let one = instants.map { widget.content(of: snapshot, at: $0, in: calendar) }
            let all = widget.contents(of: snapshot, at: instants, in: calendar)
            return one == all ? nil : "contents \(all) but one at a time \(one)"
        }
    }

    /// Plans `payload` as loaded, failed with it as last known, or not there at all, and returns
    /// the rules the plan breaks (nil when none), including `build | lint` finding errors.
    static func problems<Kind: WidgetKind>(
        _ widget: Kind, _ payload: Kind.Payload, at now: Date, _ values: inout ValueGenerator
    ) -> String? {
        let snapshot = values.snapshot(payload, kind: widget.kind, around: now)
        let input: LoadResult<Kind.Payload>
        switch values.int(in: 0...4) {
        case 0: input = .nothingYet
        case 1: input = .failed(.sourceFailed, consecutiveFailures: values.int(in: 1...30))
        case 2:
            input = .failed(.sourceTimedOut, consecutiveFailures: values.int(in: 1...30), lastKnown: snapshot)
        default: input = .loaded(snapshot)
        }
        var options = PlanningOptions.default
        if values.bool() { options.maximumEntries = values.int(in: 3...120) }
        if values.bool() { options.refreshJitter = RefreshJitter(maximum: 900, seed: values.next()) }
        let planner = TimelinePlanner(kind: widget, options: options)
        let zone = values.timeZone()
        let calendar = Calendar.gregorian(in: zone.identifier)
        let plan = planner.plan(input, at: now, in: calendar)
        var problems = PlanCheck.problems(in: plan, of: planner, for: input, at: now, in: calendar)
        // What `build --format json` prints, `lint --now` accepts without an error.
        do {
            let json = try JSONCoding.encoder(timeZone: zone, pretty: true).encode(plan.timeline)
            let timeline = try JSONCoding.decode(PlannedTimeline<JSONValue>.self, from: json)
            let errors = TimelineLinter().lint(timeline, now: now) { $0["display"]?.stringValue }
                .filter { $0.severity == .error }
            if !errors.isEmpty { problems.append("lint finds \(errors.map(\.rule))") }
            // Instants are written to the millisecond, so the JSON, not the plan, is the fixed point.
            let decoded = try JSONCoding.decode(PlannedTimeline<WidgetState<Kind.Content>>.self, from: json)
            if try JSONCoding.encoder(timeZone: zone, pretty: true).encode(decoded) != json {
                problems.append("the timeline JSON decodes as another timeline")
            }
        } catch {
            problems.append("the timeline JSON does not round-trip: \(error)")
        }
        return problems.isEmpty
            ? nil : "\(widget.kind) at \(Instant.format(now)) in \(zone.identifier): \(problems)"
    }
}
