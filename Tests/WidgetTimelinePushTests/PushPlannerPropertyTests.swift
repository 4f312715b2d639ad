import Foundation
import Testing
import WidgetTimeline
import WidgetTimelinePush
import WidgetTimelineTesting

/// The planner's promises over many seeded random streams of changes, token changes, removals and
/// prunes, against a model that knows only the rules: never two pushes to a destination within a
/// window, never more than the budget in any 24 hours, no push for an unchanged fingerprint, every
/// changed fingerprint pushed within one window unless the budget is provably out, and the same
/// seed giving the same plan. A failure prints its seed; `WIDGET_TIMELINE_SEED=<seed>` replays it.
@Suite("Push planner properties")
struct PushPlannerPropertyTests {
    static let day: Int64 = 86_400_000

    /// One step of a generated stream.
    enum Step: CustomStringConvertible {
        case change(PushChange)
        case register(PushRegistration)
        case removeInstallation(String)
        case remove(PushDestination)
        case prune(Date)

        var description: String {
            switch self {
            case .change(let change):
                "change \(change.target) at \(milliseconds(change.at)) \(change.fingerprint)"
            case .register(let registration):
                "register \(registration.installationID) → \(registration.destination)"
            case .removeInstallation(let installation): "remove installation \(installation)"
            case .remove(let destination): "remove \(destination)"
            case .prune(let instant): "prune at \(milliseconds(instant))"
            }
        }
    }

    struct Scenario {
        var registrations: [PushRegistration]
        var window: TimeInterval
        var budget: PushBudget
        var seed: UInt64
        var steps: [Step]

        var windowMilliseconds: Int64 { Int64((window * 1000).rounded()) }
    }

