import Foundation
import Testing
import WidgetTimeline
import WidgetTimelinePush
import WidgetTimelineTesting

/// The planner's rules, one situation at a time. The seeded properties over many random streams
/// are in `PushPlannerPropertyTests`.
@Suite("Push planner")
struct PushPlannerTests {
    /// 2026-11-30T07:00:00Z.
    static let start = Date(timeIntervalSince1970: 1_796_022_000)
    static let day: TimeInterval = 86_400

    static func at(_ seconds: TimeInterval) -> Date { start.addingTimeInterval(seconds) }
    static func fingerprint(_ text: String) -> ContentFingerprint {
        ContentFingerprint(bytes: Array(text.utf8))
    }

    static func registration(
        _ installation: String, token: String, widgets: [(id: String, kind: String)]
    ) -> PushRegistration {
        try! PushRegistration(
            installationID: installation, token: PushToken(hex: token), environment: .production,
            widgets: widgets.map { try! RegisteredWidget(id: $0.id, kind: $0.kind, family: "systemSmall") })
    }

    static func destination(_ token: String) -> PushDestination {
        PushDestination(token: try! PushToken(hex: token), environment: .production)
    }

    static func planner(
        _ registrations: [PushRegistration] = [
            registration("phone", token: "aa", widgets: [("p", "parking")])
        ],
        window: TimeInterval = 600, budget: PushBudget = .unlimited, seed: UInt64 = 1
    ) throws -> PushPlanner {
        try PushPlanner(
            registry: PushTokenRegistry(registrations), window: window, budget: budget, seed: seed)
    }

    static func change(_ seconds: TimeInterval, _ fingerprint: String, kind: String = "parking") -> PushChange
    {
        PushChange(at: at(seconds), target: .kind(kind), fingerprint: Self.fingerprint(fingerprint))
    }

