import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineTesting

/// Property tests: for many seeded random snapshots, zones, instants and failures, every invariant
/// of the invariants and the reload policy holds, and no entry claims fresher data than it has.
@Suite("Planner properties over generated inputs")
struct PlannerPropertyTests {
    static let zones = [
        "UTC", "Asia/Seoul", "America/Havana", "America/Santiago", "Australia/Lord_Howe", "Pacific/Apia",
        "Europe/Berlin", "Asia/Kathmandu", "America/St_Johns",
    ]

    struct Case: CustomStringConvertible {
        var seed: UInt64
        var planner: TimelinePlanner<ScriptedWidget>
        var input: LoadResult<ScriptedPayload>
        var now: Date
        var calendar: Calendar

        var description: String { "seed \(seed)" }
    }

    static func generate(seed: UInt64) -> Case {
        var random = SplitMix64(seed: seed)
        let now = Date(
            timeIntervalSince1970: Double(Int64.random(in: 1_300_000_000...1_900_000_000, using: &random)))
        let minute: TimeInterval = 60
        // Change points cluster, collide, fall in the past and beyond the horizon.
        let phaseCount = Int.random(in: 0...60, using: &random)
        let phases = (0..<phaseCount).map { index in
            let offset =
                Double(Int.random(in: -180...(72 * 60), using: &random)) * minute
                + (Bool.random(using: &random) ? Double(Int.random(in: 0...59, using: &random)) : 0)
            return ScriptedPhase(
                start: now.addingTimeInterval(offset), label: "P\(Int.random(in: 0...3, using: &random))")
        }
        let stale = Double(Int.random(in: 1...(12 * 60), using: &random)) * minute
        let expires = stale + Double(Int.random(in: 0...(48 * 60), using: &random)) * minute
        let policy = FreshnessPolicy(
            staleAfter: stale,
            expiresAfter: expires,
            expiredValue: Bool.random(using: &random) ? .shown : .hidden,
            refreshAfter: Double(Int.random(in: 1...(24 * 60), using: &random)) * minute
        )
        var options = PlanningOptions.default
        options.maximumEntries = Int.random(in: 1...120, using: &random)
        options.horizon = Double(Int.random(in: 0...(72 * 60), using: &random)) * minute
        options.jitterSeed = random.next()
        options.latenessMargin = Double(Int.random(in: 0...10, using: &random)) * minute
        if Bool.random(using: &random) {
            options.refreshJitter = RefreshJitter(maximum: 900, seed: random.next())
        }
        let generatedAt = now.addingTimeInterval(
            -Double(Int.random(in: 0...(3 * 24 * 60), using: &random)) * minute)
        let observedAt: Date? =
            Bool.random(using: &random)
            ? generatedAt.addingTimeInterval(-Double(Int.random(in: 0...(6 * 60), using: &random)) * minute)
            : nil
        let snapshot = Snapshot.fixture(
            ScriptedPayload(initialLabel: "P0", phases: phases),
            kind: "scripted",
            revision: Int.random(in: 1...1000, using: &random),
            generatedAt: generatedAt,
            observedAt: observedAt
        )
        var input: LoadResult<ScriptedPayload>
        switch Int.random(in: 0..<5, using: &random) {
        case 0: input = .nothingYet
        case 1: input = .failed(.sourceFailed, consecutiveFailures: Int.random(in: 1...20, using: &random))
        case 2:
            input = .failed(
                .sourceTimedOut, consecutiveFailures: Int.random(in: 1...20, using: &random),
                lastKnown: snapshot)
        default: input = .loaded(snapshot)
        }
        // Data the extension can fetch itself, or data only the host writes.
        input.extensionCanFetch = Bool.random(using: &random)
        // Some labels claim less than others; some widgets have a coarse lasting screen.
        let widget = ScriptedWidget(
            freshness: policy,
            withdrawals: Set((0...3).filter { _ in Bool.random(using: &random) }.map { "P\($0)" }),
            lastingLabel: Bool.random(using: &random) ? "lasting" : nil)
        return Case(
            seed: seed,
            planner: TimelinePlanner(kind: widget, options: options),
            input: input,
            now: now,
            calendar: .gregorian(in: zones.randomElement(using: &random)!)
        )
    }

