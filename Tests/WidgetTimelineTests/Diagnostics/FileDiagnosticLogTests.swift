import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineTesting

@Suite("The shared diagnostics log", .serialized)
struct FileDiagnosticLogTests {
    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "diagnostics-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private func event(_ revision: Int, side: DiagnosticEvent.Side = .host) -> DiagnosticEvent {
        DiagnosticEvent(
            at: Date(timeIntervalSince1970: 1_795_910_400 + Double(revision)), side: side,
            stage: .snapshotCommit,
            key: SnapshotKey(purpose: "task-count"), kind: "task-count", revision: revision)
    }

    @Test("events round-trip, oldest first")
    func roundTrip() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = FileDiagnosticLog(directory: directory)
        for revision in [3, 1, 2] { log.record(event(revision)) }
        #expect(log.read() == DiagnosticLogContents(events: [event(1), event(2), event(3)], skippedLines: 0))
    }

    @Test("bounded: at most two generations are kept, and the newest events survive")
    func bounded() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = FileDiagnosticLog(directory: directory, maximumBytes: 4096)
        for revision in 1...500 { log.record(event(revision)) }
        let current = try FileManager.default.attributesOfItem(atPath: log.currentPath)[.size] as? Int ?? 0
        let previous = try FileManager.default.attributesOfItem(atPath: log.previousPath)[.size] as? Int ?? 0
        #expect(current <= 4096)
        #expect(previous <= 4096)
        let contents = log.read()
        #expect(contents.skippedLines == 0)
        #expect(contents.events.last == event(500))
        #expect(contents.events.count < 100)
    }

    @Test("each line is byte for byte what JSONCoding's encoder writes: generated events, every escape")
    func linesAreTheEncodersBytes() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = FileDiagnosticLog(directory: directory, maximumBytes: 64 << 20)
        let encoder = JSONCoding.encoder()
        var written = Data()
        // Every ASCII control character, both characters JSON escapes, and what it must not.
        let awkward = (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }.joined() + "\"\\/\u{7F}é😀"
        let special = DiagnosticEvent(
            at: Date(timeIntervalSince1970: 1_795_910_400.123), side: .widgetExtension, stage: .error,
            key: SnapshotKey(purpose: "task-count"), kind: awkward, revision: Int.min, schemaVersion: Int.max,
            ageSeconds: -1, freshness: .expired, entryCount: 0, policy: awkward, reason: awkward,
            reloadsInDay: 70)
        log.record(special)
        written += try encoder.encode(special) + Data("\n".utf8)
        PropertyCheck.forAll("a logged line is the encoder's", count: 300, firstSeed: 35_000) { values in
            let event = values.diagnosticEvent()
            let expected = try encoder.encode(event) + Data("\n".utf8)
            log.record(event)
            written += expected
            let file = (try? Data(contentsOf: URL(fileURLWithPath: log.currentPath))) ?? Data()
            if file == written { return nil }
            return
                "\(event) was logged as \(String(decoding: file.suffix(expected.count + 40), as: UTF8.self))"
        }
    }

    @Test("events recorded together are appended together, in order; one that cannot be encoded is left out")
    func batches() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = FileDiagnosticLog(directory: directory)
        var unwritable = event(2)
        unwritable.at = Date(timeIntervalSince1970: 253_402_300_800)  // year 10000: no ISO-8601 form
        log.record(contentsOf: [event(1), unwritable, event(3)])
        log.record(contentsOf: [])
        let encoder = JSONCoding.encoder()
        let lines = try [event(1), event(3)].map { try encoder.encode($0) + Data("\n".utf8) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: log.currentPath)) == lines.reduce(Data(), +))
        #expect(log.read() == DiagnosticLogContents(events: [event(1), event(3)], skippedLines: 0))
    }

    @Test("a torn last line or foreign text is skipped, never half-read")
    func tornLine() throws {
        let complete = try JSONCoding.encoder().encode(event(1)) + Data("\n".utf8)
        let torn = complete + Data("not json\n".utf8) + complete.prefix(20)
        let contents = FileDiagnosticLog.parse(torn)
        #expect(contents.events == [event(1)])
        #expect(contents.skippedLines == 2)
    }

    @Test("a writer killed with kill -9 mid-stream leaves every line whole, while another process writes too")
    func killedWriter() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let probe = try #require(BuiltProducts.executable("WidgetPipelineProbe"))
        let log = FileDiagnosticLog(directory: directory, maximumBytes: 8 << 20)
        var random = SplitMix64(seed: 0xD1A6)
        var acknowledged = 0
        for cycle in 0..<20 {
            let process = Process()
            process.executableURL = probe
            process.arguments = ["log", directory.path, "extension", "100000"]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            // Kill after a random number of acknowledged events, while this process writes too.
            let target = Int.random(in: 1...200, using: &random)
            var seen = 0
            let reader = pipe.fileHandleForReading
            var buffer = Data()
            while seen < target, case let chunk = reader.availableData, !chunk.isEmpty {
                buffer += chunk
                seen = buffer.split(separator: 0x0A).count
                log.record(event(cycle, side: .host))
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            acknowledged += seen
        }
        let contents = log.read()
        #expect(contents.skippedLines == 0, "seed 0xD1A6")
        #expect(contents.events.filter { $0.side == .widgetExtension }.count >= acknowledged)
        #expect(contents.events.filter { $0.side == .host }.count >= 20)
    }
}
