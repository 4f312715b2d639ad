import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineTesting

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

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

    @Test("events round-trip in the order they were written, whatever their timestamps")
    func roundTrip() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = FileDiagnosticLog(directory: directory)
        for revision in [3, 1, 2] { log.record(event(revision)) }
        #expect(log.read() == DiagnosticLogContents(events: [event(3), event(1), event(2)], skippedLines: 0))
    }

    @Test("across a rotation: the rotated generation first, then the current one, in file order")
    func rotationOrder() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = FileDiagnosticLog(directory: directory, maximumBytes: 4096)
        // Timestamps that go down: a clock set back again and again.
        let events = (1...40).map { revision in
            var event = event(revision)
            event.at = Date(timeIntervalSince1970: 1_795_910_400 - Double(revision) * 60)
            return event
        }
        for event in events { log.record(event) }
        #expect(log.readPaths == [log.logDirectory + "/events.1.jsonl", log.currentPath])
        let read = log.read()
        #expect(read.skippedLines == 0)
        #expect(read.events == Array(events.suffix(read.events.count)))
    }

    @Test("a short write, then a failed one, leaves a fragment; the next event starts a line of its own")
    func shortAppend() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fileSystem = FaultInjectingFileSystem()
        let log = FileDiagnosticLog(directory: directory, fileSystem: fileSystem)
        log.record(event(1))
        // A full disk: half of the line, then nothing.
        fileSystem.faults = [
            FileSystemFault(.shortWrite, at: .kind(.write, occurrence: 1)),
            FileSystemFault(.error(ENOSPC), at: .kind(.write, occurrence: 2)),
        ]
        log.record(event(2))
        #expect(fileSystem.hits == 2)
        fileSystem.disarm()
        log.record(event(3))
        log.record(event(4))
        let encoder = JSONCoding.encoder()
        let line = { (revision: Int) throws -> Data in
            try encoder.encode(self.event(revision)) + Data("\n".utf8)
        }
        let torn = try line(2)
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: log.currentPath))
                == (try line(1)) + torn.prefix(torn.count / 2) + Data("\n".utf8) + (try line(3))
                + (try line(4)))
        #expect(log.read() == DiagnosticLogContents(events: [event(1), event(3), event(4)], skippedLines: 1))
    }

    @Test("an event another process appended to a fragment is still read; the fragment is skipped")
    func gluedEvent() throws {
        let encoder = JSONCoding.encoder()
        let whole = try encoder.encode(event(2))
        for cut in [1, 9, whole.count / 2, whole.count - 1] {
            let bytes =
                (try encoder.encode(event(1))) + Data("\n".utf8) + whole.prefix(cut) + whole
                + Data("\n".utf8) + (try encoder.encode(event(3))) + Data("\n".utf8)
            let contents = FileDiagnosticLog.parse(bytes)
            #expect(contents.events == [event(1), event(2), event(3)], "cut at \(cut)")
            #expect(contents.skippedLines == 1, "cut at \(cut)")
        }
        // A line that only looks like it ends with an event is skipped whole.
        let fake = Data(#"{"at":"{\"at\":\"2026-11-29T00:00:00Z\"}"}"#.utf8) + Data("\n".utf8)
        #expect(FileDiagnosticLog.parse(fake) == DiagnosticLogContents(events: [], skippedLines: 1))
    }

    @Test("a generation larger than a read loads is read from its newest part, and the read says so")
    func partialRead() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = FileDiagnosticLog(directory: directory)
        try FileManager.default.createDirectory(
            atPath: log.logDirectory, withIntermediateDirectories: true)
        let encoder = JSONCoding.encoder()
        var bytes = Data()
        var revision = 0
        while bytes.count < 8 << 20 {
            revision += 1
            bytes += try encoder.encode(event(revision)) + Data("\n".utf8)
        }
        try bytes.write(to: URL(fileURLWithPath: log.currentPath))
        let contents = log.read()
        #expect(
            contents.notes == [
                DiagnosticLogNote(
                    path: log.currentPath, kind: .partial(readBytes: log.readLimit, totalBytes: bytes.count))
            ])
        #expect(contents.notes.first?.description.hasPrefix("read the last 256 KiB of 8") == true)
        // The read starts inside a line, unless it happens to start at one.
        #expect(contents.skippedLines <= 1)
        #expect(contents.events.last == event(revision))
        #expect(contents.events.count > 100 && contents.events.count < revision)
        #expect(
            zip(contents.events, contents.events.dropFirst()).allSatisfy { $0.revision! + 1 == $1.revision! })
    }

    @Test("a symbolic link in place of diagnostics/ or the log is never followed: nothing outside is written")
    func linkedLog() throws {
        for linked in ["diagnostics", "diagnostics/events.jsonl"] {
            let directory = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let outside = directory.appendingPathComponent("outside")
            try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
            let outsideLog = outside.appendingPathComponent("events.jsonl")
            try (JSONCoding.encoder().encode(event(9)) + Data("\n".utf8)).write(to: outsideLog)
            let shared = directory.appendingPathComponent("shared")
            try FileManager.default.createDirectory(
                at: shared.appendingPathComponent("diagnostics"), withIntermediateDirectories: true)
            let link = shared.appendingPathComponent(linked)
            try? FileManager.default.removeItem(at: link)
            try FileManager.default.createSymbolicLink(
                at: link, withDestinationURL: linked == "diagnostics" ? outside : outsideLog)
            let before = try FileTree(outside)
            let log = FileDiagnosticLog(directory: shared)
            log.record(event(1))
            #expect(try FileTree(outside) == before, "\(linked): the outside log changed")
            let contents = log.read()
            #expect(contents.events == [], "\(linked)")
            #expect(contents.notes.count == 1, "\(linked): \(contents.notes)")
            #expect(contents.notes.first?.description.contains("symbolic link") == true, "\(contents.notes)")
            #expect(log.exists)
        }
    }

    @Test(
        "a log file with a second name outside diagnostics/ (a hard link) is never written or read; one inside is"
    )
    func hardLinkedLog() throws {
        for place in ["outside the store", "a snapshot record", "inside diagnostics/"] {
            let directory = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let shared = directory.appendingPathComponent("shared")
            let store = FileSnapshotStore(directory: shared)
            try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
            _ = try store.commit(StoreFixture.draft(1))
            let log = FileDiagnosticLog(directory: shared)
            try FileManager.default.createDirectory(
                atPath: log.logDirectory, withIntermediateDirectories: true)
            let other: URL
            switch place {
            case "outside the store":
                other = directory.appendingPathComponent("victim.txt")
                try Data("someone else's file\n".utf8).write(to: other)
            case "a snapshot record":
                other = try #require(
                    FileManager.default.enumerator(
                        at: shared.appendingPathComponent("snapshots"), includingPropertiesForKeys: nil)?
                        .compactMap { $0 as? URL }.first { $0.pathExtension == "snapshot" })
            default:
                other = URL(fileURLWithPath: log.logDirectory).appendingPathComponent("copy")
                try Data().write(to: other)
            }
            #expect(link(other.path, log.currentPath) == 0, "\(place): \(String(cString: strerror(errno)))")
            let before = try Data(contentsOf: other)
            log.record(event(1))
            let contents = log.read()
            if place == "inside diagnostics/" {
                #expect(contents.events == [event(1)], "\(place)")
                #expect(contents.notes == [], "\(place): \(contents.notes)")
            } else {
                #expect(
                    try Data(contentsOf: other) == before, "\(place): written through the log's hard link")
                #expect(contents.events == [], "\(place)")
                #expect(
                    contents.notes.map(\.description) == [
                        "\(log.currentPath) was not read: it has a name outside the log directory (a hard link), "
                            + "which the log never follows"
                    ], "\(place)")
            }
            let read = store.read(StoreFixture.key, as: Counter.self, supportedSchema: 1)
            #expect(read.snapshot?.payload == Counter(value: 1), "\(place): \(read)")
        }
    }

    @Test(
        "a second name inside diagnostics/ renamed while the log counts the file's names: written, not refused"
    )
    func secondNameRenamedWhileCounted() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fileSystem = ChangingDirectoryFileSystem()
        let log = FileDiagnosticLog(directory: directory, fileSystem: fileSystem)
        log.record(event(1))
        // A second name of the current file in the log's directory, as a rotation gives it; it is
        // renamed during the listing, so that pass shows neither of its names.
        let first = URL(fileURLWithPath: log.logDirectory).appendingPathComponent("events.claim-a")
        let second = URL(fileURLWithPath: log.logDirectory).appendingPathComponent("events.claim-b")
        #expect(link(log.currentPath, first.path) == 0)
        fileSystem.change(duringListing: 1) { _ = rename(first.path, second.path) }
        log.record(event(2))
        #expect(!fileSystem.isChangePending, "the rename ran during the log's count")
        let contents = log.read()
        #expect(contents.events == [event(1), event(2)], "\(contents.notes)")
        #expect(contents.notes == [])
    }

    @Test("a FIFO in place of the log: writing and reading never block, and nothing is written")
    func fifoLog() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = FileDiagnosticLog(directory: directory)
        try FileManager.default.createDirectory(atPath: log.logDirectory, withIntermediateDirectories: true)
        #expect(mkfifo(log.currentPath, 0o644) == 0)
        let finished = DispatchSemaphore(value: 0)
        let outcome = LockedBox<DiagnosticLogContents?>(nil)
        DispatchQueue.global().async {
            log.record(self.event(1))
            outcome.value = log.read()
            finished.signal()
        }
        // A hang guard, not a synchronisation: the calls return at once or never.
        if finished.wait(timeout: .now() + 30) == .timedOut {
            Issue.record("the log blocked on a FIFO")
            // Release the blocked call: open the other end.
            let reader = open(log.currentPath, O_RDONLY | O_NONBLOCK)
            let writer = open(log.currentPath, O_WRONLY | O_NONBLOCK)
            finished.wait()
            close(reader)
            close(writer)
        }
        let contents = try #require(outcome.value)
        #expect(contents.events == [])
        #expect(
            contents.notes.map(\.description) == [
                "\(log.currentPath) was not read: it is a FIFO, socket or device, not a log file"
            ])
    }

    @Test("bounded: at most two generations are kept, and the newest events survive")
    func bounded() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = FileDiagnosticLog(directory: directory, maximumBytes: 4096)
        for revision in 1...500 { log.record(event(revision)) }
        let current = try FileManager.default.attributesOfItem(atPath: log.currentPath)[.size] as? Int ?? 0
        let paths = log.readPaths
        #expect(paths.count == 2)
        let previous = try FileManager.default.attributesOfItem(atPath: paths[0])[.size] as? Int ?? 0
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

    @Test(
        "many processes crossing the rotation size at once never destroy a generation: the previous one is always a full one, each writer's events a gapless run"
    )
    func concurrentRotation() throws {
        let probe = try #require(BuiltProducts.executable("WidgetPipelineProbe"))
        let (writers, eventsEach, limit) = (12, 150, 4096)
        for trial in 0..<4 {
            let directory = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let log = FileDiagnosticLog(directory: directory, maximumBytes: limit)
            var children: [(process: Process, gate: Pipe)] = []
            for writer in 0..<writers {
                let process = Process()
                process.executableURL = probe
                process.arguments = [
                    "log", directory.path, "host", "\(eventsEach)", "w\(writer)", "\(limit)",
                ]
                let gate = Pipe()
                process.standardInput = gate
                process.standardOutput = FileHandle.nullDevice
                try process.run()
                children.append((process, gate))
            }
            // Every probe is running and waits for its standard input to close: start them together.
            for child in children { try child.gate.fileHandleForWriting.close() }
            // While they write, every look at the previous generation finds a full one: a rotation
            // that renamed a newer, nearly empty current file over it would show here.
            let longestLine = 160
            var smallest = Int.max
            while children.contains(where: { $0.process.isRunning }) {
                if let previous = log.readPaths.dropLast().first,
                    let size = try? FileManager.default.attributesOfItem(atPath: previous)[.size] as? Int
                {
                    smallest = min(smallest, size)
                }
            }
            for child in children {
                child.process.waitUntilExit()
                #expect(child.process.terminationStatus == 0)
            }
            if let previous = log.readPaths.dropLast().first,
                let size = try? FileManager.default.attributesOfItem(atPath: previous)[.size] as? Int
            {
                smallest = min(smallest, size)
            }
            #expect(
                smallest >= limit - longestLine, "trial \(trial): a previous generation of \(smallest) bytes")
            let contents = log.read()
            // A generation a stopped claimant let grow past a read's limit is read from inside a
            // line: the only line a read may skip here.
            #expect(contents.skippedLines <= contents.notes.count, "trial \(trial)")
            for writer in 0..<writers {
                let kept = contents.events.filter { $0.key == "w\(writer)" }.compactMap(\.revision)
                // A writer that finished early may have all its events in generations since dropped.
                guard let first = kept.first else { continue }
                #expect(kept == Array(first...eventsEach), "trial \(trial), writer \(writer): a gap")
            }
            let names = try FileManager.default.contentsOfDirectory(atPath: log.logDirectory)
            // Only the current file and rotated generations are left: one, or two if a rotation
            // numbered a generation after the last one removed the older ones.
            let generations = names.filter { $0 != "events.jsonl" }
            #expect(
                generations.count <= 2
                    && generations.allSatisfy {
                        $0.hasPrefix("events.") && Int($0.dropFirst(7).dropLast(6)) != nil
                    },
                "trial \(trial): \(names)")
        }
    }

    @Test(
        "a log in the layout before generations were numbered is read as it was, and rotated on from it"
    )
    func legacyLayout() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = FileDiagnosticLog(directory: directory, maximumBytes: 4096)
        try FileManager.default.createDirectory(atPath: log.logDirectory, withIntermediateDirectories: true)
        let encoder = JSONCoding.encoder()
        let lines = { (revisions: ClosedRange<Int>) throws -> Data in
            try revisions.map { try encoder.encode(self.event($0)) + Data("\n".utf8) }.reduce(Data(), +)
        }
        // `events.1.jsonl` the previous generation, `events.jsonl` the current one, and a claim the
        // old rotation left: a second name of an old current file.
        try lines(1...20).write(to: URL(fileURLWithPath: log.logDirectory + "/events.1.jsonl"))
        try lines(21...40).write(to: URL(fileURLWithPath: log.currentPath))
        try lines(1...3).write(to: URL(fileURLWithPath: log.logDirectory + "/events.rotating-1-2-0"))
        #expect(log.read().events.compactMap(\.revision) == Array(1...40))
        var revision = 40
        while !FileManager.default.fileExists(atPath: log.logDirectory + "/events.2.jsonl") {
            revision += 1
            log.record(event(revision))
            #expect(revision < 200, "never rotated")
            if revision >= 200 { return }
        }
        // The old current file is generation 2; generation 1 and the old claim are removed.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: log.logDirectory).sorted() == [
                "events.2.jsonl", "events.jsonl",
            ])
        #expect(log.read().events.compactMap(\.revision) == Array(21...revision))
    }

    @Test(
        "names that only look like generations — a 19-digit number, a leading zero — are never read or trapped on"
    )
    func foreignGenerationNames() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = FileDiagnosticLog(directory: directory, maximumBytes: 4096)
        try FileManager.default.createDirectory(atPath: log.logDirectory, withIntermediateDirectories: true)
        let foreign = [
            "events.9223372036854775807.jsonl", "events.07.jsonl", "events.-3.jsonl", "events..jsonl",
        ]
        for name in foreign {
            try (JSONCoding.encoder().encode(event(-1)) + Data("\n".utf8)).write(
                to: URL(fileURLWithPath: log.logDirectory + "/" + name))
        }
        for revision in 1...80 { log.record(event(revision)) }
        let revisions = log.read().events.compactMap(\.revision)
        #expect(revisions.last == 80 && revisions == Array((revisions.first ?? 0)...80))
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: log.logDirectory))
        #expect(names.isSuperset(of: foreign))
        let own = names.subtracting(foreign)
        #expect(
            own.count == 2 && own.contains("events.jsonl")
                && own.allSatisfy { $0 == "events.jsonl" || Self.isGeneration($0) },
            "\(own)")
        #expect(!revisions.contains(-1))
    }

    @Test("a file system that cannot tell files apart rotates by name, and keeps two generations")
    func rotationWithoutIdentities() throws {
        final class Anonymous: ForwardingFileSystem, @unchecked Sendable {
            override func status(_ file: OpenFile) throws(FileSystemError) -> FileStatus {
                var status = try super.status(file)
                status.identity = nil
                return status
            }

            override func status(of name: String, in directory: OpenFile) throws(FileSystemError)
                -> FileStatus
            {
                var status = try super.status(of: name, in: directory)
                status.identity = nil
                return status
            }
        }
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = FileDiagnosticLog(directory: directory, maximumBytes: 4096, fileSystem: Anonymous())
        for revision in 1...200 { log.record(event(revision)) }
        let revisions = log.read().events.compactMap(\.revision)
        #expect(
            revisions.last == 200 && revisions == Array((revisions.first ?? 0)...200) && revisions.count > 27)
        let names = try FileManager.default.contentsOfDirectory(atPath: log.logDirectory)
        #expect(
            names.count == 2 && names.contains("events.jsonl")
                && names.allSatisfy { $0 == "events.jsonl" || Self.isGeneration($0) }, "\(names)")
    }

    @Test(
        "a claim left by a process killed mid-rotation delays the rotation by one generation, then is taken over"
    )
    func staleClaim() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = FileDiagnosticLog(directory: directory, maximumBytes: 4096)
        log.record(event(0))
        var info = stat()
        #expect(stat(log.currentPath, &info) == 0)
        let identity = FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        let claim = log.logDirectory + "/" + FileDiagnosticLog.claimName(for: identity, level: 0)
        // The killed process had claimed the current file's rotation, and got no further.
        #expect(FileManager.default.createFile(atPath: claim, contents: nil))
        var revision = 0
        func size(_ path: String) -> Int? {
            try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
        }
        let previousPath = log.logDirectory + "/events.1.jsonl"
        while size(previousPath) == nil {
            revision += 1
            log.record(event(revision))
            #expect(revision < 200, "never rotated")
            if revision >= 200 { return }
        }
        // Rotated only once the file had grown a whole generation past the limit it was claimed at.
        #expect(try #require(size(previousPath)) >= 2 * 4096)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: log.logDirectory).sorted() == [
                "events.1.jsonl", "events.jsonl",
            ])
        // Nothing lost; the previous generation, twice the limit, is read from its newest part.
        let revisions = log.read().events.compactMap(\.revision)
        #expect(revisions == Array((revisions.first ?? 0)...revision) && revisions.first ?? 9 <= 1)
    }
}

extension FileDiagnosticLogTests {
    /// Whether `name` is a rotated generation's: `events.<number>.jsonl`.
    static func isGeneration(_ name: String) -> Bool {
        name.hasPrefix("events.") && name.hasSuffix(".jsonl")
            && Int(name.dropFirst("events.".count).dropLast(".jsonl".count)).map { $0 > 0 } == true
    }
}

/// A value handed from one thread to another under a lock.
final class LockedBox<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `stored` is read and written under `lock`.
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
