public import WidgetTimeline

#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A scenario ready to run: every payload decoded into its widget's type, every random change
/// drawn from the seed, every list sorted. Running it any number of times, under any strategy,
/// sees the same world.
public struct CompiledScenario: Sendable {
    /// The scenario as written.
    public let scenario: Scenario
    /// The seed the random changes were drawn from, and the runs draw from.
    public let seed: UInt64
    let widgets: [any CompiledWidget]
    /// The user's time zone from each instant on, the first at the start.
    let timeZones: [(at: Date, zone: TimeZone)]
    /// Each entry of ``timeZones`` named as the scenario writes it: Foundation may name a zone
    /// otherwise (`UTC` as `GMT` on Linux), and a trace and a headline say what the scenario says.
    let timeZoneNames: [String]
    /// A Gregorian calendar for each entry of ``timeZones``, made once.
    let calendars: [Calendar]
    /// App foreground sessions, sorted and without overlaps.
    let foreground: [TimeSpan]
    /// How the server pushes, the defaults filled in.
    public let push: PushSetup
    /// The app's controls, in scenario order.
    let controls: [CompiledControl]

    public var start: Date { scenario.start }
    public var end: Date { scenario.end }
    public var model: SystemModel { scenario.system }
    /// The widget ids, in scenario order.
    public var widgetIDs: [String] { widgets.map(\.id) }

    /// The calendar in force at `instant`.
    func calendar(at instant: Date) -> Calendar {
        var index = 0
        for (candidate, change) in timeZones.enumerated() where change.at <= instant { index = candidate }
        return calendars[index]
    }

    /// The user's local midnights from the start to the end, each in the zone in force then: where a
    /// daily budget refill (``BudgetRefill/daily``) resets. Each zone's midnights are counted from
    /// the instant the user arrives in it, so a change never carries the old zone's next midnight.
    func localMidnights() -> [Date] {
        var midnights: [Date] = []
        for (index, piece) in timeZones.enumerated() {
            let pieceEnd = index + 1 < timeZones.count ? timeZones[index + 1].at : end
            midnights += DayBoundaries(calendar: calendars[index]).dayStarts(
                after: piece.at, through: pieceEnd
            )
            .filter { $0 < pieceEnd }
        }
        return midnights
    }

    /// The user's time zone at `instant`.
    public func zone(at instant: Date) -> TimeZone {
        var zone = timeZones[0].zone
        for change in timeZones where change.at <= instant { zone = change.zone }
        return zone
    }
}

extension Scenario {
    /// Decodes a scenario file.
    ///
    /// - Throws: ``ScenarioError`` with the JSON path of the first problem.
    public static func decode(_ data: Data) throws(ScenarioError) -> Scenario {
        // Strict JSON first (see `JSONCoding.decode`): what Foundation alone would take — a
        // member written twice, a trailing comma, UTF-16 — is refused with its line and column, and
        // a number that does not fit its member is named with its path.
        do {
            return try JSONCoding.decode(Scenario.self, from: data)
        } catch {
            throw ScenarioError(error)
        }
    }