    static func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }
    static func date(_ milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    static func scenario(_ values: inout ValueGenerator) -> Scenario {
        let tokens = (0..<values.int(in: 1...6)).map { _ in
            try! PushToken(
                bytes: (0..<values.int(in: 1...8)).map { _ in UInt8.random(in: 0...255, using: &values) })
        }
        let installations = (0..<values.int(in: 1...8)).map { "i\($0)" }
        let kinds = ["k0", "k1", "k2"]
        func registration(_ installation: String, _ values: inout ValueGenerator) -> PushRegistration {
            var ids: Set<String> = []
            let widgets = values.array(count: 0...3) { values in
                try! RegisteredWidget(
                    id: values.element(of: ["w0", "w1", "w2", "w3"]), kind: values.element(of: kinds),
                    family: values.element(of: ["systemSmall", "accessoryCircular"]))
            }
            .filter { ids.insert($0.id).inserted }
            return try! PushRegistration(
                installationID: installation, token: values.element(of: tokens),
                environment: values.int(in: 0...5) == 0 ? .development : .production, widgets: widgets)
        }
        let window: TimeInterval =
            values.bool()
            ? values.element(of: [0.001, 0.5, 1, 30, 600, 3_600, 7_200, 90_000])
            : (values.double(in: 0.001...7_200) * 1000).rounded() / 1000
        let windowMilliseconds = Int64((window * 1000).rounded())
        let budget: PushBudget =
            values.int(in: 0...3) == 0 ? .unlimited : .perRolling24Hours(values.int(in: 0...5))
        let fingerprints = ["A", "B", "C"].map { ContentFingerprint(bytes: Array($0.utf8)) }
        var now = Int64.random(in: 1_700_000_000_000...1_800_000_000_000, using: &values)
        var steps: [Step] = []
        for _ in 0..<values.int(in: 0...150) {
            switch values.int(in: 0...9) {
            case 0: now += 0
            case 1: now += 1
            case 2, 3: now += Int64.random(in: 0...max(1, windowMilliseconds / 2), using: &values)
            case 4, 5, 6: now += Int64.random(in: 0...max(1, 3 * windowMilliseconds), using: &values)
            default: now += Int64.random(in: 0...(2 * day), using: &values)
            }
            switch values.int(in: 0...19) {
            case 0, 1: steps.append(.register(registration(values.element(of: installations), &values)))
            case 2: steps.append(.removeInstallation(values.element(of: installations)))
            case 3:
                steps.append(
                    .remove(
                        PushDestination(
                            token: values.element(of: tokens),
                            environment: values.bool() ? .production : .development)))
            case 4, 5: steps.append(.prune(date(now + Int64.random(in: -day...day, using: &values))))
            default:
                let target: PushChange.Target =
                    values.int(in: 0...9) < 7
                    ? .kind(values.element(of: kinds + ["unknown"]))
                    : .widget(
                        WidgetInstance(
                            installationID: values.element(of: installations),
                            widgetID: values.element(of: ["w0", "w1", "w2", "w3"])))
                steps.append(
                    .change(
                        PushChange(
                            at: date(now), target: target, fingerprint: values.element(of: fingerprints))))
            }
        }
        return Scenario(
            registrations: installations.map { registration($0, &values) }, window: window, budget: budget,
            seed: values.next(), steps: steps)
    }

    /// Runs a scenario; the decisions of each change step, in order.
    static func run(_ scenario: Scenario) throws -> (decisions: [[PushDecision]], planner: PushPlanner) {
        var planner = try PushPlanner(
            registry: PushTokenRegistry(scenario.registrations), window: scenario.window,
            budget: scenario.budget,
            seed: scenario.seed)
        var decisions: [[PushDecision]] = []
        for step in scenario.steps {
            switch step {
            case .change(let change): decisions.append(planner.handle(change))
            case .register(let registration): planner.register(registration)
            case .removeInstallation(let installation): planner.removeInstallation(installation)
            case .remove(let destination): planner.remove(destination)
            case .prune(let instant): planner.prune(asOf: instant)
            }
        }
        return (decisions, planner)
    }

    /// Checks a run against the rules, with its own copy of the registrations and of what each
    /// widget was last pushed to show. Returns the first broken rule.
    static func check(_ scenario: Scenario, _ decisions: [[PushDecision]]) -> String? {
        let window = scenario.windowMilliseconds
        var registrations = Dictionary(
            uniqueKeysWithValues: scenario.registrations.map { ($0.installationID, $0) })
        var shown: [WidgetInstance: ContentFingerprint] = [:]
        var pushes: [PushDestination: [Int64]] = [:]
        var next = decisions.makeIterator()

        // A widget is the same on screen only on the same destination with the same kind and family.
        func forget(_ old: PushRegistration?, _ new: PushRegistration?) {
            guard let old else { return }
            let kept = new?.destination == old.destination ? Set(new?.widgets ?? []) : []
            for widget in old.widgets where !kept.contains(widget) {
                shown[WidgetInstance(installationID: old.installationID, widgetID: widget.id)] = nil
            }
        }

        for (index, step) in scenario.steps.enumerated() {
            let at = "step \(index) (\(step))"
            switch step {
            case .register(let registration):
                forget(registrations[registration.installationID], registration)
                registrations[registration.installationID] = registration
            case .removeInstallation(let installation):
                forget(registrations[installation], nil)
                registrations[installation] = nil
            case .remove(let destination):
                for (installation, registration) in registrations
                where registration.destination == destination {
                    forget(registration, nil)
                    registrations[installation] = nil
                }
            case .prune:
                break
            case .change(let change):
                guard let made = next.next() else { return "\(at): no decisions" }
                let t = milliseconds(change.at)
                var groups: [PushDestination: [WidgetInstance]] = [:]
                for registration in registrations.values {
                    for widget in registration.widgets {
                        let instance = WidgetInstance(
                            installationID: registration.installationID, widgetID: widget.id)
                        let matches =
                            switch change.target {
                            case .kind(let kind): widget.kind == kind
                            case .widget(let target): target == instance
                            }
                        if matches { groups[registration.destination, default: []].append(instance) }
                    }
                }
                guard !groups.isEmpty else {
                    guard made.count == 1, made[0].dropped?.reason == .noRegisteredWidget else {
                        return "\(at): expected one no-registered-widget drop, got \(made)"
                    }
                    continue
                }
                let destinations = groups.keys.sorted()
                let decided = made.map { $0.push?.destination ?? $0.dropped?.destination }
                guard decided == destinations else {
                    return "\(at): decided for \(decided), not \(destinations)"
                }
                for (destination, decision) in zip(destinations, made) {
                    let widgets = groups[destination]!.sorted()
                    let changed = widgets.filter { shown[$0] != change.fingerprint }
                    let earlier = pushes[destination] ?? []
                    switch decision {
                    case .push(let push):
                        let s = milliseconds(push.at)
                        guard !changed.isEmpty else { return "\(at): pushed an unchanged fingerprint" }
                        guard push.reason.changedWidgets == changed else {
                            return "\(at): changed widgets differ"
                        }
                        guard s >= t, s <= t + window else {
                            return "\(at): push at \(s) not within a window of \(t)"
                        }
                        if let last = earlier.last, s - last < window {
                            return
                                "\(at): pushes to \(destination) at \(last) and \(s), closer than \(window) ms"
                        }
                        if case .perRolling24Hours(let limit) = scenario.budget,
                            earlier.filter({ $0 > s - day }).count + 1 > limit
                        {
                            return "\(at): more than \(limit) pushes to \(destination) in 24 h"
                        }
                        pushes[destination, default: []].append(s)
                        for instance in changed { shown[instance] = change.fingerprint }
                    case .dropped(let drop):
                        switch drop.reason {
                        case .unchangedFingerprint:
                            guard changed.isEmpty, drop.widgets == widgets else {
                                return "\(at): dropped as unchanged, but \(changed) changed"
                            }
                        case .coalesced(let into):
                            let s = milliseconds(into)
                            guard !changed.isEmpty, drop.widgets == changed else {
                                return "\(at): coalesced nothing"
                            }
                            guard earlier.last == s, s >= t, s <= t + window else {
                                return
                                    "\(at): coalesced into \(s), which is not a push within a window of \(t)"
                            }
                            for instance in changed { shown[instance] = change.fingerprint }
                        case .budgetExhausted(let nextAvailable):
                            guard !changed.isEmpty, drop.widgets == changed else {
                                return "\(at): budget drop of nothing"
                            }
                            guard case .perRolling24Hours(let limit) = scenario.budget else {
                                return "\(at): budget exhausted with no budget"
                            }
                            if limit == 0 {
                                guard nextAvailable == nil else { return "\(at): a zero budget frees up" }
                                continue
                            }
                            // Proof the budget is out for the whole window: `limit` pushes in the day before t + window.
                            let recent = earlier.filter { $0 > t + window - day }
                            guard recent.count >= limit, earlier.last.map({ $0 < t }) ?? false else {
                                return
                                    "\(at): budget said exhausted with \(recent.count) of \(limit) pushes in the day"
                            }
                            let freed = earlier[earlier.count - limit] + day
                            guard nextAvailable.map(milliseconds) == freed, freed > t + window else {
                                return
                                    "\(at): next available \(String(describing: nextAvailable)), not \(freed)"
                            }
                        case .noRegisteredWidget:
                            return "\(at): said no registered widget for \(widgets)"
                        }
                    }
                }
            }
        }
        return next.next() == nil ? nil : "more decisions than changes"
    }

    @Test("every rule holds over 400 random streams, and the same seed gives the same decisions and state")
    func rules() {
        PropertyCheck.forAll("push planner rules", count: 400, firstSeed: 50_000) { values in
            let scenario = Self.scenario(&values)
            let (decisions, planner) = try Self.run(scenario)
            if let problem = Self.check(scenario, decisions) {
                return "window \(scenario.window) s, budget \(scenario.budget): \(problem)"
            }
            let (again, replayed) = try Self.run(scenario)
            guard again == decisions, replayed == planner else { return "a second run decided differently" }
            return nil
        }
    }

    @Test("a batch plans what the changes one by one would, in time order")
    func batchMatchesSteps() {
        PropertyCheck.forAll("batch equals steps", count: 200, firstSeed: 60_000) { values in
            var scenario = Self.scenario(&values)
            let changes = scenario.steps.compactMap { step -> PushChange? in
                if case .change(let change) = step { return change }
                return nil
            }
            var batch = try PushPlanner(
                registry: PushTokenRegistry(scenario.registrations), window: scenario.window,
                budget: scenario.budget, seed: scenario.seed)
            // Shuffled: the batch puts them back in time order (equal instants keep their given order).
            let shuffled = changes.shuffled(using: &values)
            let plan = batch.plan(shuffled)
            let ordered = shuffled.enumerated().sorted {
                ($0.element.at, $0.offset) < ($1.element.at, $1.offset)
            }
            scenario.steps = ordered.map { .change($0.element) }
            let (decisions, planner) = try Self.run(scenario)
            if let problem = Self.check(scenario, decisions) { return problem }
            let pushes = decisions.joined().compactMap(\.push).sorted {
                ($0.at, $0.destination) < ($1.at, $1.destination)
            }
            guard plan.pushes == pushes, plan.dropped == decisions.joined().compactMap(\.dropped),
                batch == planner
            else {
                return "the batch differs from the steps"
            }
            return nil
        }
    }
}