    /// The single decision a change is expected to make.
    static func only(_ decisions: [PushDecision], sourceLocation: SourceLocation = #_sourceLocation) throws
        -> PushDecision
    {
        try #require(decisions.count == 1, sourceLocation: sourceLocation)
        return decisions[0]
    }

    @Test(
        "a change is pushed at or after it and less than a window later; one at the same instant rides on it")
    func pushThenCoalesce() throws {
        var planner = try Self.planner()
        let push = try #require(try Self.only(planner.handle(Self.change(0, "A"))).push)
        #expect(push.destination == Self.destination("aa"))
        #expect(push.at >= Self.at(0) && push.at < Self.at(600))
        #expect(push.reason.changedWidgets == [WidgetInstance(installationID: "phone", widgetID: "p")])
        #expect(push.reason.change == Self.change(0, "A"))
        let ride = try #require(try Self.only(planner.handle(Self.change(0, "B"))).dropped)
        #expect(ride.reason == .coalesced(into: push.at))
        #expect(ride.destination == Self.destination("aa"))
        #expect(planner.latestPush(to: Self.destination("aa")) == push.at)
    }

    @Test("the next push waits a full window after the last, and still goes within a window of its change")
    func spacing() throws {
        var planner = try Self.planner()
        let first = try #require(try Self.only(planner.handle(Self.change(0, "A"))).push)
        let afterFirst = first.at.timeIntervalSince(Self.start) + 0.001
        let second = try #require(try Self.only(planner.handle(Self.change(afterFirst, "B"))).push)
        #expect(second.at.timeIntervalSince(first.at) >= 600 - 0.000_5)
        #expect(second.at <= Self.at(afterFirst + 600))
    }

    @Test("a change to what the last push already showed is dropped; a change away from it is pushed")
    func unchanged() throws {
        var planner = try Self.planner()
        let first = try #require(try Self.only(planner.handle(Self.change(0, "A"))).push)
        let later = first.at.timeIntervalSince(Self.start) + 1_000
        let same = try #require(try Self.only(planner.handle(Self.change(later, "A"))).dropped)
        #expect(same.reason == .unchangedFingerprint)
        #expect(same.widgets == [WidgetInstance(installationID: "phone", widgetID: "p")])
        #expect(try Self.only(planner.handle(Self.change(later + 1, "B"))).push != nil)
    }

    @Test("one push per destination: two widgets on one token get one push listing both")
    func oneTokenManyWidgets() throws {
        var planner = try Self.planner([
            Self.registration("phone", token: "aa", widgets: [("small", "parking"), ("large", "parking")]),
            Self.registration("tablet", token: "bb", widgets: [("p", "parking")]),
        ])
        let decisions = planner.handle(Self.change(0, "A"))
        #expect(
            decisions.compactMap(\.push).map(\.destination) == [
                Self.destination("aa"), Self.destination("bb"),
            ])
        #expect(
            decisions.first?.push?.reason.changedWidgets == [
                WidgetInstance(installationID: "phone", widgetID: "large"),
                WidgetInstance(installationID: "phone", widgetID: "small"),
            ])
        // A change to one of them still pushes the token: the other's display did not change.
        let one = PushChange(
            at: Self.at(5_000), target: .widget(WidgetInstance(installationID: "phone", widgetID: "small")),
            fingerprint: Self.fingerprint("B"))
        let push = try #require(try Self.only(planner.handle(one)).push)
        #expect(push.reason.changedWidgets == [WidgetInstance(installationID: "phone", widgetID: "small")])
    }

    @Test("with a budget of 2 a day, the third change in a day is dropped until the first push is a day old")
    func budget() throws {
        var planner = try Self.planner(window: 60, budget: .perRolling24Hours(2))
        let first = try #require(try Self.only(planner.handle(Self.change(0, "A"))).push)
        #expect(try Self.only(planner.handle(Self.change(600, "B"))).push != nil)
        let third = try #require(try Self.only(planner.handle(Self.change(1_200, "C"))).dropped)
        #expect(third.reason == .budgetExhausted(nextAvailable: first.at.addingTimeInterval(Self.day)))
        // Within a window of the budget freeing up, the push goes at the first instant it may.
        let nearlyADay = first.at.timeIntervalSince(Self.start) + Self.day - 30
        let fourth = try #require(try Self.only(planner.handle(Self.change(nearlyADay, "C"))).push)
        #expect(fourth.at >= first.at.addingTimeInterval(Self.day))
        #expect(fourth.at <= Self.at(nearlyADay + 60))
    }

    @Test("a budget of zero sends nothing; an unlimited one is bounded by the window alone")
    func zeroAndUnlimited() throws {
        var none = try Self.planner(budget: .perRolling24Hours(0))
        let dropped = try #require(try Self.only(none.handle(Self.change(0, "A"))).dropped)
        #expect(dropped.reason == .budgetExhausted(nextAvailable: nil))
        var unlimited = try Self.planner(window: 60, budget: .unlimited)
        let changes = (0..<1_440).map { Self.change(Double($0) * 60, $0.isMultiple(of: 2) ? "A" : "B") }
        let plan = unlimited.plan(changes)
        #expect(plan.pushes.count == 1_440)
        #expect(plan.dropped.isEmpty)
    }

    @Test("a change no registered widget matches is reported, not lost")
    func unregistered() throws {
        var planner = try Self.planner()
        let byKind = try #require(try Self.only(planner.handle(Self.change(0, "A", kind: "weather"))).dropped)
        #expect(byKind.reason == .noRegisteredWidget && byKind.destination == nil && byKind.widgets.isEmpty)
        let byWidget = PushChange(
            at: Self.at(0), target: .widget(WidgetInstance(installationID: "phone", widgetID: "gone")),
            fingerprint: Self.fingerprint("A"))
        #expect(try Self.only(planner.handle(byWidget)).dropped?.reason == .noRegisteredWidget)
    }

    @Test("a change dated before the latest one handled is planned as if it happened then")
    func outOfOrder() throws {
        var planner = try Self.planner([
            Self.registration("phone", token: "aa", widgets: [("p", "parking")]),
            Self.registration("tablet", token: "bb", widgets: [("s", "schedule")]),
        ])
        _ = planner.handle(Self.change(1_000, "A"))
        let late = try #require(try Self.only(planner.handle(Self.change(10, "A", kind: "schedule"))).push)
        #expect(late.at >= Self.at(1_000) && late.at < Self.at(1_600))
        let notANumber = PushChange(
            at: Date(timeIntervalSince1970: .nan), target: .kind("schedule"),
            fingerprint: Self.fingerprint("B"))
        #expect(try Self.only(planner.handle(notANumber)).dropped?.reason == .coalesced(into: late.at))
    }

    @Test(
        "windows outside 1 ms to 366 days and negative budgets are refused by value",
        arguments: [0, -1, 0.000_9, .nan, .infinity, 366 * 86_400 + 1] as [TimeInterval])
    func badWindow(window: TimeInterval) {
        #expect(throws: PushPlannerError.self) {
            try PushPlanner(window: window, budget: .unlimited, seed: 0)
        }
    }

    @Test("the error messages name the value")
    func errorMessages() throws {
        let window = try #require(throws: PushPlannerError.self) {
            try PushPlanner(window: 0, budget: .unlimited, seed: 0)
        }
        #expect(
            window.description
                == "the push window must be whole milliseconds from 0.001 s to 31622400 s (366 days), not 0.0"
        )
        #expect(throws: PushPlannerError.negativeBudget(-1)) {
            try PushPlanner(window: 1, budget: .perRolling24Hours(-1), seed: 0)
        }
        #expect(
            PushPlannerError.negativeBudget(-1).description
                == "the push budget must be zero or more pushes per 24 h, not -1")
        #expect(try PushPlanner(window: 0.001, budget: .perRolling24Hours(0), seed: 0).window == 0.001)
        #expect(try PushPlanner(window: 366 * 86_400, budget: .unlimited, seed: 0).budget == .unlimited)
    }

    @Test("every whole-millisecond window up to 366 days is taken, however large; a finer one never is")
    func wholeMillisecondWindows() throws {
        // Past 2^24 s (194 days) `window * 1000` is off by more than a millionth of a millisecond
        // for many whole-millisecond windows, and a fixed tolerance refused them.
        for window in [16_777_216.001, 17_049_559.255, 31_622_399.999] as [TimeInterval] {
            #expect(try PushPlanner(window: window, budget: .unlimited, seed: 0).window == window)
        }
        var values = ValueGenerator(seed: 20_261_204)
        for _ in 0..<2_000 {
            let milliseconds = Int64(values.int(in: 1...31_622_400_000))
            let window = Double(milliseconds) / 1000
            #expect(throws: Never.self, "\(milliseconds) ms") {
                try PushPlanner(window: window, budget: .unlimited, seed: 0)
            }
            let finer = window + 0.000_5
            if finer <= PushPlanner.longestWindow, finer != window {
                #expect(throws: PushPlannerError.windowOutOfRange(finer)) {
                    try PushPlanner(window: finer, budget: .unlimited, seed: 0)
                }
            }
        }
    }

    @Test("a token change forgets what was pushed, so the next change goes to the new token even if equal")
    func tokenChangeForgets() throws {
        var planner = try Self.planner()
        let first = try #require(try Self.only(planner.handle(Self.change(0, "A"))).push)
        let later = first.at.timeIntervalSince(Self.start) + 1_000
        // Registering the same token and widgets again changes nothing.
        planner.register(Self.registration("phone", token: "aa", widgets: [("p", "parking")]))
        #expect(
            try Self.only(planner.handle(Self.change(later, "A"))).dropped?.reason == .unchangedFingerprint)
        let update = planner.register(Self.registration("phone", token: "cc", widgets: [("p", "parking")]))
        #expect(update.moved == [WidgetInstance(installationID: "phone", widgetID: "p")])
        let moved = try #require(try Self.only(planner.handle(Self.change(later + 1, "A"))).push)
        #expect(moved.destination == Self.destination("cc"))
        // A widget removed and added back is forgotten too.
        planner.register(Self.registration("phone", token: "cc", widgets: []))
        planner.register(Self.registration("phone", token: "cc", widgets: [("p", "parking")]))
        let readded = try #require(try Self.only(planner.handle(Self.change(later + 2_000, "A"))).push)
        #expect(readded.destination == Self.destination("cc"))
    }

    @Test("a widget registered again under its identifier with another kind or family is another widget")
    func reconfiguredWidgetForgets() throws {
        // The same content (`shared`) can have one fingerprint in two kinds: the widget's last push
        // showed it as parking, and nothing says the schedule widget now on screen shows it.
        var planner = try Self.planner([Self.registration("phone", token: "aa", widgets: [("w", "parking")])])
        #expect(try Self.only(planner.handle(Self.change(0, "shared"))).push != nil)
        let update = planner.register(Self.registration("phone", token: "aa", widgets: [("w", "schedule")]))
        #expect(update.reconfigured == [WidgetInstance(installationID: "phone", widgetID: "w")])
        #expect(update.removed.isEmpty && update.moved.isEmpty)
        let after = try Self.only(planner.handle(Self.change(3_600, "shared", kind: "schedule")))
        #expect(after.push?.reason.changedWidgets == [WidgetInstance(installationID: "phone", widgetID: "w")])

        // Another family, same kind: forgotten too. The same kind and family again: remembered.
        var family = try Self.planner([Self.registration("phone", token: "aa", widgets: [("w", "parking")])])
        #expect(try Self.only(family.handle(Self.change(0, "shared"))).push != nil)
        let large = try PushRegistration(
            installationID: "phone", token: PushToken(hex: "aa"), environment: .production,
            widgets: [RegisteredWidget(id: "w", kind: "parking", family: "systemLarge")])
        #expect(
            family.register(large).reconfigured == [WidgetInstance(installationID: "phone", widgetID: "w")])
        #expect(try Self.only(family.handle(Self.change(3_600, "shared"))).push != nil)
        #expect(family.register(large).reconfigured.isEmpty)
        #expect(
            try Self.only(family.handle(Self.change(7_200, "shared"))).dropped?.reason
                == .unchangedFingerprint)
    }

    @Test("a destination APNs refused is removed; registered again at once, it still waits out its window")
    func removeDestination() throws {
        var planner = try Self.planner()
        let first = try #require(try Self.only(planner.handle(Self.change(0, "A"))).push)
        #expect(planner.remove(Self.destination("aa")).count == 1)
        #expect(try Self.only(planner.handle(Self.change(700, "B"))).dropped?.reason == .noRegisteredWidget)
        #expect(planner.removeInstallation("phone") == nil)
        planner.register(Self.registration("phone", token: "aa", widgets: [("p", "parking")]))
        // What the widget was pushed to show is forgotten (the push may not have arrived)…
        let again = try #require(
            try Self.only(planner.handle(Self.change(first.at.timeIntervalSince(Self.start) + 1, "A"))).push)
        // …but the window since the last push to the token still holds.
        #expect(again.at.timeIntervalSince(first.at) >= 600 - 0.000_5)
    }

    @Test("pruning forgets unused destinations only once they can no longer constrain a push")
    func prune() throws {
        var planner = try Self.planner(window: 600, budget: .perRolling24Hours(3))
        let first = try #require(try Self.only(planner.handle(Self.change(0, "A"))).push)
        planner.register(Self.registration("phone", token: "cc", widgets: [("p", "parking")]))
        _ = planner.handle(Self.change(Self.day - 1, "B"))
        planner.prune(asOf: Self.at(Self.day + 100_000))  // capped at the latest change handled
        #expect(planner.latestPush(to: Self.destination("aa")) == first.at)
        _ = planner.handle(Self.change(Self.day + 1_000, "C"))
        planner.prune(asOf: Self.at(Self.day + 1_000))
        #expect(planner.latestPush(to: Self.destination("aa")) == nil)
        #expect(planner.latestPush(to: Self.destination("cc")) != nil)
    }

    @Test("with a window longer than a day, pruning keeps a destination until the window has passed")
    func pruneLongWindow() throws {
        var planner = try Self.planner(
            [
                Self.registration("phone", token: "aa", widgets: [("p", "parking")]),
                Self.registration("tablet", token: "bb", widgets: [("s", "schedule")]),
            ], window: 2 * Self.day, budget: .unlimited)
        let first = try #require(try Self.only(planner.handle(Self.change(0, "A"))).push)
        // A day and a half after the push: past a day, not past the window.
        let later = first.at.timeIntervalSince(Self.start) + 1.5 * Self.day
        _ = planner.handle(Self.change(later, "A", kind: "schedule"))
        planner.prune(asOf: Self.at(later))
        #expect(planner.rememberedDestinationCount == 2)
        let second = try #require(try Self.only(planner.handle(Self.change(later + 1, "B"))).push)
        #expect(second.at.timeIntervalSince(first.at) >= 2 * Self.day - 0.000_5)
        _ = planner.handle(Self.change(10 * Self.day, "B", kind: "schedule"))
        planner.prune(asOf: Self.at(10 * Self.day))
        #expect(planner.rememberedDestinationCount == 1)
    }

    @Test("decisions read as log lines with RFC 3339 instants")
    func logLines() throws {
        #expect(PushDropReason.noRegisteredWidget.description == "no registered widget")
        #expect(PushDropReason.unchangedFingerprint.description == "unchanged fingerprint")
        #expect(
            PushDropReason.coalesced(into: Self.at(90)).description
                == "coalesced into the push at 2026-11-30T07:01:30Z")
        #expect(
            PushDropReason.budgetExhausted(nextAvailable: Self.at(0.25)).description
                == "budget exhausted until 2026-11-30T07:00:00.250Z")
        #expect(PushDropReason.budgetExhausted(nextAvailable: nil).description == "budget of zero")
        #expect(PushBudget.perRolling24Hours(12).description == "12 per 24 h")
        let push = PlannedPush(
            destination: Self.destination("aa"), at: Self.at(1),
            reason: PushReason(change: Self.change(0, "A"), changedWidgets: []))
        #expect(push.description == "push production:aa at 2026-11-30T07:00:01Z for 0 widget(s)")
    }

    @Test("a batch is planned in time order, equal instants in the order given, pushes sorted by instant")
    func batchOrder() throws {
        let registrations = (0..<20).map {
            Self.registration("i\($0)", token: String(format: "%02x", $0 + 16), widgets: [("w", "parking")])
        }
        let changes = [
            Self.change(900, "C"), Self.change(0, "A"), Self.change(0, "B"), Self.change(300, "A"),
        ]
        var batch = try Self.planner(registrations)
        let plan = batch.plan(changes)
        var oneByOne = try Self.planner(registrations)
        let decisions = [changes[1], changes[2], changes[3], changes[0]].flatMap { oneByOne.handle($0) }
        #expect(
            plan.pushes
                == decisions.compactMap(\.push).sorted { ($0.at, $0.destination) < ($1.at, $1.destination) })
        #expect(plan.dropped == decisions.compactMap(\.dropped))
        #expect(batch == oneByOne)
        #expect(zip(plan.pushes, plan.pushes.dropFirst()).allSatisfy { $0.at <= $1.at })
        // The second change at instant 0 rode on the first's pushes.
        #expect(plan.dropped.filter { $0.change == changes[2] }.count == 20)
    }
}
