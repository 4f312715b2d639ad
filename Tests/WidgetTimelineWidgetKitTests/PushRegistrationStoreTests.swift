import Foundation
import Testing
import WidgetTimeline
import WidgetTimelinePush
import WidgetTimelineTesting

@testable import WidgetTimelineWidgetKit

#if canImport(WidgetKit)
    import WidgetKit
#else
    @testable import WidgetKitStandIn
#endif

@Suite("Push registrations in the App Group: the extension records, the host uploads what changed")
struct PushRegistrationStoreTests {
    let directory: TemporaryDirectory
    let clock = ManualClock(now: Fixture.now)
    let token = Data([0x00, 0xFC, 0x13, 0xAD])
    let widgets = [
        try! RegisteredWidget(id: "parking.systemSmall.1", kind: "parking", family: "systemSmall")
    ]

    init() throws { directory = try TemporaryDirectory() }

    private func registrations(_ store: (any SnapshotStore)? = nil) -> PushRegistrationStore {
        PushRegistrationStore(
            store: store ?? FileSnapshotStore(directory: directory.url), clock: clock,
            makeInstallationID: { "5F0C6A1E-2B7D-4C44-9E0A-8D1B3C2F4A10" })
    }

    @Test("A record is the server's registration JSON, read back by the other process and by the server")
    func recordAndRead() throws {
        let recorded = try registrations().record(token: token, widgets: widgets, environment: .development)

        // Another process (the host) with its own store over the same directory.
        let host = registrations(FileSnapshotStore(directory: directory.url))
        #expect(host.current() == recorded)
        let server = try PushRegistration(json: try #require(host.pendingUpload()).json)
        #expect(server.token.hex == "00fc13ad")
        #expect(server.installationID == "5F0C6A1E-2B7D-4C44-9E0A-8D1B3C2F4A10")
        #expect(server.environment == .development)
        #expect(server.widgets == widgets)
    }

    @Test("A new token keeps the installation, and is pending until uploaded; an upload clears it")
    func tokenChangesArePending() throws {
        let made = Counter()
        let registrations = PushRegistrationStore(
            store: FileSnapshotStore(directory: directory.url), clock: clock,
            makeInstallationID: { "install-\(made.next())" })
        #expect(registrations.pendingUpload() == nil)
        let first = try registrations.record(token: token, widgets: widgets, environment: .production)
        #expect(registrations.pendingUpload() == first)
        try registrations.markUploaded(first)
        #expect(registrations.pendingUpload() == nil)

        let second = try registrations.record(
            token: Data([0xAB, 0xCD]), widgets: [], environment: .production)
        #expect(second.installationID == "install-1")
        #expect(made.value == 1)
        #expect(registrations.pendingUpload() == second)
        // Recording the same again changes nothing to upload once it is uploaded.
        try registrations.markUploaded(second)
        try registrations.record(token: Data([0xAB, 0xCD]), widgets: [], environment: .production)
        #expect(registrations.pendingUpload() == nil)
    }

    @Test("An empty token is refused, and a store that cannot write says so; the last record stands")
    func refusals() throws {
        let registrations = registrations()
        let first = try registrations.record(token: token, widgets: widgets, environment: .production)
        #expect {
            try registrations.record(token: Data(), widgets: widgets, environment: .production)
        } throws: { error in
            guard case PushRecordError.invalidRegistration = error else { return false }
            return true
        }
        let readOnly = self.registrations(FileSnapshotStore(directory: directory.url, access: .readOnly))
        #expect {
            try readOnly.record(token: Data([1]), widgets: [], environment: .production)
        } throws: { error in
            guard case PushRecordError.store(.readOnly) = error else { return false }
            return true
        }
        #expect(registrations.current() == first)
    }

    /// How the newest stored record is made unreadable.
    enum Damage: String, CaseIterable, Sendable {
        /// A torn write of revision 2 over a valid revision 1.
        case tornOverValid
        /// Revision 1 itself is empty: no revision can be read.
        case onlyRevisionEmpty
        /// Revision 2 has a newer schema (a newer build wrote it).
        case newerSchema
    }

    @Test(
        "A stored record that cannot be read is replaced at once, keeping what installation it can",
        arguments: Damage.allCases)
    func unreadableRecordIsReplaced(_ damage: Damage) throws {
        let file = FileSnapshotStore(directory: directory.url)
        let bounded = CountingSnapshotStore(wrapping: file, commitLimit: 200)
        let made = Counter()
        let registrations = PushRegistrationStore(
            store: bounded, clock: clock, makeInstallationID: { "install-\(made.next())" })
        let first = try registrations.record(token: token, widgets: widgets, environment: .production)
        let keyDirectory = file.directory(for: registrations.registrationKey)
        switch damage {
        case .tornOverValid:
            try Data("{\"magic".utf8).write(to: keyDirectory.appendingPathComponent("0000000002.snapshot"))
        case .onlyRevisionEmpty:
            try Data().write(to: keyDirectory.appendingPathComponent("0000000001.snapshot"))
        case .newerSchema:
            let draft = try SnapshotDraft(
                kind: "push-registration", key: registrations.registrationKey, schemaVersion: 2,
                generatedAt: Fixture.now, payload: first)
            _ = try file.commit(draft)
        }
        let committed = bounded.commits

        // Before: each commit expected the revision read (or none), conflicted, and tried again,
        // for ever — WidgetKit's call to the push handler never returned.
        let second = try registrations.record(token: Data([0xAB]), widgets: [], environment: .production)

        #expect(bounded.commits == committed + 1)
        #expect(registrations.current() == second)
        #expect(registrations.pendingUpload() == second)
        // The installation is kept wherever a record still names it.
        #expect(second.installationID == (damage == .onlyRevisionEmpty ? "install-2" : "install-1"))
    }

    // Before: a call stopped before its commit (a suspended extension) read again after its
    // conflict and put its older token back over the one a later call had recorded meanwhile.
    @Test("A call paused before its commit never replaces the token a later call recorded meanwhile")
    func pausedCallKeepsTheLaterToken() throws {
        let (clock, widgets) = (self.clock, self.widgets)
        let file = FileSnapshotStore(directory: directory.url)
        let later = registrations(file)
        let newer = Data([0xAB, 0xCD])
        let paused = CountingSnapshotStore(wrapping: file, commitLimit: 4) { number in
            guard number == 1 else { return }
            // Stopped for five minutes while WidgetKit hands another call the newer token.
            clock.advance(by: 300)
            #expect(throws: Never.self) {
                try later.record(token: newer, widgets: widgets, environment: .production)
            }
        }
        let recorded = try registrations(paused).record(
            token: token, widgets: widgets, environment: .production)
        #expect(recorded.token.hex == "abcd")
        #expect(later.current()?.token.hex == "abcd")
        #expect(later.pendingUpload() == recorded)
        // A later call records its token over it, as before.
        let next = try registrations(paused).record(token: token, widgets: widgets, environment: .production)
        #expect(later.current() == next)
        #expect(next.token.hex == "00fc13ad")
    }

    @Test("A key other writers commit to without end throws contention after 64 attempts, never spins")
    func endlessConflictsThrow() throws {
        let registrations = registrations(AlwaysConflictingStore())
        #expect {
            try registrations.record(token: token, widgets: widgets, environment: .production)
        } throws: { error in
            guard case PushRecordError.store(.contention(attempts: 64)) = error else { return false }
            return true
        }
    }

    @Test("Widgets get identifiers unique in the registration: kind, family and a count")
    func numbering() {
        let numbered = RegisteredWidget.numbered([
            ("parking", "systemSmall"), ("parking", "systemSmall"), ("parking", "systemMedium"),
            ("", "systemSmall"),
        ])
        #expect(
            numbered.map(\.id) == [
                "parking.systemSmall.1", "parking.systemSmall.2", "parking.systemMedium.1",
            ])
    }

    #if !canImport(WidgetKit)
        @Test("The push handler records what WidgetKit hands it in the App Group, or reports why it cannot")
        func handler() throws {
            let container = SharedContainer(directory: directory.url)
            let handler = AppGroupWidgetPushHandler(
                container: .success(container), environment: .development,
                report: SetupProblemReporter { _ in })
            handler.pushTokenDidChange(
                WidgetPushInfo(token: token),
                widgets: [
                    WidgetInfo(kind: "parking", family: .systemSmall),
                    WidgetInfo(kind: "task-count", family: .accessoryCircular),
                ])

            let recorded = try #require(container.pushRegistrations().pendingUpload())
            #expect(recorded.token.hex == "00fc13ad")
            #expect(
                recorded.widgets.map(\.id) == ["parking.systemSmall.1", "task-count.accessoryCircular.1"])
            #expect(recorded.widgets.map(\.family) == ["systemSmall", "accessoryCircular"])

            let reports = ReportRecorder()
            AppGroupWidgetPushHandler(
                container: .failure(.containerUnavailable(groupIdentifier: "group.example")),
                environment: .production, report: SetupProblemReporter { reports.add($0) }
            ).pushTokenDidChange(WidgetPushInfo(token: token), widgets: [])
            #expect(reports.problems == [.containerUnavailable(groupIdentifier: "group.example")])

            // A container whose directory cannot be written: the failed save is reported too.
            let file = directory.url.appendingPathComponent("not-a-directory")
            try Data().write(to: file)
            AppGroupWidgetPushHandler(
                container: .success(SharedContainer(directory: file)), environment: .production,
                report: SetupProblemReporter { reports.add($0) }
            ).pushTokenDidChange(WidgetPushInfo(token: token), widgets: [])
            #expect(reports.problems.count == 2)
            guard case .directoryUnusable(_, let path, let reason)? = reports.problems.last else {
                Issue.record("no report of the failed save: \(reports.problems)")
                return
            }
            #expect(path == file.path)
            #expect(reason.contains("could not be saved"))
        }
    #endif
}

