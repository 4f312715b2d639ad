import Foundation
import Testing

@testable import WidgetTimelineSimulation

/// A member the simulator does not know is an error at its path, in every object of a scenario
/// file: Codable would skip it, and the simulation would run without what it was meant to say.
@Suite("Scenario files: unknown members are refused where they are")
struct UnknownMemberTests {
    /// Every object of `value` outside payloads (a payload is the widget kind's own data), by
    /// JSON path.
    private static func objectPaths(in value: Any, at path: String = "$") -> [String] {
        if let object = value as? [String: Any] {
            var paths = [path]
            for (name, member) in object where name != "payload" && name != "payloads" {
                paths += objectPaths(in: member, at: path + "." + name)
            }
            return paths
        }
        if let array = value as? [Any] {
            return array.enumerated().flatMap { objectPaths(in: $1, at: path + "[\($0)]") }
        }
        return []
    }

    /// `document` with `member` added to the object at `path`.
    private static func adding(_ member: String, at path: String, to document: Any) -> Any {
        func edit(_ value: Any, _ rest: Substring) -> Any {
            if rest.isEmpty {
                var object = value as! [String: Any]
                object[member] = 1
                return object
            }
            if rest.hasPrefix("[") {
                let close = rest.firstIndex(of: "]")!
                let index = Int(rest[rest.index(after: rest.startIndex)..<close])!
                var array = value as! [Any]
                array[index] = edit(array[index], rest[rest.index(after: close)...])
                return array
            }
            let body = rest.dropFirst()
            let end = body.firstIndex { $0 == "." || $0 == "[" } ?? body.endIndex
            let name = String(body[..<end])
            var object = value as! [String: Any]
            object[name] = edit(object[name]!, body[end...])
            return object
        }
        return edit(document, path.dropFirst())
    }

    private static func decodingError(_ document: Any) -> ScenarioError? {
        guard let data = try? JSONSerialization.data(withJSONObject: document) else { return nil }
        do {
            _ = try Scenario.decode(data)
            return nil
        } catch {
            return error
        }
    }

    @Test("an extra member in any object of any shipped scenario is refused at its path")
    func everyObject() throws {
        var covered: Set<String> = []
        for name in ShippedScenarios.names {
            let document = try JSONSerialization.jsonObject(
                with: Data(contentsOf: ShippedScenarios.directory.appendingPathComponent(name)))
            for path in Self.objectPaths(in: document) {
                covered.insert(
                    path.replacingOccurrences(of: #"\[\d+\]"#, with: "[]", options: .regularExpression))
                let error = Self.decodingError(Self.adding("zzUnknown", at: path, to: document))
                #expect(
                    error?.path == path + ".zzUnknown", "\(name) at \(path): \(String(describing: error))")
                #expect(error?.message.hasPrefix("unknown member \"zzUnknown\"; known: ") == true, "\(name)")
            }
        }
        // The shipped scenarios reach every kind of object a scenario has.
        let expected: Set<String> = [
            "$", "$.system", "$.app", "$.app.foreground[]", "$.events[]", "$.timeZoneChanges[]", "$.kinds[]",
            "$.kinds[].freshness", "$.widgets[]", "$.widgets[].commits[]", "$.widgets[].randomCommits",
            "$.widgets[].source", "$.widgets[].source.updates[]", "$.widgets[].source.randomUpdates",
            "$.widgets[].source.outages[]", "$.widgets[].visibility", "$.widgets[].visibility.glances[]",
            "$.widgets[].taps[]", "$.push", "$.controls[]", "$.controls[].interactions[]",
        ]
        #expect(
            expected.subtracting(covered).isEmpty, "never reached: \(expected.subtracting(covered).sorted())")
    }

    @Test("a misspelt member is named with the one meant")
    func misspelt() throws {
        let document = try JSONSerialization.jsonObject(
            with: Data(
                contentsOf: ShippedScenarios.directory.appendingPathComponent("taps-and-controls.json")))
        var object = document as! [String: Any]
        var widgets = object["widgets"] as! [[String: Any]]
        widgets[0]["comits"] = widgets[0].removeValue(forKey: "commits")
        object["widgets"] = widgets
        let error = Self.decodingError(object)
        #expect(error?.path == "$.widgets[0].comits")
        #expect(
            error?.message.hasPrefix("unknown member \"comits\" (did you mean \"commits\"?); known: id,")
                == true)
        // Misspelt and so missing: the misspelling is what is reported, with the member meant.
        var durations = document as! [String: Any]
        durations["durration"] = durations.removeValue(forKey: "duration")
        #expect(
            Self.decodingError(durations)?.description.hasPrefix(
                "at $.durration: unknown member \"durration\" (did you mean \"duration\"?)") == true)
    }
}
