import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineTesting

/// A writer stopped inside its rotation — SIGSTOP, or iOS suspending the app — for as long as the
/// others take to write and rotate whole generations, then resumed. Driven through the file-system
/// seam: the stopped writer's file system runs the other writer's appends before one of its calls,
/// so the interleaving is exact and nothing waits.
@Suite("The diagnostics log: a writer stopped at any step of its rotation", .serialized)
struct StoppedRotationTests {
    private let limit = 4096

    private func event(_ key: String, _ revision: Int) -> DiagnosticEvent {
        WriterEvents.event(key, revision)
    }

    private func revisions(_ key: String, in contents: DiagnosticLogContents) -> [Int] {
        WriterEvents.revisions(key, in: contents)
    }

    /// Fills the current file to just under the limit with the other writer's events `1…`, so that
    /// the stopped writer's next event rotates it; returns the next revision.
    private func fill(_ log: FileDiagnosticLog) -> Int {
        var revision = 0
        let line = (try? JSONCoding.encoder().encode(event("other", 1)).count) ?? 150
        while (revision + 2) * (line + 1) < limit {
            revision += 1
            log.record(event("other", revision))
        }
        return revision + 1
    }

    /// How many calls the writer makes in an event that rotates the log, when nobody stops it.
    private func callsOfRotatingEvent() throws -> Int {
        let directory = try TemporaryDirectory()
        let other = FileDiagnosticLog(directory: directory.url, maximumBytes: limit)
        _ = fill(other)
        let traced = FaultInjectingFileSystem()
        FileDiagnosticLog(directory: directory.url, maximumBytes: limit, fileSystem: traced)
            .record(event("stopped", 1))
        return traced.calls.count
    }

    @Test(
        "whatever call it is stopped before, while another writer rotates three generations, the generation kept is never replaced by an older one and no event is lost"
    )
    func stoppedAtEachCall() throws {
        let calls = try callsOfRotatingEvent()
        #expect(calls > 10, "the rotation was not traced: \(calls) calls")
        for stop in 1...calls {
            let directory = try TemporaryDirectory()
            let other = FileDiagnosticLog(directory: directory.url, maximumBytes: limit)
            let first = fill(other)
            let stopped = FaultInjectingFileSystem()
            let log = FileDiagnosticLog(directory: directory.url, maximumBytes: limit, fileSystem: stopped)
            let seen = LockedBox<DiagnosticLogContents?>(nil)
            let count = LockedBox(0)
            stopped.pausePoint = { _ in
                count.value += 1
                guard count.value == stop else { return }
                // Stopped here: the other writer goes on for three generations and more.
                for revision in first..<(first + 100) { other.record(self.event("other", revision)) }
                seen.value = other.read()
            }
            log.record(event("stopped", 1))
            let before = try #require(seen.value, "stop \(stop): never reached")
            let after = log.read()
            let kept = revisions("other", in: before)
            // What the other writer had kept is still kept, and still a gapless run up to its last.
            #expect(
                revisions("other", in: after) == kept,
                "stop \(stop) of \(calls) (\(stopped.calls.last.map(String.init(describing:)) ?? "")): kept \(kept.first ?? 0)…\(kept.last ?? 0), then \(revisions("other", in: after))"
            )
            #expect(
                kept.last == first + 99 && kept == Array((kept.first ?? 0)...(first + 99)), "stop \(stop)")
            #expect(kept.count * 150 >= limit, "stop \(stop): only \(kept.count) events kept")
            // The stopped writer's own event is not checked: stopped between opening the current file
            // and writing to it, it writes into a generation rotated out meanwhile, as late as it is.
            #expect(after.skippedLines == 0, "stop \(stop)")
        }
    }

    @Test("a read stopped before any of its calls while another writer rotates still reads a gapless run")
    func readStoppedAtEachCall() throws {
        let traced = FaultInjectingFileSystem()
        do {
            let directory = try TemporaryDirectory()
            let other = FileDiagnosticLog(directory: directory.url, maximumBytes: limit)
            _ = fill(other)
            _ = FileDiagnosticLog(directory: directory.url, maximumBytes: limit, fileSystem: traced).read()
        }
        let calls = traced.calls.count
        for stop in 1...calls {
            let directory = try TemporaryDirectory()
            let other = FileDiagnosticLog(directory: directory.url, maximumBytes: limit)
            // A rotated generation, and a current file the next events rotate.
            var revision = 0
            while other.readPaths.count < 2 {
                revision += 1
                other.record(event("other", revision))
            }
            let size = {
                (try? FileManager.default.attributesOfItem(atPath: other.currentPath)[.size] as? Int) ?? 0
            }
            while size() + 160 <= limit {
                revision += 1
                other.record(event("other", revision))
            }
            let stopped = FaultInjectingFileSystem()
            let reader = FileDiagnosticLog(directory: directory.url, maximumBytes: limit, fileSystem: stopped)
            let count = LockedBox(0)
            let last = LockedBox(revision)
            stopped.pausePoint = { _ in
                count.value += 1
                guard count.value == stop else { return }
                // Stopped here: the other writer rotates the current file once.
                let before = other.readPaths
                while other.readPaths.first == before.first {
                    last.value += 1
                    other.record(self.event("other", last.value))
                }
            }
            let read = revisions("other", in: reader.read())
            #expect(
                read == Array((read.first ?? 0)...max(read.first ?? 0, read.last ?? 0))
                    && read.count * 150 >= limit,
                "stop \(stop) of \(calls) (\(stopped.calls.last.map(String.init(describing:)) ?? "")): \(read)"
            )
        }
    }
}
