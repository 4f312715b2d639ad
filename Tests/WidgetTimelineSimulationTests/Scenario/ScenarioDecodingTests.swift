import Foundation
import Testing
import WidgetTimelineExamples

@testable import WidgetTimelineSimulation

/// Bad scenario files: each error names the JSON path of the problem.
@Suite("Scenario files: decoding errors with JSON paths")
struct ScenarioDecodingTests {
    private func error(_ edit: (inout [String: Any]) -> Void) throws -> ScenarioError? {
        var object =
            try JSONSerialization.jsonObject(with: Data(BuiltInScenarios.defaultDayJSON.utf8))
            as! [String: Any]
        edit(&object)
        let data = try JSONSerialization.data(withJSONObject: object)
        do {
            _ = try Scenario.decode(data).compiled(kinds: ExampleWidgets.all)
            return nil
        } catch {
            return error
        }
    }

    private static func widgets(_ object: inout [String: Any], _ edit: (inout [[String: Any]]) -> Void) {
        var list = object["widgets"] as! [[String: Any]]
        edit(&list)
        object["widgets"] = list
    }

    @Test("not JSON at all")
    func notJSON() {
        #expect(throws: ScenarioError.self) { try Scenario.decode(Data("{".utf8)) }
        do {
            _ = try Scenario.decode(Data("[1]".utf8))
        } catch {
            #expect(error.path == "$")
        }
    }

    @Test("a missing member, a bad instant, a bad duration, an unknown zone")
    func topLevel() throws {
        let missing = try error { $0.removeValue(forKey: "start") }
        #expect(missing == ScenarioError(path: "$", message: "missing member \"start\""))
        #expect(try error { $0["start"] = "tomorrow" }?.path == "$.start")
        #expect(try error { $0["duration"] = "forever" }?.path == "$.duration")
        #expect(try error { $0["timeZone"] = "Mars/Olympus" }?.path == "$.timeZone")
        // An end whose plans would need instants past year 9999: refused when the file is read,
        // not when the trace or the JSON cannot be written.
        let late = try error {
            $0["start"] = "9999-12-31T21:00:00Z"
            $0["duration"] = "2h"
        }
        #expect(late?.path == "$.duration")
        #expect(
            late?.message.hasPrefix("makes the scenario end after 9989-12-23T00:00:00Z") == true,
            "\(String(describing: late))")
        #expect(try error { $0["system"] = ["preset": "fast"] }?.path == "$.system.preset")
        #expect(try error { $0["system"] = ["dailyBudget": -1] }?.path == "$.system.dailyBudget")
    }

    @Test("errors inside widgets, commits and payloads")
    func nested() throws {
        let unknownKind = try error { Self.widgets(&$0) { $0[1]["kind"] = "weather" } }
        #expect(unknownKind?.path == "$.widgets[1].kind")
        #expect(unknownKind?.message.contains("known: schedule, task-count") == true)
        let badPayload = try error {
            Self.widgets(&$0) { list in
                var commits = list[1]["commits"] as! [[String: Any]]
                commits[3]["payload"] = ["count": "many"]
                list[1]["commits"] = commits
            }
        }
        #expect(badPayload?.path == "$.widgets[1].commits[3].payload.count")
        let outside = try error {
            Self.widgets(&$0) { list in
                var commits = list[0]["commits"] as! [[String: Any]]
                commits[2]["at"] = "2030-01-01T00:00:00Z"
                list[0]["commits"] = commits
            }
        }
        #expect(outside?.path == "$.widgets[0].commits[2].at")
        let duplicate = try error { Self.widgets(&$0) { $0[1]["id"] = "schedule" } }
        #expect(duplicate?.path == "$.widgets[1].id")
        let backwards = try error {
            var app = $0["app"] as! [String: Any]
            var sessions = app["foreground"] as! [[String: Any]]
            sessions[2]["to"] = "2026-11-30T06:00:00+09:00"
            app["foreground"] = sessions
            $0["app"] = app
        }
        #expect(backwards?.path == "$.app.foreground[2].to")
    }

    @Test("errors in the push member, taps and controls, each at its path")
    func channels() throws {
        #expect(try error { $0["push"] = ["window": "0s"] }?.path == "$.push.window")
        #expect(try error { $0["push"] = ["window": 900, "budget": -2] }?.path == "$.push.budget")
        #expect(try error { $0["push"] = ["budget": "lots"] }?.path == "$.push.budget")
        #expect(try error { $0["push"] = ["refreshAfter": "10s"] }?.path == "$.push.refreshAfter")
        #expect(try error { $0["system"] = ["pushBudget": -1] }?.path == "$.system.pushBudget")
        #expect(
            try error { $0["push"] = ["window": 900, "budget": 3, "seed": 9, "refreshAfter": "2h"] } == nil)
        let tap = try error {
            Self.widgets(&$0) {
                $0[1]["taps"] = [["at": "2026-11-30T10:00:00+09:00", "payload": ["count": "x"]]]
            }
        }
        #expect(tap?.path == "$.widgets[1].taps[0].payload.count")
        let lateTap = try error {
            Self.widgets(&$0) { $0[1]["taps"] = [["at": "2031-01-01T00:00:00Z", "payload": ["count": 1]]] }
        }
        #expect(lateTap?.path == "$.widgets[1].taps[0].at")
        let control: [String: Any] = [
            "id": "toggle", "kind": "task-toggle", "widget": "task-count",
            "interactions": [["at": "2026-11-30T10:00:00+09:00", "payload": ["count": 2]]],
        ]
        #expect(try error { $0["controls"] = [control] } == nil)
        let unknown = try error { $0["controls"] = [control.merging(["widget": "weather"]) { $1 }] }
        #expect(unknown?.path == "$.controls[0].widget")
        #expect(unknown?.message.contains("known: schedule, task-count, parking") == true)
        #expect(try error { $0["controls"] = [control, control] }?.path == "$.controls[1].id")
        let badInteraction = try error {
            $0["controls"] = [
                control.merging([
                    "interactions": [["at": "2026-11-30T10:00:00+09:00", "payload": ["lots": 1]]]
                ]) {
                    $1
                }
            ]
        }
        #expect(badInteraction?.path == "$.controls[0].interactions[0].payload")
    }
}
