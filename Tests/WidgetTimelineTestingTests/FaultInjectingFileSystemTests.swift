import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineTesting

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

struct FaultInjectingFileSystemTests {
    /// A fault-injecting file system over a fresh in-memory one with `/d`, and `/d` opened.
    func makeFileSystem() throws -> (FaultInjectingFileSystem, CrashSimulatingFileSystem, OpenFile) {
        let base = CrashSimulatingFileSystem(directories: ["/d"])
        let fileSystem = FaultInjectingFileSystem(wrapping: base)
        let d = try fileSystem.openRoot("/d")
        fileSystem.disarm()
        return (fileSystem, base, d)
    }

    @Test("every call is recorded, with the path of the entry or of what the file was opened as")
    func recordsCalls() throws {
        let (fileSystem, _, d) = try makeFileSystem()
        let file = try fileSystem.open("a", in: d, .createNew)
        _ = try fileSystem.write(file, [1, 2, 3])
        try fileSystem.synchronize(file, barrierOnly: false)
        try fileSystem.close(file)
        _ = try fileSystem.contentsOfDirectory(d)
        try fileSystem.rename("a", to: "b", in: d)
        #expect(
            fileSystem.calls == [
                FileSystemCall(.open, path: "/d/a", mode: .createNew), FileSystemCall(.write, path: "/d/a"),
                FileSystemCall(.synchronize, path: "/d/a", barrierOnly: false),
                FileSystemCall(.close, path: "/d/a"),
                FileSystemCall(.contentsOfDirectory, path: "/d"), FileSystemCall(.rename, path: "/d/b"),
            ])
        #expect(fileSystem.calls.filter(\.isMutating).map(\.kind) == [.open, .write, .rename])
    }

    @Test("a fault at call k hits once, or k and every later call")
    func callTrigger() throws {
        let (fileSystem, _, d) = try makeFileSystem()
        let fault = FileSystemFault(.error(EIO), at: .call(2))
        fileSystem.faults = [fault]
        #expect(throws: Never.self) { try fileSystem.makeDirectory("x", in: d) }
        #expect(throws: FileSystemError(code: EIO)) { try fileSystem.makeDirectory("y", in: d) }
        #expect(throws: Never.self) { try fileSystem.makeDirectory("y", in: d) }
        #expect(fileSystem.hits(of: fault) == 1)

        let persistent = FileSystemFault(.error(ENOSPC), at: .call(2), .fromThenOn)
        fileSystem.faults = [persistent]
        _ = try fileSystem.contentsOfDirectory(d)
        for _ in 0..<3 {
            #expect(throws: FileSystemError(code: ENOSPC)) { _ = try fileSystem.contentsOfDirectory(d) }
        }
        #expect(fileSystem.hits == 3)
        fileSystem.disarm()
        #expect(try fileSystem.contentsOfDirectory(d).sorted() == ["x", "y"])
    }

    @Test("a fault on the nth call of one kind ignores other kinds")
    func kindTrigger() throws {
        let (fileSystem, _, d) = try makeFileSystem()
        fileSystem.faults = [FileSystemFault(.error(EROFS), at: .kind(.unlink, occurrence: 2))]
        try fileSystem.makeDirectory("x", in: d)
        for name in ["a", "b", "c"] { try fileSystem.close(try fileSystem.open(name, in: d, .createNew)) }
        try fileSystem.unlink("a", in: d)
        #expect(throws: FileSystemError(code: EROFS)) { try fileSystem.unlink("b", in: d) }
        try fileSystem.unlink("c", in: d)
        #expect(try fileSystem.contentsOfDirectory(d).sorted() == ["b", "x"])
    }

    @Test("a short write writes half; an interrupted call does nothing and its repetition goes through")
    func shortAndInterrupted() throws {
        let (fileSystem, base, d) = try makeFileSystem()
        fileSystem.faults = [
            FileSystemFault(.shortWrite, at: .kind(.write, occurrence: 1), .fromThenOn),
            FileSystemFault(.interrupted, at: .kind(.synchronize, occurrence: 1), .fromThenOn),
        ]
        let file = try fileSystem.open("a", in: d, .createNew)
        #expect(try fileSystem.write(file, [1, 2, 3, 4]) == 2)
        #expect(try fileSystem.write(file, [3]) == 1)
        #expect(base.contents(ofFile: "/d/a") == [1, 2, 3])
        for _ in 0..<3 {
            #expect(throws: FileSystemError(code: EINTR)) {
                try fileSystem.synchronize(file, barrierOnly: false)
            }
            #expect(throws: Never.self) { try fileSystem.synchronize(file, barrierOnly: false) }
        }
    }

    @Test("close closes the file even when it reports a failure, as POSIX systems do")
    func closeAlwaysCloses() throws {
        let (fileSystem, _, d) = try makeFileSystem()
        fileSystem.faults = [FileSystemFault(.error(EIO), at: .kind(.close, occurrence: 1))]
        let file = try fileSystem.open("a", in: d, .createNew)
        #expect(throws: FileSystemError(code: EIO)) { try fileSystem.close(file) }
        #expect(throws: FileSystemError(code: EBADF)) { try fileSystem.close(file) }
    }

    @Test("a pause point runs before each call, outside the lock, and sees the call")
    func pausePoint() throws {
        let (fileSystem, base, d) = try makeFileSystem()
        let seen = Recorder()
        fileSystem.pausePoint = { call in
            seen.append(call)
            // What another process does while this one is suspended: it sees this one's last call.
            if call.kind == .unlink { seen.appendNames(base.names(in: "/d")) }
        }
        try fileSystem.close(try fileSystem.open("a", in: d, .createNew))
        try fileSystem.unlink("a", in: d)
        #expect(seen.calls.map(\.kind) == [.open, .close, .unlink])
        #expect(seen.names == [["a"]])
    }

    @Test("by default it wraps the live file system")
    func wrapsLiveFileSystem() throws {
        let fileSystem = FaultInjectingFileSystem()
        #expect(fileSystem.processID == getpid())
        #expect(fileSystem.isProcessRunning(getpid()))
        #expect(fileSystem.base is POSIXFileSystem)
    }
}

/// Calls and listings seen by a pause point, across threads.
private final class Recorder: @unchecked Sendable {
    // @unchecked: every stored property is read and written under `lock`.
    private let lock = NSLock()
    private var storedCalls: [FileSystemCall] = []
    private var storedNames: [[String]] = []

    func append(_ call: FileSystemCall) { lock.withLock { storedCalls.append(call) } }
    func appendNames(_ names: [String]) { lock.withLock { storedNames.append(names) } }
    var calls: [FileSystemCall] { lock.withLock { storedCalls } }
    var names: [[String]] { lock.withLock { storedNames } }
}
