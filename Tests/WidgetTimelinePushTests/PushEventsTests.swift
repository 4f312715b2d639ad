import Foundation
import Testing
import WidgetTimeline
import WidgetTimelinePush
import WidgetTimelineTesting

/// The events file's value: checked when made, the same plan as the planner's own, and the same
/// value after a round trip through its JSON.
@Suite("PushEvents: a backend's push situation as one value")
struct PushEventsTests {
    let registration = try! PushRegistration(
        installationID: "install-1", token: try! PushToken(hex: "00fc13ad"), environment: .production,
        widgets: [try! RegisteredWidget(id: "w", kind: "parking", family: "systemSmall")])
    let change = PushChange(
        at: .at("2026-11-30T07:00:00Z"), target: .kind("parking"),
        fingerprint: ContentFingerprint(rawValue: "a"))

    @Test(
        "Out-of-range windows and budgets, changes too late to push, bad bundle IDs and repeated installations are refused"
    )
    func refusals() {
        #expect(throws: PushEventsError.planner(.windowOutOfRange(0))) {
            try PushEvents(
                bundleID: "com.example", window: 0, budget: .unlimited, registrations: [], changes: [])
        }
        // Instants are whole milliseconds: a finer window would be kept rounded, shorter or longer.
        for window in [0.0014, 1.0006] {
            #expect(throws: PushEventsError.planner(.windowOutOfRange(window))) {
                try PushEvents(
                    bundleID: "com.example", window: window, budget: .unlimited, registrations: [],
                    changes: [])
            }
        }
        #expect(throws: PushEventsError.changeTooLate(index: 0, at: .at("9999-12-31T23:50:00Z"))) {
            try PushEvents(
                bundleID: "com.example", window: 600, budget: .unlimited, registrations: [],
                changes: [
                    PushChange(
                        at: .at("9999-12-31T23:50:00Z"), target: .kind("parking"),
                        fingerprint: change.fingerprint)
                ])
        }
        #expect(throws: PushEventsError.planner(.negativeBudget(-2))) {
            try PushEvents(
                bundleID: "com.example", window: 60, budget: .perRolling24Hours(-2), registrations: [],
                changes: [])
        }
        #expect(throws: PushEventsError.bundleID(.invalidBundleID(""))) {
            try PushEvents(bundleID: "", window: 60, budget: .unlimited, registrations: [], changes: [])
        }
        #expect(throws: PushEventsError.duplicateInstallation("install-1")) {
            try PushEvents(
                bundleID: "com.example", window: 60, budget: .unlimited,
                registrations: [registration, registration],
                changes: [])
        }
    }

    @Test("Its plan is the planner's, with the builder's request for each push")
    func planIsThePlanners() throws {
        let events = try PushEvents(
            bundleID: "com.example", window: 600, budget: .perRolling24Hours(5), seed: 7,
            registrations: [registration], changes: [change])
        var planner = try PushPlanner(
            registry: PushTokenRegistry([registration]), window: 600, budget: .perRolling24Hours(5), seed: 7)
        let expected = planner.plan([change])
        let outcome = events.plan()
        #expect(outcome.requests.map(\.push) == expected.pushes)
        #expect(outcome.dropped == expected.dropped)
        let builder = try APNsRequestBuilder(bundleID: "com.example")
        #expect(outcome.requests.map(\.request) == expected.pushes.map { builder.request(for: $0) })
        // Planning twice starts from the same fresh planner.
        #expect(events.plan() == outcome)
    }

    @Test("A round trip through JSON keeps the value; an unlimited budget is the word, a seed defaults to 0")
    func roundTrip() throws {
        let events = try PushEvents(
            bundleID: "com.example", window: 90.5, budget: .unlimited, registrations: [registration],
            changes: [change])
        let json = try JSONCoding.encoder().encode(events)
        #expect(String(decoding: json, as: UTF8.self).contains(#""budget":"unlimited""#))
        #expect(try JSONCoding.decode(PushEvents.self, from: json) == events)
        let seedless = try JSONCoding.decode(
            PushEvents.self,
            from: Data(#"{"bundleID":"a.b","window":60,"budget":2,"registrations":[],"changes":[]}"#.utf8))
        #expect(seedless.seed == 0)
        #expect(seedless.budget == .perRolling24Hours(2))
    }

    @Test(
        "A value made in code reads back from its JSON: instants to the millisecond, none outside 0000–9999")
    func madeInCodeRoundTrips() throws {
        // A clock's instant is finer than a millisecond; the change keeps it as it is planned and written.
        let now = Date(timeIntervalSince1970: 1_796_022_000.123_456_7)
        let fine = PushChange(at: now, target: .kind("parking"), fingerprint: change.fingerprint)
        #expect(fine.at == Date(timeIntervalSince1970: 1_796_022_000.123))
        let events = try PushEvents(
            bundleID: "com.example", window: 60, budget: .unlimited, registrations: [registration],
            changes: [
                fine,
                PushChange(
                    at: .at("0000-01-01T00:00:00Z"), target: .kind("parking"), fingerprint: change.fingerprint
                ),
            ])
        #expect(try JSONCoding.decode(PushEvents.self, from: JSONCoding.encoder().encode(events)) == events)

        // Before year 0000 or not a number: no file can hold it, so it is refused when made, as when read.
        for seconds in [-62_167_219_200.5, -1e14, .nan] as [TimeInterval] {
            let out = PushChange(
                at: Date(timeIntervalSince1970: seconds), target: .kind("parking"),
                fingerprint: change.fingerprint)
            let error = #expect(throws: PushEventsError.self) {
                try PushEvents(
                    bundleID: "com.example", window: 60, budget: .unlimited, registrations: [registration],
                    changes: [change, out])
            }
            guard case .changeOutOfRange(let index, _) = error else {
                Issue.record("\(String(describing: error))")
                continue
            }
            #expect(index == 1)
            #expect(error?.description.hasPrefix("change 1 at ") == true)
        }
    }

    @Test("A member the file does not know is refused where it is; a device's registration may carry more")
    func unknownMembers() throws {
        func error(_ json: String) -> String? {
            do {
                _ = try JSONCoding.decode(PushEvents.self, from: Data(json.utf8))
                return nil
            } catch {
                return error.description
            }
        }
        let misspelt = error(
            #"{"bundleID":"a.b","window":60,"budget":2,"sed":7,"registrations":[],"changes":[]}"#)
        #expect(
            misspelt?.hasPrefix(#"at $.sed: unknown member "sed" (did you mean "seed"?)"#) == true,
            "\(misspelt ?? "")")
        let change = error(
            #"{"bundleID":"a.b","window":60,"budget":2,"registrations":[],"#
                + #""changes":[{"at":"2026-11-30T07:00:00Z","kind":"parking","fingerprint":"a","fingerprnt":"b"}]}"#
        )
        #expect(change?.hasPrefix(#"at $.changes[0].fingerprnt: unknown member"#) == true, "\(change ?? "")")
        // A change's widget is part of the change: a member written by mistake is refused there too.
        let widget = error(
            #"{"bundleID":"a.b","window":60,"budget":2,"registrations":[],"changes":[{"at":"2026-11-30T07:00:00Z","#
                + #""widget":{"installation":"i","id":"w","kind":"parking"},"fingerprint":"a"}]}"#)
        #expect(
            widget?.hasPrefix(#"at $.changes[0].widget.kind: unknown member "kind"; known: installation, id"#)
                == true, "\(widget ?? "")")
        // Registrations are what devices uploaded: a newer app's extra member is not an error.
        var registration =
            try JSONSerialization.jsonObject(
                with: JSONCoding.encoder().encode(self.registration)) as! [String: Any]
        registration["addedInAppVersion2"] = true
        let registrations = String(
            decoding: try JSONSerialization.data(withJSONObject: [registration]), as: UTF8.self)
        #expect(
            error(
                #"{"bundleID":"a.b","window":60,"budget":2,"registrations":"# + registrations
                    + #","changes":[]}"#)
                == nil)
    }
}