    /// Decodes the payloads, checks what JSON alone cannot, and draws the random changes.
    ///
    /// - Parameters:
    ///   - seed: overrides the scenario's ``seed``.
    ///   - kinds: the widget kinds a scenario's `kind` may name besides those it declares in
    ///     ``kinds``: an app's own, or the example widgets (`ExampleWidgets.all` in
    ///     `WidgetTimelineExamples`).
    /// - Throws: ``ScenarioError`` with the JSON path of the first problem.
    public func compiled(seed: UInt64? = nil, kinds: [any WidgetKind])
        throws(ScenarioError)
        -> CompiledScenario
    {
        let seed = seed ?? self.seed
        try GenericKind.checkNames(self.kinds, against: kinds)
        let kinds = kinds + self.kinds.map(\.widgetKind)
        if widgets.isEmpty { throw ScenarioError(path: "$.widgets", message: "needs at least one widget") }
        let controlled = try checkControls()
        var ids: Set<String> = []
        var compiled: [any CompiledWidget] = []
        for (index, widget) in widgets.enumerated() {
            let path = "$.widgets[\(index)]"
            guard ids.insert(widget.id).inserted else {
                throw ScenarioError(
                    path: path + ".id", message: "\"\(widget.id)\" is used by an earlier widget")
            }
            guard let kind = kinds.first(where: { $0.kind == widget.kind }) else {
                let known = kinds.map(\.kind).joined(separator: ", ")
                throw ScenarioError(
                    path: path + ".kind", message: "unknown widget kind \"\(widget.kind)\"; known: \(known)")
            }
            let widgetSeed = SplitMix64.mix(seed ^ SplitMix64.mix(UInt64(index) &+ 1))
            compiled.append(
                try compile(
                    widget, as: kind, path: path, seed: widgetSeed, controls: controlled[widget.id] ?? []))
        }
        try check(timeZoneChanges.map(\.at), path: "$.timeZoneChanges", member: "at")
        try checkOneZonePerInstant()
        try check(events.map(\.at), path: "$.events", member: "at")
        for (index, span) in app.foreground.enumerated() where span.from < start || span.from >= end {
            throw ScenarioError(
                path: "$.app.foreground[\(index)].from",
                message: "is outside the scenario (start to start + duration)")
        }
        var zones = [(at: start, zone: TimeZone(identifier: timeZone)!)]
        var zoneNames = [timeZone]
        for change in timeZoneChanges.sorted(by: { $0.at < $1.at }) {
            zones.append((change.at, TimeZone(identifier: change.timeZone)!))
            zoneNames.append(change.timeZone)
        }
        var sessions: [TimeSpan] = []
        for span in app.foreground.sorted(by: { $0.from < $1.from }) {
            if let last = sessions.last, span.from <= last.to {
                sessions[sessions.count - 1].to = max(last.to, span.to)
            } else {
                sessions.append(span)
            }
        }
        let calendars = zones.map { change -> Calendar in
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = change.zone
            return calendar
        }
        return CompiledScenario(
            scenario: self, seed: seed, widgets: compiled, timeZones: zones, timeZoneNames: zoneNames,
            calendars: calendars,
            foreground: sessions, push: push ?? PushSetup(),
            controls: controls.map { control in
                CompiledControl(
                    id: control.id, kind: control.kind,
                    widget: widgets.firstIndex { $0.id == control.widget }!)
            })
    }

    /// Checks the controls (unique ids, a widget that exists, interactions inside the scenario) and
    /// returns, by widget id, the controls that show it with their indices.
    private func checkControls() throws(ScenarioError) -> [String: [(index: Int, control: ScenarioControl)]] {
        var ids: Set<String> = []
        var byWidget: [String: [(index: Int, control: ScenarioControl)]] = [:]
        for (index, control) in controls.enumerated() {
            let path = "$.controls[\(index)]"
            guard ids.insert(control.id).inserted else {
                throw ScenarioError(
                    path: path + ".id", message: "\"\(control.id)\" is used by an earlier control")
            }
            guard !control.kind.isEmpty else {
                throw ScenarioError(path: path + ".kind", message: "is empty")
            }
            guard widgets.contains(where: { $0.id == control.widget }) else {
                let known = widgets.map(\.id).joined(separator: ", ")
                throw ScenarioError(
                    path: path + ".widget",
                    message: "no widget has the id \"\(control.widget)\"; known: \(known)")
            }
            byWidget[control.widget, default: []].append((index, control))
        }
        return byWidget
    }

    /// Refuses a time-zone change at the scenario's start or at the instant of another change: the
    /// device is in one zone at each instant, and a change of no duration would leave screens and
    /// truth stretches of no length, each written in a zone the device was never in.
    private func checkOneZonePerInstant() throws(ScenarioError) {
        var seen: [Date: Int] = [:]
        for (index, change) in timeZoneChanges.enumerated() {
            let path = "$.timeZoneChanges[\(index)].at"
            if change.at == start {
                throw ScenarioError(
                    path: path, message: "is the scenario's start: write that zone as the scenario's timeZone"
                )
            }
            if let earlier = seen[change.at] {
                throw ScenarioError(
                    path: path,
                    message:
                        "is the instant of $.timeZoneChanges[\(earlier)]: the device is in one zone at a time"
                )
            }
            seen[change.at] = index
        }
    }

    private func check(_ instants: [Date], path: String, member: String) throws(ScenarioError) {
        for (index, instant) in instants.enumerated() where instant < start || instant >= end {
            throw ScenarioError(
                path: "\(path)[\(index)].\(member)",
                message: "is outside the scenario (start to start + duration)")
        }
    }

