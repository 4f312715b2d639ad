import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineExamples

@testable import WidgetTimelineSimulation

/// The trace (`simulate --trace`): recorded only when asked, complete, and enough for a second
/// implementation of every metric to reach the simulator's numbers.
@Suite("The trace: everything that happened, enough to recompute every metric")
struct TraceTests {
    /// The trace and the JSON report of one run of every strategy.
    static func documents(_ scenario: CompiledScenario) throws -> (trace: String, report: String) {
        let report = Simulation(scenario: scenario, strategies: StrategyName.allCases).run(
            recordingTrace: true)
        return (try TraceReport.render(report), try JSONReport.render(report, scenario: scenario))
    }

    @Test(
        "a second implementation reading only the trace agrees with the reported metrics, every shipped scenario",
        arguments: ShippedScenarios.names)
    func recomputation(name: String) throws {
        let (trace, report) = try Self.documents(try ShippedScenarios.compiled(name))
        let reported = try #require(
            try JSONSerialization.jsonObject(with: Data(report.utf8)) as? [String: Any])
        let strategies = try #require(reported["strategies"] as? [[String: Any]])
        let widgets = try TraceMetrics.widgets(in: trace)
        #expect(widgets.count == strategies.reduce(0) { $0 + (($1["widgets"] as? [Any])?.count ?? 0) })
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(trace.utf8)) as? [String: Any])
        let end = try TraceMetrics.instant((document["scenario"] as? [String: Any])?["end"])
        let traced = try TraceMetrics.list(document, "strategies")
        for entry in strategies {
            let strategy = try #require(entry["strategy"] as? String)
            // The device's pushes and controls.
            let channels = try ChannelTraceMetrics(
                trace: try #require(traced.first { $0["strategy"] as? String == strategy }), end: end)
            let reportedChannels = try ChannelTraceMetrics(reported: entry)
            #expect(
                channels.agrees(with: reportedChannels),
                "\(name) \(strategy):\n\(channels)\n\(reportedChannels)")
            for widget in try #require(entry["widgets"] as? [[String: Any]]) {
                let id = try #require(widget["widget"] as? String)
                let traced = try #require(widgets.first { $0.strategy == strategy && $0.widget == id })
                let recomputed = try TraceMetrics(traced.object)
                let simulator = try TraceMetrics(reported: try #require(widget["metrics"] as? [String: Any]))
                #expect(
                    recomputed.agrees(with: simulator),
                    "\(name) \(strategy) \(id):\n\(recomputed)\n\(simulator)")
            }
        }
    }

    @Test("contents, timelines and fetches are kept only when a trace is asked for")
    func onlyWhenAsked() throws {
        let scenario = try ShippedScenarios.compiled("network-outage.json")
        let plain = DeviceSimulation(scenario: scenario, strategy: .library).run().widgets[0]
        let traced = DeviceSimulation(scenario: scenario, strategy: .library, recordsTrace: true).run()
            .widgets[0]
        #expect(plain.trace.timelines.isEmpty && plain.trace.fetches.isEmpty && plain.trace.truth.isEmpty)
        #expect(plain.trace.screens.allSatisfy { $0.content == nil })
        #expect(
            !traced.trace.timelines.isEmpty && !traced.trace.fetches.isEmpty && !traced.trace.truth.isEmpty)
        #expect(traced.trace.screens.contains { $0.content != nil })
        // Recording changes nothing that happened.
        #expect(plain.metrics == traced.metrics)
        #expect(plain.trace.runs == traced.trace.runs)
    }

    @Test("the document: versioned, every stretch back to back from start to end, every instant in the run")
    func shape() throws {
        let scenario = try ShippedScenarios.compiled("default-day.json")
        let (trace, _) = try Self.documents(scenario)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(trace.utf8)) as? [String: Any])
        #expect(document["format"] as? String == "widget-timeline-trace")
        #expect(document["version"] as? Int == TraceReport.version)
        let info = try #require(document["scenario"] as? [String: Any])
        let start = try TraceMetrics.instant(info["start"])
        let end = try TraceMetrics.instant(info["end"])
        #expect(start == Int64(scenario.start.timeIntervalSince1970 * 1000))
        for widget in try TraceMetrics.widgets(in: trace) {
            let object = widget.object
            for key in ["screens", "truth"] {
                let stretches = try #require(object[key] as? [[String: Any]])
                let bounds = try stretches.map {
                    (try TraceMetrics.instant($0["start"]), try TraceMetrics.instant($0["end"]))
                }
                #expect(bounds.allSatisfy { $0.0 < $0.1 }, "\(widget.strategy) \(key)")
                #expect(
                    zip(bounds, bounds.dropFirst()).allSatisfy { $0.1 == $1.0 }, "\(widget.strategy) \(key)")
                #expect(bounds.last?.1 == end)
                if key == "screens" { #expect(bounds.first?.0 == start) }
            }
            let runs = try #require(object["runs"] as? [[String: Any]])
            for run in runs {
                let runStart = try TraceMetrics.instant(run["start"])
                #expect(runStart >= start && runStart < end)
                #expect(try TraceMetrics.instant(run["end"]) >= runStart)
                #expect(
                    ["added", "app", "policy", "system", "retry", "push", "intent"].contains(
                        run["cause"] as? String ?? ""))
                #expect(["installed", "killed", "discarded"].contains(run["outcome"] as? String ?? ""))
            }
            for timeline in try #require(object["timelines"] as? [[String: Any]]) {
                let index = try #require(timeline["run"] as? Int)
                #expect(runs.indices.contains(index) && runs[index]["outcome"] as? String == "installed")
                let entries = try #require(timeline["entries"] as? [[String: Any]])
                #expect(!entries.isEmpty)
                let policy = try #require(timeline["policy"] as? [String: Any])
                #expect(["after", "atEnd", "never"].contains(policy["type"] as? String ?? ""))
            }
            for fetch in try #require(object["fetches"] as? [[String: Any]]) {
                #expect(["answered", "failed", "timed-out"].contains(fetch["outcome"] as? String ?? ""))
            }
        }
    }
}

