import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineTesting

/// A writer killed (`kill -9`) after each call of an event that rotates the log, on a file system
/// that keeps every change made before the kill, as the page cache does; then another process
/// goes on writing.
@Suite("The diagnostics log: a writer killed at any step of its rotation")
struct CrashedRotationTests {
    private let limit = 4096
    private let root = "/shared"

    private func event(_ key: String, _ revision: Int) -> DiagnosticEvent {
        WriterEvents.event(key, revision)
    }

    private func revisions(_ key: String, in contents: DiagnosticLogContents) -> [Int] {
        WriterEvents.revisions(key, in: contents)
    }

    private func log(_ fileSystem: CrashSimulatingFileSystem) -> FileDiagnosticLog {
        FileDiagnosticLog(directory: URL(fileURLWithPath: root), maximumBytes: limit, fileSystem: fileSystem)
    }

    @Test(
        "killed after any call, it loses no kept generation; the next process rotates within a generation more and leaves no claim behind"
    )
    func killedAtEachCall() throws {
        let prepared = CrashSimulatingFileSystem(directories: [root])
        // A rotated generation, and a current file the next event rotates.
        var revision = 0
        let rotatedOnce = { prepared.names(in: "/shared/diagnostics").contains("events.1.jsonl") }
        while !rotatedOnce() {
            revision += 1
            log(prepared).record(event("before", revision))
        }
        let line = try JSONCoding.encoder().encode(event("before", revision)).count + 1
        while (prepared.contents(ofFile: "/shared/diagnostics/events.jsonl")?.count ?? 0) + line <= limit {
            revision += 1
            log(prepared).record(event("before", revision))
        }
        let kept = revisions("before", in: log(prepared).read())
        #expect(kept.last == revision && kept.count * line >= limit)
        let inCurrent = revisions(
            "before",
            in: FileDiagnosticLog.parse(prepared.contents(ofFile: "/shared/diagnostics/events.jsonl") ?? []))
        #expect(!inCurrent.isEmpty && inCurrent.count < kept.count)
        let traced = prepared.copy()
        log(traced).record(event("killed", 1))
        let calls = traced.calls.count
        #expect(
            traced.names(in: "/shared/diagnostics").contains("events.2.jsonl"), "the event did not rotate")
        for survived in 0..<calls {
            let killed = prepared.copy()
            killed.crash(afterCalls: survived)
            log(killed).record(event("killed", 1))
            #expect(killed.hasCrashed, "after \(survived) of \(calls) calls")
            let next = killed.afterProcessCrash()
            // Every event kept before is still read, in order — or, once the rotation was done, every
            // event of the generation it rotated: never an older generation.
            let survivors = revisions("before", in: log(next).read())
            #expect(
                survivors == kept || survivors == inCurrent,
                "after \(survived) of \(calls) calls: \(survivors)")
            for revision in 1...60 { log(next).record(event("after", revision)) }
            let contents = log(next).read()
            let after = revisions("after", in: contents)
            #expect(
                after.last == 60 && after == Array((after.first ?? 0)...60) && after.count * line >= limit,
                "after \(survived) of \(calls) calls: \(after)")
            // Only a generation grown past a read's limit (a killed claim delays its rotation) is read
            // from inside a line.
            #expect(contents.skippedLines <= contents.notes.count, "after \(survived) of \(calls) calls")
            // No claim, successor or older generation is left: only the current file and the newest
            // rotated generation.
            let names = next.names(in: "/shared/diagnostics")
            #expect(
                names.count == 2 && names.contains("events.jsonl")
                    && names.allSatisfy { $0 == "events.jsonl" || FileDiagnosticLogTests.isGeneration($0) },
                "after \(survived) of \(calls) calls: \(names)")
        }
    }
}
