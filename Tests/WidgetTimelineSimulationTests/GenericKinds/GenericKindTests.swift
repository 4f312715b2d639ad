import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineExamples
import WidgetTimelineTesting

@testable import WidgetTimelineSimulation

/// Generic kinds: a scenario declares a value, a count or a schedule with its freshness, and the
/// planner and the simulator run it like a kind written in Swift.
@Suite("Generic kinds: declared in a scenario, planned and simulated like Swift ones")
struct GenericKindTests {
    static let seoul = Calendar.gregorian(in: "Asia/Seoul")
    static let now = Date.at("2026-11-30T09:00:00+09:00")

    static func snapshot<Payload>(_ payload: Payload, kind: String, observedAt: Date = now) -> Snapshot<
        Payload
    > {
        Snapshot.fixture(payload, kind: kind, generatedAt: observedAt)
    }

    /// The declarations in `json` (a document with a `kinds` member).
    static func declarations(_ json: String, besides known: [any WidgetKind] = []) throws(ScenarioError)
        -> [GenericKind]
    {
        try GenericKind.declarations(in: Data(json.utf8), besides: known)
    }

    @Test("each type decodes into its widget kind, with durations as text and defaults filled in")
    func decoding() throws {
        let kinds = try Self.declarations(
            #"""
            { "kinds": [
              { "kind": "air", "type": "value",
                "freshness": { "staleAfter": "30m", "expiresAfter": "2h", "expiredValue": "hidden" } },
              { "kind": "steps", "type": "count", "label": "steps", "resetsDaily": true, "dayStart": "04:00",
                "freshness": { "staleAfter": 3600, "expiresAfter": "1d", "refreshAfter": "20m" } },
              { "kind": "agenda", "type": "schedule", "itemDuration": "45m",
                "freshness": { "staleAfter": "12h", "expiresAfter": "36h" } }
            ] }
            """#)
        let air = try #require(kinds[0].widgetKind as? GenericValueWidget)
        #expect(air.kind == "air")
        #expect(
            air.freshness == FreshnessPolicy(staleAfter: 1800, expiresAfter: 7200, expiredValue: .hidden))
        let steps = try #require(kinds[1].widgetKind as? GenericCountWidget)
        #expect(steps.label == "steps" && steps.resetsDaily && steps.dayStart == DayStart(hour: 4))
        #expect(
            steps.freshness == FreshnessPolicy(staleAfter: 3600, expiresAfter: 86_400, refreshAfter: 1200))
        let agenda = try #require(kinds[2].widgetKind as? GenericScheduleWidget)
        #expect(agenda.itemDuration == 45 * 60)
        #expect(agenda.freshness.expiredValue == .shown && agenda.freshness.refreshAfter == 12 * 3600)
        // Written back, each declaration reads as the same declaration.
        let again = try JSONCoding.decode([GenericKind].self, from: JSONCoding.encoder().encode(kinds))
        #expect(again == kinds)
    }

    @Test(
        "a declaration that is not valid is refused at its JSON path, saying what is wrong",
        arguments: [
            (
                #"{ "kind": "Air Quality", "type": "value", "freshness": { "staleAfter": "1m", "expiresAfter": "1h" } }"#,
                "$.kinds[0].kind", "not a kind name"
            ),
            (
                #"{ "kind": "air", "type": "gauge", "freshness": { "staleAfter": "1m", "expiresAfter": "1h" } }"#,
                "$.kinds[0].type", "one of value, count, schedule"
            ),
            (
                #"{ "kind": "air", "type": "value", "itemDuration": "5m", "freshness": { "staleAfter": "1m", "expiresAfter": "1h" } }"#,
                "$.kinds[0].itemDuration", "only a \"schedule\" kind takes it"
            ),
            (
                #"{ "kind": "air", "type": "schedule", "resetsDaily": true, "freshness": { "staleAfter": "1m", "expiresAfter": "1h" } }"#,
                "$.kinds[0].resetsDaily", "only a \"count\" kind takes it"
            ),
            (
                #"{ "kind": "air", "type": "value", "freshness": { "staleAfter": "2h", "expiresAfter": "1h" } }"#,
                "$.kinds[0].freshness.expiresAfter", "at least staleAfter (2h)"
            ),
            (
                #"{ "kind": "air", "type": "value", "freshness": { "staleAfter": "0s", "expiresAfter": "1h" } }"#,
                "$.kinds[0].freshness.staleAfter", "more than 0s"
            ),
            (
                #"{ "kind": "air", "type": "value", "freshness": { "staleAfter": "6m", "expiresAfter": "10m", "expiredValue": "hidden" } }"#,
                "$.kinds[0].freshness.expiresAfter", "must be more than 10m when the expired value is hidden"
            ),
            (#"{ "kind": "air", "type": "value" }"#, "$.kinds[0]", "missing member \"freshness\""),
            (
                #"{ "kind": "air", "type": "count", "dayStart": "25:00", "freshness": { "staleAfter": "1m", "expiresAfter": "1h" } }"#,
                "$.kinds[0].dayStart", "HH:MM"
            ),
        ])
    func refusals(declaration: String, path: String, message: String) {
        #expect {
            try Self.declarations(#"{ "kinds": [ "# + declaration + " ] }")
        } throws: { error in
            guard let error = error as? ScenarioError else { return false }
            return error.path == path && error.message.contains(message)
        }
    }

    @Test("a kind declared twice, or with the name of a kind passed in, is refused at the second")
    func clashes() {
        let freshness = #""freshness": { "staleAfter": "1m", "expiresAfter": "1h" }"#
        #expect(
            throws: ScenarioError(path: "$.kinds[1].kind", message: "\"air\" is declared by an earlier kind")
        ) {
            try Self.declarations(
                #"{ "kinds": [ { "kind": "air", "type": "value", \#(freshness) }, { "kind": "air", "type": "count", \#(freshness) } ] }"#
            )
        }
        #expect {
            try Self.declarations(
                #"{ "kinds": [ { "kind": "parking", "type": "value", \#(freshness) } ] }"#,
                besides: ExampleWidgets.all)
        } throws: { error in
            (error as? ScenarioError)?.path == "$.kinds[0].kind"
                && String(describing: error).contains("is already a widget kind (known: schedule, task-count")
        }
        // A document without `kinds` declares none.
        #expect((try? Self.declarations(#"{ "name": "no kinds" }"#))?.isEmpty == true)
    }

    @Test(
        "a value is shown as written; the planner marks it stale and hides it a margin before its thresholds")
    func value() {
        let kind = GenericValueWidget(
            kind: "air",
            freshness: FreshnessPolicy(staleAfter: 1800, expiresAfter: 7200, expiredValue: .hidden))
        let reading: JSONValue = .object(["aqi": .integer(42), "level": .string("good")])
        let timeline = TimelinePlanner(kind: kind)
            .timeline(for: .loaded(Self.snapshot(reading, kind: "air")), at: Self.now, in: Self.seoul)
        let margin = PlanningOptions.default.latenessMargin
        #expect(
            timeline.entries.map(\.date)
                == [0, 1800 - margin, 7200 - margin].map(Self.now.addingTimeInterval))
        #expect(timeline.entries.map(\.state.situation) == ["fresh", "stale", "unavailable"])
        #expect(timeline.entries[0].state.content == reading)
        #expect(kind.summary(of: reading, in: Self.seoul) == #"{"aqi":42,"level":"good"}"#)
    }

    @Test(
        "a daily count reads 0 from the day start after its observation, never before; 0 has no change point")
    func dailyCount() throws {
        var kind = GenericCountWidget(
            kind: "steps", freshness: FreshnessPolicy(staleAfter: 3600, expiresAfter: 86_400), label: "steps",
            resetsDaily: true)
        let observed = Date.at("2026-11-30T23:10:00+09:00")
        let snapshot = Self.snapshot(GenericCount(count: 9874), kind: "steps", observedAt: observed)
        let midnight = Date.at("2026-12-01T00:00:00+09:00")
        #expect(
            kind.changePoints(of: snapshot, after: observed, through: observed + 86_400, in: Self.seoul) == [
                midnight
            ])
        #expect(kind.content(of: snapshot, at: midnight - 1, in: Self.seoul).count == 9874)
        #expect(kind.content(of: snapshot, at: midnight, in: Self.seoul).count == 0)
        #expect(kind.changeClaim(from: GenericCount(count: 9874), to: GenericCount(count: 0)) == .event)
        let timeline = TimelinePlanner(kind: kind).timeline(
            for: .loaded(snapshot), at: observed, in: Self.seoul)
        // The reset is an entry of its own, at the day start and not before.
        let reset = try #require(timeline.entries.first { $0.state.content?.count == 0 })
        #expect(reset.date == midnight)
        #expect(kind.summary(of: GenericCount(count: 3), in: Self.seoul) == "3 steps")
        // In New York the same instant is mid-morning: the day starts 14 hours later.
        let newYork = Calendar.gregorian(in: "America/New_York")
        #expect(
            kind.changePoints(of: snapshot, after: observed, through: observed + 86_400, in: newYork)
                == [Date.at("2026-12-01T00:00:00-05:00")])
        // A day start at 04:00, and a zero count, which has nothing to reset.
        kind.dayStart = try #require(DayStart(hour: 4))
        #expect(
            kind.changePoints(of: snapshot, after: observed, through: observed + 86_400, in: Self.seoul)
                == [Date.at("2026-12-01T04:00:00+09:00")])
        let zero = Self.snapshot(GenericCount(count: 0), kind: "steps", observedAt: observed)
        #expect(
            kind.changePoints(of: zero, after: observed, through: observed + 86_400, in: Self.seoul).isEmpty)
        kind.resetsDaily = false
        #expect(
            kind.changePoints(of: snapshot, after: observed, through: observed + 86_400, in: Self.seoul)
                .isEmpty)
        #expect(throws: (any Error).self) {
            try JSONCoding.decode(GenericCount.self, from: Data(#"{"count":-1}"#.utf8))
        }
    }

    @Test(
        "a schedule shows the item under way, the next and how many are left, changing at each beginning and end"
    )
    func schedule() throws {
        let kind = GenericScheduleWidget(
            kind: "agenda", freshness: FreshnessPolicy(staleAfter: 12 * 3600, expiresAfter: 36 * 3600),
            itemDuration: 1800)
        let standup = GenericScheduleItem(at: .at("2026-11-30T09:30:00+09:00"), title: "Standup")
        let review = GenericScheduleItem(at: .at("2026-11-30T09:45:00+09:00"), title: "Review")
        let lunch = GenericScheduleItem(at: .at("2026-11-30T12:00:00+09:00"))
        let snapshot = Self.snapshot(GenericSchedule(items: [lunch, review, standup]), kind: "agenda")
        func shown(_ time: String) -> GenericScheduleContent {
            kind.content(of: snapshot, at: .at("2026-11-30T\(time):00+09:00"), in: Self.seoul)
        }
        #expect(shown("09:00") == GenericScheduleContent(current: nil, next: standup, upcoming: 3))
        #expect(shown("09:30") == GenericScheduleContent(current: standup, next: review, upcoming: 2))
        #expect(shown("09:50") == GenericScheduleContent(current: review, next: lunch, upcoming: 1))
        #expect(shown("10:15") == GenericScheduleContent(current: nil, next: lunch, upcoming: 1))
        #expect(shown("12:40") == GenericScheduleContent(current: nil, next: nil, upcoming: 0))
        #expect(
            kind.summary(of: shown("09:50"), in: Self.seoul) == "now Review · next 12:00 · 1 upcoming")
        #expect(kind.summary(of: shown("12:40"), in: Self.seoul) == "nothing left")
        let points = kind.changePoints(
            of: snapshot, after: Self.now, through: Self.now + 86_400, in: Self.seoul
        ).sorted()
        #expect(
            points
                == ["09:30", "09:45", "10:00", "10:15", "12:00", "12:30"].map {
                    .at("2026-11-30T\($0):00+09:00")
                })
        // Planned: nothing shows before its time, even where the 5-minute spacing moves an entry.
        let timeline = TimelinePlanner(kind: kind).timeline(
            for: .loaded(snapshot), at: Self.now, in: Self.seoul)
        for entry in timeline.entries {
            let content = try #require(entry.state.content)
            let truthAtEntry = kind.content(of: snapshot, at: entry.date, in: Self.seoul)
            #expect(content.upcoming >= truthAtEntry.upcoming, "\(entry.date): shows an item begun early")
        }
        // Once everything is over, the screen lasts; before, a schedule has no lasting screen.
        #expect(
            kind.lastingContent(of: snapshot, from: .at("2026-11-30T13:00:00+09:00"), in: Self.seoul)
                == shown("12:40"))
        #expect(kind.lastingContent(of: snapshot, from: Self.now, in: Self.seoul) == nil)
    }

    @Test(
        "a schedule longer than the planner's horizon ends \"unavailable (timeline-ended)\"; a finished one lasts"
    )
    func scheduleBeyondTheHorizon() throws {
        let kind = GenericScheduleWidget(
            kind: "agenda", freshness: FreshnessPolicy(staleAfter: 30 * 86_400, expiresAfter: 60 * 86_400))
        let hourly = (1...96).map { GenericScheduleItem(at: Self.now.addingTimeInterval(Double($0) * 3600)) }
        let long = TimelinePlanner(kind: kind)
            .timeline(
                for: .loaded(Self.snapshot(GenericSchedule(items: hourly), kind: "agenda")), at: Self.now,
                in: Self.seoul)
        let last = try #require(long.entries.last)
        #expect(last.state == .unavailable(.timelineEnded))
        #expect(last.date <= Self.now.addingTimeInterval(PlanningOptions.default.horizon))
        let short = TimelinePlanner(kind: kind)
            .timeline(
                for: .loaded(Self.snapshot(GenericSchedule(items: Array(hourly.prefix(3))), kind: "agenda")),
                at: Self.now, in: Self.seoul)
        #expect(
            short.entries.last?.state.content == GenericScheduleContent(current: nil, next: nil, upcoming: 0))
    }

    @Test(
        "the library never shows a generic kind's stale data as fresh nor an event early, whatever its thresholds",
        arguments: ["1s", "4m", "5m", "6m", "30m"])
    func claimsAcrossThresholds(staleAfter: String) throws {
        let json = #"""
            { "name": "thresholds", "start": "2026-11-30T07:00:00+09:00", "duration": "8h", "timeZone": "Asia/Seoul",
              "kinds": [
                { "kind": "reading", "type": "value", "freshness": { "staleAfter": "\#(staleAfter)", "expiresAfter": "1h", "expiredValue": "hidden" } },
                { "kind": "unread", "type": "count", "resetsDaily": true, "freshness": { "staleAfter": "\#(staleAfter)", "expiresAfter": "2h" } },
                { "kind": "plan", "type": "schedule", "itemDuration": "3m", "freshness": { "staleAfter": "\#(staleAfter)", "expiresAfter": "3h" } }
              ],
              "widgets": [
                { "kind": "reading", "source": { "randomUpdates": { "meanInterval": "25m", "payloads": [ 1, "two", { "three": 3 } ] } } },
                { "kind": "unread", "randomCommits": { "meanInterval": "50m", "payloads": [ { "count": 0 }, { "count": 4 } ] } },
                { "kind": "plan", "commits": [ { "at": "2026-11-30T07:00:00+09:00", "payload": { "items": [
                  { "at": "2026-11-30T08:00:00+09:00" }, { "at": "2026-11-30T08:02:00+09:00", "title": "b" },
                  { "at": "2026-11-30T08:04:00+09:00", "title": "c" }, { "at": "2026-11-30T11:00:00+09:00" } ] } } ] }
              ] }
            """#
        let result = try Simulation.run(
            scenarioJSON: Data(json.utf8), strategies: [.library, .singleEntry15Minutes])
        for widget in ["reading", "unread", "plan"] {
            let library = try #require(result.metrics(of: widget, under: .library))
            #expect(library.staleShownAsFreshMinutes == 0, "\(widget), staleAfter \(staleAfter)")
            #expect(library.earlyEventMinutes == 0, "\(widget), staleAfter \(staleAfter)")
        }
        // The check can fail: the tutorial widget claims current data that is not.
        #expect(
            try #require(result.metrics(of: "unread", under: .singleEntry15Minutes)).staleShownAsFreshMinutes
                > 0)
    }

    @Test(
        "a scenario's widgets may name its declared kinds beside the ones passed in, and not redeclare them")
    func scenarioKinds() throws {
        var scenario = try ShippedScenarios.scenario("generic-count.json")
        let compiled = try scenario.compiled(kinds: ExampleWidgets.all)
        #expect(compiled.widgetIDs == ["steps"])
        #expect(try scenario.compiled(kinds: []).widgetIDs == ["steps"])
        scenario.kinds[0].kind = "task-count"
        #expect {
            try scenario.compiled(kinds: ExampleWidgets.all)
        } throws: { error in
            (error as? ScenarioError)?.path == "$.kinds[0].kind"
        }
        // Unknown kinds list the declared ones too.
        scenario.widgets[0].kind = "stepz"
        #expect {
            try scenario.compiled(kinds: [])
        } throws: { error in
            String(describing: error).contains("unknown widget kind \"stepz\"; known: task-count")
        }
    }
}
