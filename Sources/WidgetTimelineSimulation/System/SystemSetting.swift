import WidgetTimeline

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

/// One setting of the ``SystemModel``, with its documented range and the evidence for it: what
/// `docs/simulator.md`'s model table shows, what a scenario's `"system"` member and
/// `simulate --sweep NAME=A,B,C` accept, and the grid the test suite checks the library's claims
/// across.
public struct SystemSetting: Sendable {
    /// What a number rests on.
    public enum Evidence: String, Sendable, Hashable, CaseIterable {
        /// Apple's documentation or an Apple session.
        case official
        /// A developer's measurement or report.
        case field
        /// An answer in Apple's developer forums.
        case forum
        /// No source gives a number: chosen here, and checked across its range.
        case invented
    }

    /// The JSON member of a scenario's `"system"`, and the name `--sweep` takes.
    public let name: String
    /// What the setting does, in one sentence.
    public let rule: String
    /// The documented range, as the values a sweep across it runs (text, as a scenario writes it).
    public let range: [String]
    /// What the default and the range rest on, and of which kind.
    public let evidence: Evidence
    public let basis: String
    /// Where the evidence is published; empty for an invented number.
    public let sources: [String]
    /// What a scenario or a sweep may set at all, and why; `nil` for a flag or a choice of words,
    /// which take only those.
    public private(set) var valid: ValidRange? = nil
    let parse: @Sendable (String, inout SystemModel) -> Bool
    let format: @Sendable (SystemModel) -> String

    /// The setting's value in `model`, as a scenario writes it.
    public func value(in model: SystemModel) -> String { format(model) }

    /// `model` with this setting set to `text`.
    ///
    /// - Throws: ``SettingError`` naming the setting and the values it takes.
    public func applying(_ text: String, to model: SystemModel) throws(SettingError) -> SystemModel {
        var copy = model
        if valid?.isDuration == true, DurationText.isFinerThanMilliseconds(text) {
            throw SettingError(setting: name, value: text, expected: "a duration in whole milliseconds")
        }
        guard parse(text, &copy), valid.map({ $0.contains(numericValue(in: copy)) }) ?? true else {
            throw SettingError(setting: name, value: text, expected: expected)
        }
        return copy
    }

    /// The setting's value in `model` as a number (seconds, or a count; 0 for unlimited, which
    /// every range of a budget takes), for the range check.
    func numericValue(in model: SystemModel) -> Double {
        let text = format(model)
        if text == "null" { return valid?.lowest ?? 0 }
        return DurationText(parsing: text)?.seconds ?? Double(text) ?? .nan
    }

    /// Refuses `value` (seconds, or a count) for this setting when it is outside ``valid``.
    ///
    /// - Returns: the message, `expected … , found …`, or `nil` when the value is taken.
    func refusal(of value: Double) -> String? {
        guard let valid, !valid.contains(value) else { return nil }
        return "expected \(valid.expected), found \(ValidRange.shown(value, isDuration: valid.isDuration))"
    }

    /// What the setting takes, for error messages.
    var expected: String {
        if let valid { return valid.expected }
        return switch range.first {
        case "true", "false": "true or false"
        case let first? where BudgetRefill(rawValue: first) != nil:
            "one of: " + BudgetRefill.words.joined(separator: ", ")
        case let first? where AppReloadDelivery(rawValue: first) != nil:
            "one of: " + AppReloadDelivery.words.joined(separator: ", ")
        default: "one of: " + range.joined(separator: ", ")
        }
    }

    /// The setting called `name`, if there is one.
    public static func named(_ name: String) -> SystemSetting? { all.first { $0.name == name } }

    /// The documented grid: the default model, then each setting moved alone to each value of its
    /// range (a sweep one setting at a time; the corners are covered by `--sweep` on demand).
    public static func documentedGrid(around base: SystemModel = .default) -> [SystemModel] {
        var models = [base]
        for setting in all {
            for value in setting.range where value != setting.value(in: base) {
                if let model = try? setting.applying(value, to: base), !models.contains(model) {
                    models.append(model)
                }
            }
        }
        return models
    }
}

/// A value a system setting does not take.
public struct SettingError: Error, Sendable, Equatable, CustomStringConvertible {
    public var setting: String
    public var value: String
    public var expected: String

    public var description: String { "\(setting) takes \(expected), not '\(value)'" }
}

extension SystemSetting {
    static let keepingUpToDate =
        "https://developer.apple.com/documentation/widgetkit/keeping-a-widget-up-to-date"
    static let principlesOfGreatWidgets =
        "https://wwdcnotes.com/documentation/wwdc21-10048-principles-of-great-widgets/"
    static let engineerAnswer = "https://developer.apple.com/forums/thread/758400"
    static let earlyAndLate = "https://developer.apple.com/forums/thread/657518"