    private func compile<Kind: WidgetKind>(
        _ widget: ScenarioWidget, as kind: Kind, path: String, seed: UInt64,
        controls: [(index: Int, control: ScenarioControl)]
    )
        throws(ScenarioError) -> any CompiledWidget
    {
        var generator = SplitMix64(seed: seed)
        var commits = try changes(widget.commits, as: kind, path: path + ".commits")
        if let random = widget.randomCommits {
            commits += try draw(random, as: kind, path: path + ".randomCommits", generator: &generator)
        }
        var source: SimulatedSource<Kind.Payload>?
        if let spec = widget.source {
            var updates = try changes(spec.updates, as: kind, path: path + ".source.updates")
            if let random = spec.randomUpdates {
                updates += try draw(
                    random, as: kind, path: path + ".source.randomUpdates", generator: &generator)
            }
            for (index, outage) in spec.outages.enumerated() where outage.from < start || outage.from >= end {
                throw ScenarioError(
                    path: "\(path).source.outages[\(index)].from",
                    message: "is outside the scenario (start to start + duration)")
            }
            source = SimulatedSource(
                versions: updates.sorted { $0.at < $1.at }, latency: spec.latency.seconds,
                outages: spec.outages)
        }
        let glances = widget.visibility.map { visibility in
            visibility.glances.map {
                TimeSpan(from: $0.at, to: $0.at.addingTimeInterval($0.duration.seconds))
            }
            .sorted { $0.from < $1.from }
        }
        var key = kind.defaultKey
        if let text = widget.key {
            do {
                key = try SnapshotKey(validating: text)
            } catch {
                throw ScenarioError(path: "\(path).key", message: error.description)
            }
        }
        var intentWrites = try changes(widget.taps, as: kind, path: path + ".taps").map {
            (at: $0.at, payload: $0.payload, control: Int?.none)
        }
        for (index, control) in controls {
            intentWrites += try changes(
                control.interactions, as: kind, path: "$.controls[\(index)].interactions"
            ).map { (at: $0.at, payload: $0.payload, control: Int?.some(index)) }
        }
        return WidgetScript(
            id: widget.id,
            kind: kind,
            key: key,
            hostCommits: commits.sorted { $0.at < $1.at },
            source: source,
            glances: glances,
            intentWrites: intentWrites.enumerated().sorted {
                ($0.element.at, $0.offset) < ($1.element.at, $1.offset)
            }
            .map(\.element)
        )
    }

    private func changes<Kind: WidgetKind>(_ list: [ScenarioCommit], as kind: Kind, path: String)
        throws(ScenarioError) -> [(at: Date, payload: Kind.Payload)]
    {
        var result: [(at: Date, payload: Kind.Payload)] = []
        for (index, commit) in list.enumerated() {
            if commit.at < start || commit.at >= end {
                throw ScenarioError(
                    path: "\(path)[\(index)].at",
                    message: "is outside the scenario (start to start + duration)")
            }
            result.append(
                (commit.at, try payload(commit.payload, as: kind, path: "\(path)[\(index)].payload")))
        }
        return result
    }

    private func draw<Kind: WidgetKind>(
        _ random: RandomCommits, as kind: Kind, path: String, generator: inout SplitMix64
    ) throws(ScenarioError) -> [(at: Date, payload: Kind.Payload)] {
        var payloads: [Kind.Payload] = []
        for (index, value) in random.payloads.enumerated() {
            payloads.append(try payload(value, as: kind, path: "\(path).payloads[\(index)]"))
        }
        let from = max(random.from ?? start, start)
        let to = min(random.to ?? end, end)
        // Drawing a change a second for ten years would take minutes and gigabytes: refuse what
        // could not be simulated, before drawing.
        let expected = to.timeIntervalSince(from) / random.meanInterval.seconds
        guard expected <= Double(Self.maximumRandomChanges) else {
            throw ScenarioError(
                path: path + ".meanInterval",
                message: "draws about \(Int(expected.rounded())) changes between \(Instant.format(from)) and "
                    + "\(Instant.format(to)); at most \(Self.maximumRandomChanges): use a longer interval or a "
                    + "shorter span")
        }
        var result: [(at: Date, payload: Kind.Payload)] = []
        var instant = from
        var next = 0
        while true {
            // Exponential gaps: a Poisson process with the given mean.
            let unit = Double(generator.next() >> 11) * 0x1.0p-53
            instant = instant.addingTimeInterval(-random.meanInterval.seconds * log(1 - unit))
            // The draw may exceed its mean; it never runs far past the limit.
            guard instant < to, result.count < 2 * Self.maximumRandomChanges else { break }
            result.append((Instant.rounded(instant), payloads[next % payloads.count]))
            next += 1
        }
        return result
    }

    /// The most random changes one widget's scenario may draw (on average): a change every minute
    /// for about two months.
    static let maximumRandomChanges = 100_000

    private func payload<Kind: WidgetKind>(_ value: JSONValue, as kind: Kind, path: String)
        throws(ScenarioError) -> Kind.Payload
    {
        do {
            return try JSONCoding.decode(
                Kind.Payload.self, from: Data(CanonicalJSON.encode(value, wholeNumbersInFull: true)))
        } catch {
            throw ScenarioError(error, under: path)
        }
    }
}

/// A scenario control, compiled: which widget's data it shows.
struct CompiledControl: Sendable {
    var id: String
    var kind: String
    /// The index of the widget it shows.
    var widget: Int
}