extension TraceTests {
    @Test("the second implementation notices a trace that was changed: a screen's value, a run's charge")
    func noticesTampering() throws {
        let scenario = try ShippedScenarios.compiled("default-day.json")
        let report = Simulation(scenario: scenario, strategies: [.library]).run(recordingTrace: true)
        let trace = try TraceReport.render(report)
        let widget = try #require(try TraceMetrics.widgets(in: trace).first { $0.widget == "task-count" })
        let honest = try TraceMetrics(widget.object)
        #expect(honest.agrees(with: try TraceMetrics(reported: try Self.metrics(of: report, widget: 1))))
        #expect(honest.wrongValueMinutes > 0 && honest.budgetUsed > 0)

        // Another count on a screen that showed the truth: wrong minutes grow.
        var object = widget.object
        var screens = try #require(object["screens"] as? [[String: Any]])
        let index = try #require(screens.indices.last { screens[$0]["content"] is [String: Any] })
        screens[index]["content"] = ["count": 999]
        object["screens"] = screens
        #expect(try TraceMetrics(object).wrongValueMinutes > honest.wrongValueMinutes)
        // A free run said to be charged: one more charged run.
        object = widget.object
        var runs = try #require(object["runs"] as? [[String: Any]])
        let free = try #require(runs.indices.first { runs[$0]["charged"] as? Bool == false })
        runs[free]["charged"] = true
        object["runs"] = runs
        #expect(try TraceMetrics(object).budgetUsed == honest.budgetUsed + 1)
    }

    static func metrics(of report: SimulationReport, widget: Int) throws -> [String: Any] {
        let json = try JSONReport.render(report, scenario: report.scenario)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let strategies = try #require(document["strategies"] as? [[String: Any]])
        let widgets = try #require(strategies.first?["widgets"] as? [[String: Any]])
        return try #require(widgets[widget]["metrics"] as? [String: Any])
    }
}