    /// Every setting of the model, in the order the docs list them.
    public static let all: [SystemSetting] = [
        SystemSetting(
            name: "dailyBudget",
            rule: "charged reloads one widget instance may spend in a budget window; null is unlimited",
            range: ["12", "40", "48", "70"], evidence: .official,
            basis:
                "Apple: a frequently viewed widget's daily budget \"typically includes from 40 to 70 refreshes\", "
                + "per widget instance; an Apple engineer: \"72 … per day\"; a rarely viewed widget gets fewer "
                + "(no number: 12 is invented). 48 is one every 30 minutes.",
            sources: [keepingUpToDate, engineerAnswer],
            valid: .count(
                0, 1440, unlimited: true,
                "more than one charged reload a minute is no budget at all: write null for none"),
            parse: count(\.dailyBudget), format: { $0.dailyBudget.map(String.init) ?? "null" }),
        SystemSetting(
            name: "budgetWindow",
            rule: "the period the budget counts over",
            range: ["1d"], evidence: .official,
            basis: "Apple: \"A widget's budget applies to a 24-hour period.\"",
            sources: [keepingUpToDate],
            valid: .duration(
                "1h", "7d",
                "Apple documents 24 hours; a window of no length would make every reload free, and one longer than a week models no device anyone describes"
            ),
            parse: duration(\.budgetWindow), format: { "\(DurationText($0.budgetWindow))" }),
        SystemSetting(
            name: "budgetRefill",
            rule:
                "rolling: each charge stops counting one window after it was spent; daily: all charges stop "
                + "counting at the user's local midnight",
            range: ["rolling", "daily"], evidence: .invented,
            basis:
                "Apple: WidgetKit \"tunes the 24-hour window to the user's daily usage pattern … doesn't "
                + "necessarily reset at exactly midnight\"; WWDC21: \"updates are withheld until new budget is "
                + "available\". The rule is not published: both are invented.",
            sources: [keepingUpToDate, principlesOfGreatWidgets],
            parse: { text, model in
                guard let value = BudgetRefill(rawValue: text) else { return false }
                model.budgetRefill = value
                return true
            },
            format: { $0.budgetRefill.rawValue }),
        SystemSetting(
            name: "minimumReloadInterval",
            rule: "a budgeted reload waits until this long after the widget's previous run",
            range: ["0s", "5m", "10m"], evidence: .invented,
            basis:
                "Apple: \"WidgetKit imposes a minimum amount of time before it reloads a widget\", without a "
                + "number; the 5 minutes is its advice for entry spacing. The range is invented.",
            sources: [keepingUpToDate],
            valid: .duration(
                "0s", "1d", "a floor longer than the budget window would leave the budget unspendable"),
            parse: duration(\.minimumReloadInterval), format: { "\(DurationText($0.minimumReloadInterval))" }),
        SystemSetting(
            name: "policyLateness",
            rule: "a policy reload runs up to this long after its earliest date (a uniform draw)",
            range: ["0s", "10m", "2h"], evidence: .field,
            basis:
                "Apple: a policy is \"the earliest date\"; a developer saw reloads \"an hour or 2 later\". The "
                + "default 10 minutes is invented, inside that range.",
            sources: [
                "https://developer.apple.com/documentation/widgetkit/timelinereloadpolicy", earlyAndLate,
            ],
            valid: .duration(
                "0s", "1d",
                "developers saw reloads an hour or two late; a reload a day late is a widget that stopped updating, which the budget models"
            ),
            parse: duration(\.policyLateness), format: { "\(DurationText($0.policyLateness))" }),
        SystemSetting(
            name: "policyEarliness",
            rule: "a policy reload may also run up to this long before its earliest date",
            range: ["0s", "2m", "10m"], evidence: .invented,
            basis:
                "A developer saw reloads \"sometimes even before the refresh date\", without a number: the "
                + "default and the range are invented.",
            sources: [earlyAndLate],
            valid: .duration(
                "0s", "1h",
                "seen without a number; a reload more than an hour early would be a different reload date"),
            parse: duration(\.policyEarliness), format: { "\(DurationText($0.policyEarliness))" }),
        SystemSetting(
            name: "entryLateness",
            rule: "every entry appears this long after its date",
            range: ["0s", "1m", "5m"], evidence: .invented,
            basis:
                "Apple: \"the update might occur later\" than an entry's date, without a number: the default "
                + "and the range are invented; the range ends at the planner's 5-minute lateness margin.",
            sources: ["https://developer.apple.com/documentation/widgetkit/timeline/init(entries:policy:)"],
            valid: .duration(
                "0s", "1h",
                "Apple gives no number; an entry more than an hour late is a screen that stopped following its timeline, which is not lateness"
            ),
            parse: duration(\.entryLateness), format: { "\(DurationText($0.entryLateness))" }),
        SystemSetting(
            name: "appReloadLatency",
            rule: "an app's reload request reaches the scheduler after a uniform draw up to this",
            range: ["0s", "27s", "1m"], evidence: .field,
            basis: "Measured: 27 s, 26 s and 2 s, \"sometimes it takes up to a minute\".",
            sources: ["https://github.com/wordpress-mobile/WordPress-iOS/pull/21535"],
            valid: .duration(
                "0s", "1h", "measured up to a minute; an hour is sixty times the longest report"),
            parse: duration(\.appReloadLatency), format: { "\(DurationText($0.appReloadLatency))" }),
        SystemSetting(
            name: "appReloadDelivery",
            rule:
                "afterLatency, or whenAppLeavesForeground: the app's requests wait until it goes to the "
                + "background",
            range: ["afterLatency", "whenAppLeavesForeground"], evidence: .field,
            basis:
                "A Lock Screen widget's reload requested from the app was applied only when the app went to the "
                + "background (FB11522275, iOS 16).",
            sources: ["https://github.com/feedback-assistant/reports/issues/360"],
            parse: { text, model in
                guard let value = AppReloadDelivery(rawValue: text) else { return false }
                model.appReloadDelivery = value
                return true
            },
            format: { $0.appReloadDelivery.rawValue }),
        SystemSetting(
            name: "getTimelineCalls",
            rule: "calls to getTimeline per reload, one after another; the last call's timeline is installed",
            range: ["1", "2", "5"], evidence: .field,
            basis:
                "Developers report getTimeline called several times per reload, \"usually between 2-5\" "
                + "(across families and placements); 1 is the simplest model.",
            sources: [engineerAnswer],
            valid: .count(1, 10, "at least the one call that makes the timeline; reports say up to 5"),
            parse: { text, model in
                guard let value = Int(text), (1...SystemModel.mostGetTimelineCalls).contains(value) else {
                    return false
                }
                model.getTimelineCalls = value
                return true
            },
            format: { "\($0.getTimelineCalls)" }),
        SystemSetting(
            name: "providerWatchdog",
            rule: "a getTimeline call running longer is killed and its timeline lost",
            range: ["30s"], evidence: .field,
            basis:
                "chronod's \"Watchdog provision violated for getTimelines(1)\" at about 30 s, seen in a "
                + "developer's public investigation notes (found through a code index, with no address); the "
                + "failure is the CHSErrorDomain 1050 of the issue linked.",
            sources: ["https://github.com/steipete/CodexBar/issues/3339"],
            valid: .duration("1s", "10m", "chronod's is about 30 s; 0 would kill every run before it starts"),
            parse: duration(\.providerWatchdog),
            format: { "\(DurationText($0.providerWatchdog))" }),
        SystemSetting(
            name: "failedReloadRetry",
            rule:
                "after a killed run or an empty timeline (discarded), the next attempt comes this much later",
            range: ["1h"], evidence: .field,
            basis: "chronod: \"the next attempt being pushed a full hour ahead\".",
            sources: ["https://github.com/steipete/CodexBar/issues/3339"],
            valid: .duration("1m", "1d", "chronod waits an hour; 0 would retry a failing provider in a loop"),
            parse: duration(\.failedReloadRetry),
            format: { "\(DurationText($0.failedReloadRetry))" }),
        SystemSetting(
            name: "coalescesReloads",
            rule:
                "when the device runs one widget's provider, other widgets whose earliest date has passed run too",
            range: ["true", "false"], evidence: .official,
            basis: "Apple: \"WidgetKit may coalesce reloads across multiple widgets\".",
            sources: [keepingUpToDate],
            parse: flag(\.coalescesReloads), format: { "\($0.coalescesReloads)" }),
        SystemSetting(
            name: "defersReloadsWhileHidden",
            rule: "a policy reload that comes due while the widget is hidden waits until it is seen",
            range: ["true", "false"], evidence: .official,
            basis:
                "Apple: a widget on a rarely visited page gets fewer reloads; WidgetKit \"may reload the widget "
                + "when it becomes visible\".",
            sources: [keepingUpToDate],
            parse: flag(\.defersReloadsWhileHidden), format: { "\($0.defersReloadsWhileHidden)" }),
        SystemSetting(
            name: "firstRunIsFree",
            rule: "the provider run when the widget is added is not charged to the budget",
            range: ["true", "false"], evidence: .invented,
            basis: "No source found either way: invented, and checked both ways.",
            sources: [],
            parse: flag(\.firstRunIsFree), format: { "\($0.firstRunIsFree)" }),
        SystemSetting(
            name: "freeReloadsSkipFloor",
            rule:
                "free reloads (app in the foreground, system events) run at once rather than wait for the "
                + "minimum interval",
            range: ["true", "false"], evidence: .invented,
            basis:
                "Apple lists the exemptions from the budget (app in the foreground, locale and accessibility "
                + "changes, …) but not whether they wait for the minimum interval: invented, checked both ways.",
            sources: [keepingUpToDate],
            parse: flag(\.freeReloadsSkipFloor), format: { "\($0.freeReloadsSkipFloor)" }),
        SystemSetting(
            name: "pushBudget",
            rule:
                "WidgetKit pushes the system delivers to one device in a budget window; one more arriving is "
                + "dropped; null is unlimited",
            range: ["4", "12", "48", "null"], evidence: .invented,
            basis:
                "Apple: \"the system budgets WidgetKit push notifications and delivers them opportunistically\", "
                + "with no number and no refill rule: the default and the range are invented, claims are checked "
                + "across it, and the tight end is shown.",
            sources: [widgetPush],
            valid: .count(
                0, 1440, unlimited: true,
                "more than one push a minute is no budget at all: write null for none"),
            parse: count(\.pushBudget), format: { $0.pushBudget.map(String.init) ?? "null" }),
        SystemSetting(
            name: "pushLatency",
            rule: "a push reaches the device after a uniform draw up to this from when the server sent it",
            range: ["0s", "1m", "10m"], evidence: .invented,
            basis:
                "Apple: pushes are delivered \"opportunistically\", without a number: the default and the range "
                + "are invented.",
            sources: [widgetPush],
            valid: .duration(
                "0s", "1h",
                "Apple gives no number; a push more than an hour late is one the server would send again"),
            parse: duration(\.pushLatency), format: { "\(DurationText($0.pushLatency))" }),
        SystemSetting(
            name: "pushReloadsCharged",
            rule: "the reload a delivered push causes is charged to the widget's reload budget",
            range: ["false", "true"], evidence: .invented,
            basis:
                "Apple budgets pushes \"like timeline updates\" and calls them \"an additional update mechanism\"; "
                + "whether their reloads also spend the reload budget is not said: invented, checked both ways.",
            sources: [widgetPush],
            parse: flag(\.pushReloadsCharged), format: { "\($0.pushReloadsCharged)" }),
        SystemSetting(
            name: "intentReloadLatency",
            rule:
                "a reload the extension asks for inside an intent's perform() reaches the scheduler after a "
                + "uniform draw up to this",
            range: ["0s", "2m", "10m"], evidence: .field,
            basis:
                "A reload requested from inside an App Intent's perform() \"can take minutes\" (FB11522170); no "
                + "number: the default and the range are invented.",
            sources: ["https://github.com/feedback-assistant/reports/issues/359"],
            valid: .duration("0s", "1h", "reported as minutes; an hour is past any report"),
            parse: duration(\.intentReloadLatency), format: { "\(DurationText($0.intentReloadLatency))" }),
        SystemSetting(
            name: "intentReloadsOtherInstances",
            rule:
                "the immediate reload after an intent also runs the other instances of the tapped widget's kind",
            range: ["false", "true"], evidence: .forum,
            basis:
                "An accepted answer: the tapped widget gets \"one guaranteed reload that will happen "
                + "immediately\", which \"only applies to the widget that was interacted with\"; other widgets may "
                + "or may not update: checked both ways.",
            sources: ["https://developer.apple.com/forums/thread/746783"],
            parse: flag(\.intentReloadsOtherInstances), format: { "\($0.intentReloadsOtherInstances)" }),
    ]

