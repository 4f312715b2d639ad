import Foundation
import Testing
import WidgetTimelinePush
import WidgetTimelineTesting

/// The registry: look-ups by widget and kind, and what a token change, a shrunk widget list and a
/// refused token do.
@Suite("Push token registry")
struct PushTokenRegistryTests {
    static func registration(
        _ installation: String, token: String, _ environment: APNsEnvironment = .production,
        widgets: [(id: String, kind: String)]
    ) -> PushRegistration {
        try! PushRegistration(
            installationID: installation, token: PushToken(hex: token), environment: environment,
            widgets: widgets.map { try! RegisteredWidget(id: $0.id, kind: $0.kind, family: "systemSmall") })
    }

    static func instance(_ installation: String, _ widget: String) -> WidgetInstance {
        WidgetInstance(installationID: installation, widgetID: widget)
    }

    static func destination(_ token: String, _ environment: APNsEnvironment = .production) -> PushDestination
    {
        PushDestination(token: try! PushToken(hex: token), environment: environment)
    }

    @Test("widgets are found by instance and by kind, with the destination their pushes go to")
    func lookUps() {
        var registry = PushTokenRegistry()
        registry.register(
            Self.registration("phone", token: "aa", widgets: [("p", "parking"), ("s", "schedule")]))
        registry.register(
            Self.registration("tablet", token: "bb", .development, widgets: [("p2", "parking")]))
        #expect(
            registry.instances(ofKind: "parking") == [
                Self.instance("phone", "p"), Self.instance("tablet", "p2"),
            ])
        #expect(registry.instances(ofKind: "schedule") == [Self.instance("phone", "s")])
        #expect(registry.instances(ofKind: "weather").isEmpty)
        #expect(
            registry.destination(of: Self.instance("tablet", "p2")) == Self.destination("bb", .development))
        #expect(registry.destination(of: Self.instance("tablet", "p")) == nil)
        #expect(registry.widget(Self.instance("phone", "s"))?.kind == "schedule")
        #expect(
            registry.instances(servedBy: Self.destination("aa")) == [
                Self.instance("phone", "p"), Self.instance("phone", "s"),
            ])
        #expect(registry.destinations == [Self.destination("aa"), Self.destination("bb", .development)])
        #expect(registry.installationCount == 2)
    }

    @Test("a new token moves the installation's widgets to it and retires the old one")
    func tokenChange() {
        var registry = PushTokenRegistry()
        registry.register(
            Self.registration("phone", token: "aa", widgets: [("p", "parking"), ("s", "schedule")]))
        let update = registry.register(
            Self.registration("phone", token: "cc", widgets: [("p", "parking"), ("s", "schedule")]))
        #expect(update.changedDestination)
        #expect(update.moved == [Self.instance("phone", "p"), Self.instance("phone", "s")])
        #expect(update.added.isEmpty && update.removed.isEmpty)
        #expect(update.retiredDestinations == [Self.destination("aa")])
        #expect(update.previous?.token.hex == "aa" && update.current?.token.hex == "cc")
        #expect(registry.destination(of: Self.instance("phone", "p")) == Self.destination("cc"))
        #expect(registry.instances(servedBy: Self.destination("aa")).isEmpty)
        #expect(registry.destinations == [Self.destination("cc")])
        #expect(registry.instances(ofKind: "parking") == [Self.instance("phone", "p")])
    }

    @Test("the same token with another widget list adds and removes widgets, moving none")
    func widgetListChange() {
        var registry = PushTokenRegistry()
        registry.register(
            Self.registration("phone", token: "aa", widgets: [("p", "parking"), ("s", "schedule")]))
        let update = registry.register(
            Self.registration("phone", token: "aa", widgets: [("p", "parking"), ("t", "tasks")]))
        #expect(!update.changedDestination)
        #expect(update.added == [Self.instance("phone", "t")])
        #expect(update.removed == [Self.instance("phone", "s")])
        #expect(update.moved.isEmpty && update.retiredDestinations.isEmpty)
        #expect(registry.instances(ofKind: "schedule").isEmpty)
        #expect(registry.instances(ofKind: "tasks") == [Self.instance("phone", "t")])
    }

    @Test("a token two installations share is retired only when neither uses it")
    func sharedToken() {
        var registry = PushTokenRegistry()
        registry.register(Self.registration("phone/widgets", token: "aa", widgets: [("p", "parking")]))
        registry.register(Self.registration("phone/other", token: "aa", widgets: [("s", "schedule")]))
        let first = registry.register(
            Self.registration("phone/widgets", token: "bb", widgets: [("p", "parking")]))
        #expect(first.retiredDestinations.isEmpty)
        #expect(registry.instances(servedBy: Self.destination("aa")) == [Self.instance("phone/other", "s")])
        let second = registry.register(
            Self.registration("phone/other", token: "bb", widgets: [("s", "schedule")]))
        #expect(second.retiredDestinations == [Self.destination("aa")])
        #expect(registry.destinations == [Self.destination("bb")])
    }

    @Test("removing a refused destination removes every installation on it; removing twice does nothing")
    func removals() {
        var registry = PushTokenRegistry([
            Self.registration("one", token: "aa", widgets: [("p", "parking")]),
            Self.registration("two", token: "aa", widgets: [("q", "parking")]),
            Self.registration("three", token: "aa", .development, widgets: [("r", "parking")]),
        ])
        let updates = registry.remove(Self.destination("aa"))
        #expect(updates.map { $0.previous?.installationID } == ["one", "two"])
        #expect(updates.last?.retiredDestinations == [Self.destination("aa")])
        #expect(registry.instances(ofKind: "parking") == [Self.instance("three", "r")])
        #expect(registry.remove(Self.destination("aa")).isEmpty)
        #expect(registry.removeInstallation("three")?.removed == [Self.instance("three", "r")])
        #expect(registry.removeInstallation("three") == nil)
        #expect(registry == PushTokenRegistry())
    }

    @Test(
        "after any sequence of registrations and removals, every look-up agrees with a scan of the registrations"
    )
    func indexesAgreeWithAScan() {
        PropertyCheck.forAll("registry look-ups", count: 300, firstSeed: 40_000) { values in
            var registry = PushTokenRegistry()
            var model: [String: PushRegistration] = [:]
            let installations = ["a", "b", "c", "d", "e"]
            let tokens = try (0..<3).map { _ in
                try PushToken(hex: values.element(of: ["aa", "bb", "cc", "dd"]))
            }
            for _ in 0..<values.int(in: 0...40) {
                let installation = values.element(of: installations)
                switch values.int(in: 0...5) {
                case 0:
                    registry.removeInstallation(installation)
                    model[installation] = nil
                case 1:
                    let destination = PushDestination(
                        token: values.element(of: tokens), environment: .production)
                    registry.remove(destination)
                    model = model.filter { $0.value.destination != destination }
                default:
                    var ids: Set<String> = []
                    let widgets = values.array(count: 0...4) { values in
                        try! RegisteredWidget(
                            id: values.element(of: ["1", "2", "3", "4"]),
                            kind: values.element(of: ["k", "l", "m"]),
                            family: "systemSmall")
                    }
                    .filter { ids.insert($0.id).inserted }
                    let registration = try PushRegistration(
                        installationID: installation, token: values.element(of: tokens),
                        environment: values.bool() ? .production : .development, widgets: widgets)
                    registry.register(registration)
                    model[installation] = registration
                }
            }
            for kind in ["k", "l", "m"] {
                let scanned = model.values.flatMap { registration in
                    registration.widgets.filter { $0.kind == kind }.map {
                        WidgetInstance(installationID: registration.installationID, widgetID: $0.id)
                    }
                }
                .sorted()
                guard registry.instances(ofKind: kind) == scanned else { return "kind \(kind)" }
            }
            let destinations = Set(model.values.map(\.destination))
            guard registry.destinations == destinations.sorted() else { return "destinations" }
            for destination in destinations {
                let scanned = model.values.filter { $0.destination == destination }.flatMap(\.instances)
                    .sorted()
                guard registry.instances(servedBy: destination) == scanned else {
                    return "served by \(destination)"
                }
            }
            for registration in model.values {
                for instance in registration.instances
                where registry.destination(of: instance) != registration.destination {
                    return "destination of \(instance)"
                }
            }
            guard registry == PushTokenRegistry(model.values.sorted { $0.installationID < $1.installationID })
            else {
                return "the registry differs from one rebuilt from its registrations"
            }
            return nil
        }
    }
}
