import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineTesting

/// Kinds an app may write that are legal under `WidgetKind` but hostile to the planner: thresholds
/// that are not whole seconds, data kept fresh longer than the horizon, waits of zero.
@Suite("Hostile widget kinds")
struct HostileKindTests {
    static let calendar = Calendar.gregorian(in: "UTC")

    static func planner(
        _ freshness: FreshnessPolicy, options: PlanningOptions = .default, lastingLabel: String? = nil
    ) -> TimelinePlanner<ScriptedWidget> {
        TimelinePlanner(
            kind: ScriptedWidget(freshness: freshness, lastingLabel: lastingLabel), options: options)
    }

    static func snapshot(observedAt: Date, phases: [ScriptedPhase] = []) -> Snapshot<ScriptedPayload> {
        .fixture(
            ScriptedPayload(initialLabel: "A", phases: phases), kind: "scripted", revision: 4,
            generatedAt: observedAt)
    }

    // Before: the withdrawal instant `observed + staleAfter − margin`, added up in dates, rounds;
    // about half the time the sample there still read "fresh", and nothing corrected it before
    // the expiry withdrawal a day later.
    @Test(
        "a threshold that is not whole seconds withdraws fresh on time, whatever the observation's milliseconds"
    )
    func fractionalThresholds() {
        for margin in [0.0, 300] {
            var options = PlanningOptions.default
            options.latenessMargin = margin
            let planner = Self.planner(
                FreshnessPolicy(staleAfter: 600.1, expiresAfter: 86_400.3, expiredValue: .hidden),
                options: options)
            for index in 0..<200 {
                let observed = Date(timeIntervalSince1970: 1_796_000_000 + Double(index) * 3.141)
                let now = observed.addingTimeInterval(1)
                let input = LoadResult.loaded(Self.snapshot(observedAt: observed))
                let plan = planner.plan(input, at: now, in: Self.calendar)
                let entries = plan.timeline.entries
                let staleAt = observed.addingTimeInterval(600.1)
                let expiresAt = observed.addingTimeInterval(86_400.3)
                for (position, entry) in entries.enumerated().dropLast() {
                    // The next entry may be shown up to the margin late.
                    let until = entries[position + 1].date.addingTimeInterval(margin)
                    if case .fresh = entry.state {
                        #expect(until.timeIntervalSince(staleAt) < 1e-6, "margin \(margin), case \(index)")
                    }
                    if case .stale = entry.state {
                        #expect(until.timeIntervalSince(expiresAt) < 1e-6, "margin \(margin), case \(index)")
                    }
                }
                #expect(
                    PlanCheck.problems(in: plan, of: planner, for: input, at: now, in: Self.calendar) == [])
            }
        }
    }

    @Test("an infinite, not-a-number or negative horizon is clamped, so planning a daily kind ends")
    func horizonClamped() {
        var options = PlanningOptions(horizon: .infinity)
        #expect(options.horizon == PlanningOptions.longestHorizon)
        options.horizon = .nan
        #expect(options.horizon == 0)
        options.horizon = -5
        #expect(options.horizon == 0)
        options.horizon = 1e300
        #expect(options.horizon == 366 * 86_400)
        // A kind that lists every day start within the horizon: with an unbounded one it never ended.
        options.horizon = .infinity
        let now = Date(timeIntervalSince1970: 1_796_000_000)
        let plan = TimelinePlanner(kind: DayStartsWidget(), options: options).plan(
            .loaded(.fixture(0, kind: "day", generatedAt: now)), at: now, in: Self.calendar)
        #expect(plan.timeline.entries.count > 1)
    }

    @Test("data that never goes stale is never called stale or expired, and is still reloaded")
    func infiniteThresholds() {
        let observed = Date.at("2026-12-04T10:00:00Z")
        let planner = Self.planner(
            FreshnessPolicy(staleAfter: .infinity, expiresAfter: .infinity, expiredValue: .hidden))
        let plan = planner.plan(.loaded(Self.snapshot(observedAt: observed)), at: observed, in: Self.calendar)
        let fresh = WidgetState.fresh("A", DataStamp(revision: 4, observedAt: observed))
        #expect(plan.timeline.entries.map(\.state) == [fresh])
        // Its refresh interval, infinite too, still asks for the safety net's reload, not for one
        // at the end of time.
        let safetyNet = observed.addingTimeInterval(PlanningOptions.default.hostDataRecheck)
        #expect(plan.timeline.policy == .after(safetyNet))
    }

    @Test("data observed at no instant (not a number, made in code) is never called fresh")
    func notANumberObservation() {
        let now = Date.at("2026-12-04T10:00:00Z")
        let observed = Date(timeIntervalSinceReferenceDate: .nan)
        for stale in [600.0, .infinity] {
            let planner = Self.planner(FreshnessPolicy(staleAfter: stale, expiresAfter: .infinity))
            let input = LoadResult.loaded(Self.snapshot(observedAt: observed))
            let plan = planner.plan(input, at: now, in: Self.calendar)
            let claimed = plan.timeline.entries.map(\.state.freshness)
            #expect(claimed.allSatisfy { $0 == .expired }, "staleAfter \(stale)")
        }
    }

    // Before: the timeline, cut at its sample limit after the value was hidden, asked the host's
    // data to be read again at the cut, where every plan shows "unavailable" (P7).
    @Test("a cut after the domain hides the value asks for no reload there")
    func cutAfterHiddenExpiry() {
        let now = Date.at("2026-12-04T10:00:00Z")
        let phases = (1...200).map { index in
            ScriptedPhase(
                start: now.addingTimeInterval(3600 + Double(index) * 600), label: index % 2 == 0 ? "B" : "C")
        }
        var options = PlanningOptions.default
        options.maximumEntries = 3
        options.maximumSamples = 5
        let planner = Self.planner(
            FreshnessPolicy(staleAfter: 600, expiresAfter: 1200, expiredValue: .hidden), options: options)
        for canFetch in [false, true] {
            var input = LoadResult.loaded(Self.snapshot(observedAt: now, phases: phases))
            input.extensionCanFetch = canFetch
            let timeline = planner.plan(input, at: now, in: Self.calendar).timeline
            #expect(timeline.entries.last?.state == .unavailable(.expired))
            let wait = canFetch ? 600 : options.hostDataRecheck
            #expect(timeline.policy == .after(now.addingTimeInterval(wait)), "can fetch: \(canFetch)")
        }
    }

    // Before: with every entry taken by what lasts (the cut, a stale and an expiry withdrawal),
    // the cut fell at now and the reload was asked for one spacing later, or at once with a
    // spacing of zero: a plan made then was cut at its own now again, so the widget reloaded
    // over and over and showed the same screen.
    @Test("a timeline cut at now asks for its reload where its screen first changes, not at once")
    func cutAtNow() {
        let now = Date.at("2026-12-04T10:00:00Z")
        let phases = (1...200).map { index in
            ScriptedPhase(
                start: now.addingTimeInterval(Double(index) * 60), label: index % 2 == 0 ? "B" : "C")
        }
        for spacing in [0.0, 300] {
            var options = PlanningOptions(minimumSpacing: spacing)
            options.maximumEntries = 3
            options.latenessMargin = 0
            let planner = Self.planner(
                FreshnessPolicy(staleAfter: 3600, expiresAfter: 7200, refreshAfter: 86_400), options: options,
                lastingLabel: "L")
            var input = LoadResult.loaded(Self.snapshot(observedAt: now, phases: phases))
            input.extensionCanFetch = false
            // Reload as asked for, as the system would: each plan must show something new.
            var at = now
            var reloads = 0
            while at < now.addingTimeInterval(3 * 3600), reloads < 200 {
                let timeline = planner.plan(input, at: at, in: Self.calendar).timeline
                guard case .after(let next) = timeline.policy else { break }
                let firstChange = timeline.entries.dropFirst().first?.date
                #expect(
                    firstChange == nil || next >= firstChange!,
                    "spacing \(spacing): reload at \(next), screen changes at \(String(describing: firstChange))"
                )
                at = next
                reloads += 1
            }
            // One reload a minute while the events outnumber the entries, then none: before, the
            // reloads never got past 10:00 (spacing 0) or came every 5 minutes until 11:00.
            #expect(reloads <= 62, "spacing \(spacing): \(reloads) reloads by \(at)")
        }
    }

    // Before: a weekly refresh left the widget "unavailable" from the horizon (48 h) until the
    // refresh three days later, though a reload at the horizon shows the data, fresh.
    @Test("a timeline whose horizon ends before the data turns stale asks for its reload at the horizon")
    func horizonBeforeThresholds() {
        let observed = Date.at("2026-12-04T10:00:00Z")
        let planner = Self.planner(
            FreshnessPolicy(staleAfter: 3 * 86_400, expiresAfter: 7 * 86_400, expiredValue: .hidden))
        for canFetch in [true, false] {
            var input = LoadResult.loaded(Self.snapshot(observedAt: observed))
            input.extensionCanFetch = canFetch
            let timeline = planner.plan(input, at: observed, in: Self.calendar).timeline
            let horizonEnd = observed.addingTimeInterval(PlanningOptions.default.horizon)
            #expect(timeline.entries.last?.date == horizonEnd)
            #expect(timeline.entries.last?.state == .unavailable(.expired))
            #expect(timeline.policy == .atEnd, "extension can fetch: \(canFetch)")
        }
    }

    @Test("an event too close to the horizon to appear asks for the reload where the last entry stands in")
    func eventPastTheHorizon() {
        let now = Date.at("2026-12-04T10:00:00Z")
        var options = PlanningOptions.default
        options.horizon = 3600
        // "C" comes 50 s after "B", so the spacing would show it at 63 min: past the horizon.
        let phases = [
            ScriptedPhase(start: now.addingTimeInterval(3500), label: "B"),
            ScriptedPhase(start: now.addingTimeInterval(3550), label: "C"),
        ]
        let planner = Self.planner(
            FreshnessPolicy(staleAfter: 86_400, expiresAfter: 86_400, refreshAfter: 86_400), options: options)
        let plan = planner.plan(
            .loaded(Self.snapshot(observedAt: now, phases: phases)), at: now, in: Self.calendar)
        let reload: Date? =
            switch plan.timeline.policy {
            case .after(let date): date
            case .atEnd: plan.timeline.entries.last?.date
            case .never: nil
            }
        #expect(plan.timeline.entries.last?.state == .unavailable(.timelineEnded))
        guard let reload else {
            Issue.record("expected a reload, got .never")
            return
        }
        #expect(reload <= now.addingTimeInterval(3500))
    }

    // Before: a wait of zero (a back-off starting at 0, a refresh interval shorter than a date's
    // precision with no spacing) asked for the reload at `now`, `.atEnd` on a lone entry at now.
    @Test("a reload is never asked for at now, however short the waits")
    func reloadAfterNow() {
        let now = Date.at("2026-12-04T10:00:00.123Z")
        var options = PlanningOptions(minimumSpacing: 0, retry: RetryBackoff(initial: 0, maximum: 0))
        options.horizon = 0
        let planner = Self.planner(
            FreshnessPolicy(staleAfter: 1e-9, expiresAfter: 1e-9, refreshAfter: 1e-9), options: options)
        let snapshot = Self.snapshot(observedAt: now.addingTimeInterval(-600))
        let inputs: [LoadResult<ScriptedPayload>] = [
            .loaded(snapshot), .failed(.sourceFailed, consecutiveFailures: 1, lastKnown: snapshot),
            .failed(.sourceFailed), .nothingYet,
        ]
        for input in inputs {
            let plan = planner.plan(input, at: now, in: Self.calendar)
            guard case .after(let reload) = plan.timeline.policy else {
                Issue.record("expected .after, got \(plan.timeline.policy)")
                continue
            }
            #expect(reload > now)
        }
    }

    /// Freshness by the data's age, written here rather than taken from `FreshnessPolicy`.
    static func truth(observed: Date, _ policy: FreshnessPolicy, at instant: Date) -> Freshness {
        let age = instant.timeIntervalSince(observed)
        if age < -SnapshotLimits.futureInstantTolerance { return .stale }
        return age < policy.staleAfter ? .fresh : age < policy.expiresAfter ? .stale : .expired
    }

    static func seconds(_ random: inout SplitMix64) -> TimeInterval {
        switch Int.random(in: 0..<8, using: &random) {
        case 0: 1e-9
        case 1: Double.random(in: 0.001...10, using: &random)
        case 2: Double(Int.random(in: 1...600, using: &random)) * 300
        case 3: 1e9
        case 4: .infinity
        default: (Double.random(in: 60...200_000, using: &random) * 1000).rounded() / 1000
        }
    }

    /// A hostile kind's case: phases nanoseconds apart, in the past, at `now`; thresholds of a
    /// nanosecond, of fractions, of decades or infinite; data from a clock ahead or decades old;
    /// horizons, margins and spacings of zero.
    static func hostileCase(_ seed: UInt64) -> (
        TimelinePlanner<ScriptedWidget>, LoadResult<ScriptedPayload>, Date
    ) {
        var random = SplitMix64(seed: seed)
        let now = Date(
            timeIntervalSince1970: (Double.random(in: 1.3e9...1.9e9, using: &random) * 1000).rounded() / 1000)
        var phases: [ScriptedPhase] = []
        for _ in 0..<[0, 1, 3, 20, 200].randomElement(using: &random)! {
            let start =
                phases.isEmpty || Bool.random(using: &random)
                ? now.addingTimeInterval(Double.random(in: -3600...200_000, using: &random))
                : phases.randomElement(using: &random)!.start.addingTimeInterval(
                    [0, 1e-9, 1e-6, 1, 299.999].randomElement(using: &random)!)
            phases.append(ScriptedPhase(start: start, label: ["A", "B", "C"].randomElement(using: &random)!))
        }
        let stale = seconds(&random)
        let policy = FreshnessPolicy(
            staleAfter: stale, expiresAfter: Bool.random(using: &random) ? stale : stale + seconds(&random),
            expiredValue: Bool.random(using: &random) ? .shown : .hidden,
            refreshAfter: [nil, 1e-9, 1e9, 450.5].randomElement(using: &random)!)
        var options = PlanningOptions.default
        options.horizon = [0, 1e-9, 3600, 48 * 3600].randomElement(using: &random)!
        options.latenessMargin = [0, 1e-9, 300, 3600].randomElement(using: &random)!
        options.minimumSpacing = [0, 1, 300].randomElement(using: &random)!
        options.maximumEntries = [3, 10, 100].randomElement(using: &random)!
        options.jitterSeed = random.next()
        let observed = now.addingTimeInterval(
            [-1e9, -3600, 0, 61, 3 * 3600].randomElement(using: &random)!
                + Double.random(in: 0...1, using: &random))
        var input: LoadResult<ScriptedPayload> =
            Bool.random(using: &random)
            ? .loaded(snapshot(observedAt: observed, phases: phases))
            : .failed(
                .sourceFailed, consecutiveFailures: Int.random(in: 1...50, using: &random),
                lastKnown: snapshot(observedAt: observed, phases: phases))
        input.extensionCanFetch = Bool.random(using: &random)
        let widget = ScriptedWidget(
            freshness: policy, withdrawals: Bool.random(using: &random) ? ["C"] : [],
            lastingLabel: Bool.random(using: &random) ? "all" : nil)
        return (TimelinePlanner(kind: widget, options: options), input, now)
    }

    @Test(
        "hostile kinds: claims true over their display, reload after now and no later than the last entry stands in (1,000 seeds)"
    )
    func hostileKindsKeepThePromises() {
        for seed in PropertyCheck.seeds(count: 1_000, firstSeed: 110_000) {
            let (planner, input, now) = Self.hostileCase(seed)
            let plan = planner.plan(input, at: now, in: Self.calendar)
            let entries = plan.timeline.entries
            let snapshot = input.snapshot!
            let policy = planner.kind.freshness
            var problems = PlanCheck.problems(in: plan, of: planner, for: input, at: now, in: Self.calendar)
            // Data from a clock ahead by more than the horizon is honestly stale to the end of the
            // timeline; PlanCheck expects the freshness it will have once known.
            let known = snapshot.dataObservedAt.addingTimeInterval(-SnapshotLimits.futureInstantTolerance)
            if known > now.addingTimeInterval(planner.options.horizon) {
                problems.removeAll { $0.hasPrefix("the last entry claims stale") }
            }
            for (index, entry) in entries.enumerated() {
                // Shown from its date until the next entry, which may come up to the margin late.
                let until =
                    index + 1 < entries.count
                    ? entries[index + 1].date.addingTimeInterval(planner.options.latenessMargin)
                    : Instant.afterAll
                let worst = Self.truth(
                    observed: snapshot.dataObservedAt, policy, at: until.addingTimeInterval(-1e-6))
                switch entry.state {
                case .fresh where worst != .fresh:
                    problems.append("entry \(index) fresh until it is \(worst)")
                case .stale where worst == .expired && policy.expiredValue == .hidden:
                    problems.append("entry \(index) shows a hidden value past its expiry")
                default: break
                }
            }
            let reload: Date? =
                switch plan.timeline.policy {
                case .after(let date): date
                case .atEnd: entries.last!.date
                case .never: nil
                }
            if let reload, !(reload > now) { problems.append("a reload at now") }
            if let reload, !reload.timeIntervalSince1970.isFinite { problems.append("a reload never") }
            if let reload, let last = entries.last, reload > last.date, last.date > now,
                planner.plan(input, at: last.date, in: Self.calendar).timeline.entries[0].state != last.state
            {
                problems.append("the last entry stands in for more, and the reload comes after it")
            }
            #expect(problems.isEmpty, "seed \(seed): \(problems)")
        }
    }
}

/// Shows the day of the month; its content changes at every day start within the horizon.
struct DayStartsWidget: WidgetKind {
    let kind = "day"
    let freshness = FreshnessPolicy(staleAfter: 72 * 3600, expiresAfter: 96 * 3600)
    func content(of snapshot: Snapshot<Int>, at instant: Date, in calendar: Calendar) -> Int {
        calendar.component(.day, from: instant)
    }
    func changePoints(
        of snapshot: Snapshot<Int>, after now: Date, through end: Date, in calendar: Calendar
    ) -> [Date] {
        DayBoundaries(calendar: calendar).dayStarts(after: now, through: end)
    }
    var preview: Int { 0 }
}