    static let widgetPush =
        "https://developer.apple.com/documentation/widgetkit/updating-widgets-with-widgetkit-push-notifications"

    private static func duration(_ path: WritableKeyPath<SystemModel, TimeInterval>)
        -> @Sendable (String, inout SystemModel) -> Bool
    {
        nonisolated(unsafe) let path = path
        return { text, model in
            guard let seconds = DurationText(parsing: text)?.seconds else { return false }
            model[keyPath: path] = seconds
            return true
        }
    }

    /// A count of 0 or more, or `null` (`unlimited`) for none.
    private static func count(_ path: WritableKeyPath<SystemModel, Int?>)
        -> @Sendable (String, inout SystemModel) -> Bool
    {
        nonisolated(unsafe) let path = path
        return { text, model in
            if text == "null" || text == "unlimited" {
                model[keyPath: path] = nil
                return true
            }
            guard let value = Int(text), value >= 0 else { return false }
            model[keyPath: path] = value
            return true
        }
    }

    private static func flag(_ path: WritableKeyPath<SystemModel, Bool>)
        -> @Sendable (String, inout SystemModel)
        -> Bool
    {
        nonisolated(unsafe) let path = path
        return { text, model in
            guard let value = Bool(text) else { return false }
            model[keyPath: path] = value
            return true
        }
    }
}