    // The rules themselves live in `PlanCheck` (WidgetTimelineTesting), shared with the example
    // widgets' property tests and available to apps for their own widgets.

    @Test("every P3 invariant and P4 policy rule holds for 2,000 generated inputs")
    func invariantsHold() {
        for seed in UInt64(0)..<2_000 {
            let test = Self.generate(seed: seed)
            let plan = test.planner.plan(test.input, at: test.now, in: test.calendar)
            let problems = PlanCheck.problems(
                in: plan, of: test.planner, for: test.input, at: test.now, in: test.calendar)
            #expect(problems.isEmpty, "\(test): \(problems)")
        }
    }

    @Test(
        "no entry claims fresher data than it has, nor an event before it happens; the last entry lasts (2,000 generated inputs)"
    )
    func claimsAreHonest() {
        for seed in UInt64(10_000)..<12_000 {
            let test = Self.generate(seed: seed)
            guard test.input.snapshot != nil else { continue }
            let plan = test.planner.plan(test.input, at: test.now, in: test.calendar)
            let problems = PlanCheck.problems(
                in: plan, of: test.planner, for: test.input, at: test.now, in: test.calendar)
            #expect(problems.isEmpty, "\(test): \(problems)")
        }
    }

    // Before: data observed 61 s to 6 min after now turned fresh (came within the tolerance)
    // under the spacing from now, and that grant was folded into the entry for now.
    @Test(
        "data from a clock ahead is never called fresh before it is known, within the spacing or not (2,000 inputs)"
    )
    func clockAheadNeverFreshEarly() {
        for seed in UInt64(20_000)..<22_000 {
            var random = SplitMix64(seed: seed)
            let test = Self.generate(seed: seed)
            let ahead = Double(Int.random(in: 1...(20 * 60), using: &random))
            let observedAt = test.now.addingTimeInterval(ahead)
            let snapshot = Snapshot.fixture(
                ScriptedPayload(initialLabel: "P0", phases: []), kind: "scripted", revision: 1,
                generatedAt: observedAt, observedAt: observedAt)
            let known = observedAt.addingTimeInterval(-SnapshotLimits.futureInstantTolerance)
            let plan = test.planner.plan(.loaded(snapshot), at: test.now, in: test.calendar)
            for entry in plan.timeline.entries where entry.state.freshness == .fresh {
                #expect(entry.date >= known, "seed \(seed): fresh at \(entry.date), known at \(known)")
            }
        }
    }

    @Test("past the sample limit the timeline is cut short, with the reload at the cut")
    func sampleLimit() throws {
        let now = Date.at("2026-11-29T09:00:00Z")
        // 3,000 phase changes a minute apart: far more instants than the planner samples.
        let phases = (1...3_000).map {
            ScriptedPhase(start: now.addingTimeInterval(Double($0) * 60), label: "P\($0 % 2)")
        }
        var options = PlanningOptions.default
        options.maximumSamples = 200
        let planner = TimelinePlanner(kind: ScriptedWidget(freshness: .standard), options: options)
        let input = LoadResult<ScriptedPayload>.loaded(
            .fixture(ScriptedPayload(initialLabel: "P0", phases: phases), kind: "scripted", generatedAt: now))
        let plan = planner.plan(input, at: now, in: .gregorian(in: "UTC"))
        #expect(
            PlanCheck.problems(in: plan, of: planner, for: input, at: now, in: .gregorian(in: "UTC")).isEmpty)
        let cut = try #require(
            plan.corrections.compactMap { correction -> Date? in
                if case .truncated(_, let from) = correction { return from }
                return nil
            }.min())
        #expect(cut <= now.addingTimeInterval(200 * 60))
        #expect(plan.timeline.earliestReload.map { $0 <= cut } == true)
    }

    @Test("the planner is a pure function: the same generated input, the same plan")
    func deterministic() {
        for seed in UInt64(20_000)..<20_200 {
            let a = Self.generate(seed: seed)
            let b = Self.generate(seed: seed)
            #expect(
                a.planner.plan(a.input, at: a.now, in: a.calendar)
                    == b.planner.plan(b.input, at: b.now, in: b.calendar))
        }
    }
}
