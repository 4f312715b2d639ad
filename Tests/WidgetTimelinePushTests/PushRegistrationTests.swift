import Foundation
import Testing
import WidgetTimeline
import WidgetTimelinePush
import WidgetTimelineTesting

/// The registration the app uploads: its JSON form, its checks, and the token's two spellings.
@Suite("Push registrations and tokens")
struct PushRegistrationTests {
    static let documented = #"""
        {
          "installation": "5F0C6A1E-2B7D-4C44-9E0A-8D1B3C2F4A10",
          "token": "00fc13adff785122b4ad28809a3420982341241421348097878e577c991de8f0",
          "environment": "production",
          "widgets": [
            {"id": "parking-1", "kind": "parking", "family": "systemSmall"},
            {"id": "schedule-1", "kind": "schedule", "family": "systemMedium"}
          ]
        }
        """#

    @Test("the JSON form in docs/push.md reads, and writes back with sorted members")
    func documentedForm() throws {
        let registration = try PushRegistration(json: Data(Self.documented.utf8))
        #expect(registration.installationID == "5F0C6A1E-2B7D-4C44-9E0A-8D1B3C2F4A10")
        #expect(registration.token.hex == "00fc13adff785122b4ad28809a3420982341241421348097878e577c991de8f0")
        #expect(registration.environment == .production)
        #expect(
            registration.widgets == [
                try RegisteredWidget(id: "parking-1", kind: "parking", family: "systemSmall"),
                try RegisteredWidget(id: "schedule-1", kind: "schedule", family: "systemMedium"),
            ])
        #expect(
            String(decoding: registration.json, as: UTF8.self)
                == #"{"environment":"production","installation":"5F0C6A1E-2B7D-4C44-9E0A-8D1B3C2F4A10","#
                + #""token":"00fc13adff785122b4ad28809a3420982341241421348097878e577c991de8f0","#
                + #""widgets":[{"family":"systemSmall","id":"parking-1","kind":"parking"},"#
                + #"{"family":"systemMedium","id":"schedule-1","kind":"schedule"}]}"#)
        #expect(
            registration.instances == [
                WidgetInstance(installationID: "5F0C6A1E-2B7D-4C44-9E0A-8D1B3C2F4A10", widgetID: "parking-1"),
                WidgetInstance(
                    installationID: "5F0C6A1E-2B7D-4C44-9E0A-8D1B3C2F4A10", widgetID: "schedule-1"),
            ])
    }

    @Test("unknown members are ignored, so a newer app can add some; no widgets is a registration")
    func forwardCompatible() throws {
        let registration = try PushRegistration(
            json: Data(
                #"{"installation":"i","token":"ABCD","environment":"development","widgets":[],"newer":{"x":1}}"#
                    .utf8))
        #expect(registration.token.hex == "abcd")
        #expect(registration.widgets.isEmpty)
        #expect(
            registration.destination
                == PushDestination(token: try PushToken(hex: "abcd"), environment: .development))
    }

    struct BadDocument: Sendable, CustomStringConvertible {
        let json: String
        let error: String
        var description: String { error }
    }

    static let badDocuments = [
        BadDocument(
            json: #"{"installation":"i","token":"ab","environment":"sandbox","widgets":[]}"#,
            error: #"at $.environment: unknown value "sandbox" (expected one of: development, production)"#),
        BadDocument(
            json: #"{"installation":"i","token":"ab","environment":"productio","widgets":[]}"#,
            error:
                #"at $.environment: unknown value "productio" (expected one of: development, production); did you mean "production"?"#
        ),
        BadDocument(
            json: #"{"installation":"i","token":"00zz","environment":"production","widgets":[]}"#,
            error: #"at $.token: the push token is not hexadecimal: "z" at character 2"#),
        BadDocument(
            json: #"{"installation":"i","token":"abc","environment":"production","widgets":[]}"#,
            error: "at $.token: the push token has 3 hexadecimal digits, not whole bytes (an even count)"),
        BadDocument(
            json: #"{"installation":"i","token":"","environment":"production","widgets":[]}"#,
            error: "at $.token: the push token is empty; send the hexadecimal digits of WidgetPushInfo.token"),
        BadDocument(
            json: #"{"installation":"","token":"ab","environment":"production","widgets":[]}"#,
            error: "at $.installation: the installation identifier is empty"),
        BadDocument(
            json: #"{"token":"ab","environment":"production","widgets":[]}"#,
            error: #"at $: missing member "installation""#),
        BadDocument(
            json: #"{"installation":"i","token":"ab","environment":"production","widgets":["#
                + #"{"id":"a","kind":"k","family":"systemSmall"},{"id":"b","kind":"","family":"systemSmall"}]}"#,
            error: #"at $.widgets[1].kind: widget "b" has an empty kind"#),
        BadDocument(
            json: #"{"installation":"i","token":"ab","environment":"production","widgets":["#
                + #"{"id":"","kind":"k","family":"systemSmall"}]}"#,
            error: "at $.widgets[0].id: a widget's identifier is empty"),
        BadDocument(
            json: #"{"installation":"i","token":"ab","environment":"production","widgets":["#
                + #"{"id":"a","kind":"k","family":""}]}"#,
            error: #"at $.widgets[0].family: widget "a" has an empty family"#),
        BadDocument(
            json: #"{"installation":"i","token":"ab","environment":"production","widgets":["#
                + #"{"id":"a","kind":"k","family":"f"},{"id":"a","kind":"j","family":"f"}]}"#,
            error: #"at $.widgets: widget identifier "a" appears twice in one registration"#),
    ]

    @Test("a bad registration is refused with the path and the reason", arguments: badDocuments)
    func badRegistration(document: BadDocument) throws {
        let error = try #require(throws: JSONDecodingError.self) {
            try PushRegistration(json: Data(document.json.utf8))
        }
        #expect(error.description == document.error)
    }

    @Test("an unknown environment and text that is not strict JSON are refused, naming where")
    func unknownEnvironmentAndSyntax() throws {
        let environment = try #require(throws: JSONDecodingError.self) {
            try PushRegistration(
                json: Data(#"{"installation":"i","token":"ab","environment":"staging","widgets":[]}"#.utf8))
        }
        #expect(environment.path == "$.environment")
        let syntax = try #require(throws: JSONDecodingError.self) {
            try PushRegistration(
                json: Data(
                    #"{"installation":"i","token":"ab","environment":"production","widgets":[],}"#.utf8))
        }
        #expect(syntax.path == nil)
        #expect(syntax.description.contains("line 1"))
    }

    @Test("made in code, the same checks apply")
    func checksInCode() throws {
        let token = try PushToken(hex: "ab")
        #expect(throws: PushRegistrationError.emptyInstallationID) {
            try PushRegistration(installationID: "", token: token, environment: .production, widgets: [])
        }
        let widget = try RegisteredWidget(id: "w", kind: "k", family: "f")
        #expect(throws: PushRegistrationError.duplicateWidgetID("w")) {
            try PushRegistration(
                installationID: "i", token: token, environment: .production, widgets: [widget, widget])
        }
        #expect(throws: PushRegistrationError.emptyWidgetID) {
            try RegisteredWidget(id: "", kind: "k", family: "f")
        }
        #expect(throws: PushRegistrationError.tokenNotHexadecimal(found: "１", offset: 0)) {
            try PushToken(hex: "１a")  // a full-width digit is a hex digit to Character, not to APNs
        }
        #expect(throws: PushRegistrationError.tokenNotHexadecimal(found: " ", offset: 2)) {
            try PushToken(hex: "ab cd")
        }
        #expect(throws: PushRegistrationError.emptyToken) { try PushToken(bytes: []) }
    }

    @Test("a token's bytes and its hexadecimal text are one value, written lower-case")
    func tokenSpellings() throws {
        let bytes: [UInt8] = [0x00, 0xFC, 0x13, 0xAD, 0xFF, 0x78, 0x51, 0x22]
        let token = try PushToken(bytes: bytes)
        #expect(token.hex == "00fc13adff785122")
        #expect(token.bytes == bytes)
        #expect(try PushToken(hex: "00FC13ADFF785122") == token)
        #expect(try PushToken(bytes: Data(bytes)) == token)
        PropertyCheck.forAll("token bytes round-trip", count: 500, firstSeed: 7_000) { values in
            let bytes = (0..<values.int(in: 1...100)).map { _ in UInt8.random(in: 0...255, using: &values) }
            let token = try PushToken(bytes: bytes)
            guard token.bytes == bytes, try PushToken(hex: token.hex.uppercased()) == token else {
                return "\(bytes) came back as \(token.bytes)"
            }
            return nil
        }
    }

    @Test("registrations and changes round-trip through their JSON, with any text in their names")
    func roundTrips() {
        PropertyCheck.roundTrip(PushRegistration.self, count: 500, firstSeed: 8_000) { $0.pushRegistration() }
        PropertyCheck.roundTrip(PushChange.self, count: 500, firstSeed: 9_000) { values in
            PushChange(
                at: values.instant(),
                target: values.bool()
                    ? .kind(values.text())
                    : .widget(WidgetInstance(installationID: values.text(), widgetID: values.text())),
                fingerprint: values.fingerprint())
        }
    }

    @Test("a change names a kind or a widget, never both or neither")
    func changeTargets() throws {
        let kind = try JSONCoding.decode(
            PushChange.self,
            from: Data(#"{"at":"2026-11-30T07:00:00Z","kind":"parking","fingerprint":"f"}"#.utf8))
        #expect(kind.target == .kind("parking"))
        #expect(kind.at == Date(timeIntervalSince1970: 1_796_022_000))
        let widget = try JSONCoding.decode(
            PushChange.self,
            from: Data(
                #"{"at":"2026-11-30T07:00:00Z","widget":{"installation":"i","id":"w"},"fingerprint":"f"}"#
                    .utf8))
        #expect(widget.target == .widget(WidgetInstance(installationID: "i", widgetID: "w")))
        let both = try #require(throws: JSONDecodingError.self) {
            try JSONCoding.decode(
                PushChange.self,
                from: Data(
                    #"{"at":"2026-11-30T07:00:00Z","kind":"k","widget":{"installation":"i","id":"w"},"fingerprint":"f"}"#
                        .utf8))
        }
        #expect(both.description == "at $.widget: a change has a kind or a widget, not both")
        let neither = try #require(throws: JSONDecodingError.self) {
            try JSONCoding.decode(
                PushChange.self, from: Data(#"{"at":"2026-11-30T07:00:00Z","fingerprint":"f"}"#.utf8))
        }
        #expect(neither.description == #"at $: missing member "kind""#)
    }
}
