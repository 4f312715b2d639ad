import Foundation
import Testing
import WidgetTimelineExamples

@testable import WidgetTimelineSimulation

/// Numbers, durations and words a scenario member does not take: each refused at its JSON path
/// with what the member takes, never "not JSON", never run clamped or changed without a word.
@Suite("Scenario members out of range: refused with the path and the range")
struct ScenarioRangeTests {
    /// A one-hour scenario of one task-count widget, with `members` added at the top level and
    /// `widget` added to the widget.
    static func scenario(_ members: String = "", widget: String = "") -> String {
        #"{"name":"x","start":"2026-01-01T00:00:00Z","duration":"1h","timeZone":"UTC","#
            + (members.isEmpty ? "" : members + ",")
            + #""widgets":[{"id":"t","kind":"task-count""# + (widget.isEmpty ? "" : "," + widget) + "}]}"
    }

    static func refusal(_ json: String) -> String? {
        do {
            _ = try Scenario.decode(Data(json.utf8)).compiled(kinds: ExampleWidgets.all)
            return nil
        } catch {
            return error.description
        }
    }

    static let unsigned = "expected a whole number from 0 to 18446744073709551615"

    @Test(
        "a seed Foundation's UInt64 refuses is named with its path and range, not 'not JSON'",
        arguments: [
            (#""seed":-5"#, "at $.seed: \(unsigned), found -5"),
            (#""seed":-1"#, "at $.seed: \(unsigned), found -1"),
            (#""seed":1.5"#, "at $.seed: \(unsigned), found 1.5"),
            (#""seed":18446744073709551616"#, "at $.seed: \(unsigned), found 18446744073709551616"),
            (#""push":{"seed":-1}"#, "at $.push.seed: \(unsigned), found -1"),
            (#""push":{"seed":2.5}"#, "at $.push.seed: \(unsigned), found 2.5"),
            (
                #""system":{"pushBudget":2.5}"#,
                "at $.system.pushBudget: expected a whole number from 0 to 1440, or null (unlimited), found 2.5"
            ),
            (
                #""system":{"getTimelineCalls":1.5}"#,
                "at $.system.getTimelineCalls: expected a whole number from 1 to 10, found 1.5"
            ),
            (
                #""app":{"emissionsPerChange":2.5}"#,
                "at $.app.emissionsPerChange: expected a whole number from 1 to 100, found 2.5"
            ),
        ]
    )
    func unfitNumbers(members: String, message: String) {
        #expect(Self.refusal(Self.scenario(members)) == message)
    }

    @Test(
        "two time-zone changes at one instant, or one at the start, are refused: they made screens of no length",
        arguments: [
            (
                #""timeZoneChanges":[{"at":"2026-01-01T00:30:00Z","timeZone":"Europe/Berlin"},"#
                    + #"{"at":"2026-01-01T00:30:00Z","timeZone":"America/New_York"}]"#,
                "at $.timeZoneChanges[1].at: is the instant of $.timeZoneChanges[0]: the device is in one zone at a time"
            ),
            (
                #""timeZoneChanges":[{"at":"2026-01-01T00:00:00Z","timeZone":"Europe/Berlin"}]"#,
                "at $.timeZoneChanges[0].at: is the scenario's start: write that zone as the scenario's timeZone"
            ),
        ]
    )
    func oneZonePerInstant(members: String, message: String) {
        #expect(Self.refusal(Self.scenario(members)) == message)
    }

    @Test(
        "a duration outside its member's range is refused, not clamped: the trace never says 1s for 0s",
        arguments: [
            (
                #""system":{"budgetWindow":"0s"}"#,
                #"at $.system.budgetWindow: expected a duration from 1h to 7d, found "0s""#
            ),
            (
                #""system":{"providerWatchdog":"0s"}"#,
                #"at $.system.providerWatchdog: expected a duration from 1s to 10m, found "0s""#
            ),
            (
                #""system":{"entryLateness":"400d"}"#,
                #"at $.system.entryLateness: expected a duration from 0s to 1h, found "400d""#
            ),
            (
                #""system":{"failedReloadRetry":0}"#,
                #"at $.system.failedReloadRetry: expected a duration from 1m to 1d, found "0s""#
            ),
            (
                #""app":{"saveDuration":"1d"}"#,
                #"at $.app.saveDuration: expected a duration from 0s to 10m, found "1d""#
            ),
        ]
    )
    func durations(members: String, message: String) {
        #expect(Self.refusal(Self.scenario(members)) == message)
    }

    @Test("a widget's source latency and glance duration have ranges too")
    func widgetDurations() {
        #expect(
            Self.refusal(Self.scenario(widget: #""source":{"latency":"1000d"}"#))
                == #"at $.widgets[0].source.latency: expected a duration from 0s to 1h, found "1000d""#)
        #expect(
            Self.refusal(
                Self.scenario(
                    widget: #""visibility":{"glances":[{"at":"2026-01-01T00:10:00Z","duration":"0s"}]}"#))
                == #"at $.widgets[0].visibility.glances[0].duration: expected a duration from 1s to 1d, found "0s""#
        )
    }

    @Test("a duration finer than a millisecond is refused, written as text or as a number of seconds")
    func finerThanMilliseconds() {
        // Every instant of a run is a whole millisecond; 0.5 ms of latency would make fetches and
        // screens that are not, against the trace's own rule.
        #expect(
            Self.refusal(Self.scenario(widget: #""source":{"latency":"0.0005s"}"#))
                == #"at $.widgets[0].source.latency: expected a duration in whole milliseconds (every instant of a run is one), found "0.0005s""#
        )
        #expect(
            Self.refusal(Self.scenario(#""system":{"entryLateness":1.0005}"#))
                == "at $.system.entryLateness: expected a duration in whole milliseconds (every instant of a run "
                + "is one), found 1.0005")
        // Decimal text whose binary value is a few units in the last place from its whole count.
        #expect(DurationText(parsing: "1.001m")?.seconds == 60.06)
        #expect(DurationText(parsing: "0.1")?.seconds == 0.1)
        #expect(DurationText(parsing: "1h0.001s")?.seconds == 3600.001)
        #expect(DurationText(parsing: "0.0005") == nil && DurationText(parsing: "2.0001s") == nil)
        #expect(Self.refusal(Self.scenario(widget: #""source":{"latency":"1.5s"}"#)) == nil)
    }

    @Test(
        "an unknown word says which words the member takes, and the one probably meant",
        arguments: [
            (
                #""system":{"budgetRefill":"weekly"}"#, "",
                #"at $.system.budgetRefill: unknown value "weekly" (expected one of: rolling, daily)"#
            ),
            (
                #""system":{"appReloadDelivery":"afterLatncy"}"#, "",
                #"at $.system.appReloadDelivery: unknown value "afterLatncy" (expected one of: afterLatency, "#
                    + #"whenAppLeavesForeground); did you mean "afterLatency"?"#
            ),
            (
                "",
                #""source":{"outages":[{"from":"2026-01-01T00:10:00Z","to":"2026-01-01T00:20:00Z","mode":"flaky"}]}"#,
                #"at $.widgets[0].source.outages[0].mode: unknown value "flaky" (expected one of: fails, hangs)"#
            ),
            (
                "",
                #""source":{"outages":[{"from":"2026-01-01T00:10:00Z","to":"2026-01-01T00:20:00Z","mode":"fail"}]}"#,
                #"at $.widgets[0].source.outages[0].mode: unknown value "fail" (expected one of: fails, hangs); "#
                    + #"did you mean "fails"?"#
            ),
        ]
    )
    func words(members: String, widget: String, message: String) {
        #expect(Self.refusal(Self.scenario(members, widget: widget)) == message)
    }

    @Test(
        "every ranged system setting: its bounds are taken, just outside is refused in a file and a sweep alike"
    )
    func everySetting() throws {
        for setting in SystemSetting.all {
            guard let valid = setting.valid else { continue }
            let step = valid.isDuration ? 0.5 : 1
            func json(_ value: Double) -> String {
                let text =
                    valid.isDuration
                    ? "\"\(value)s\"" : (value == value.rounded() ? "\(Int(value))" : "\(value)")
                return Self.scenario(#""system":{"\#(setting.name)":\#(text)}"#)
            }
            func sweepText(_ value: Double) -> String {
                valid.isDuration ? "\(value)s" : "\(Int(value))"
            }
            for inside in [valid.lowest, valid.highest] {
                #expect(Self.refusal(json(inside)) == nil, "\(setting.name)=\(inside)")
                #expect(throws: Never.self) { try setting.applying(sweepText(inside), to: .default) }
            }
            for outside in [valid.lowest - step, valid.highest + step]
            where !(valid.isDuration && outside < 0) {
                let message = try #require(Self.refusal(json(outside)), "\(setting.name)=\(outside)")
                #expect(message.hasPrefix("at $.system.\(setting.name): expected \(valid.expected), found "))
                #expect(
                    throws: SettingError(
                        setting: setting.name, value: sweepText(outside), expected: valid.expected)
                ) {
                    try setting.applying(sweepText(outside), to: .default)
                }
            }
        }
    }
}