/// Collects reported set-up problems.
private final class ReportRecorder: @unchecked Sendable {
    // @unchecked: `recorded` is read and written under `lock`.
    private let lock = NSLock()
    private var recorded: [AppGroupError] = []
    var problems: [AppGroupError] { lock.withLock { recorded } }
    func add(_ problem: AppGroupError) { lock.withLock { recorded.append(problem) } }
}

/// Counts calls, from any thread.
private final class Counter: @unchecked Sendable {
    // @unchecked: `count` is read and written under `lock`.
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func next() -> Int {
        lock.withLock {
            count += 1; return count
        }
    }
}

/// A store where another writer always committed first; past 1,000 commits it refuses, so a retry
/// loop that never ends fails the test instead of hanging it.
private final class AlwaysConflictingStore: SnapshotStore, @unchecked Sendable {
    // @unchecked: `count` is read and written under `lock`.
    private let lock = NSLock()
    private var count = 0
    var isReadOnly: Bool { false }
    func read<Payload: Codable & Sendable & Equatable>(
        _ key: SnapshotKey, as type: Payload.Type, supportedSchema: Int
    ) -> SnapshotReadResult<Payload> { .missing }
    func commit<Payload: Codable & Sendable & Equatable>(
        _ draft: SnapshotDraft<Payload>, expecting expected: ExpectedRevision
    ) throws(SnapshotStoreError) -> CommitOutcome {
        let made = lock.withLock {
            count += 1
            return count
        }
        throw made <= 1000 ? .conflict(current: made) : .readOnly
    }
    func keys() throws(SnapshotStoreError) -> [SnapshotKey] { [] }
    func newestRevision(of key: SnapshotKey) -> Int? { 1 }
}
