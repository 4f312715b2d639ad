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
    /// A fault-injecting file system over a fresh in-memory one with `/d`.
    func makeFileSystem() -> (FaultInjectingFileSystem, CrashSimulatingFileSystem) {
        let base = CrashSimulatingFileSystem(directories: ["/d"])
        return (FaultInjectingFileSystem(wrapping: base), base)
    }

    @Test("every call is recorded, with the path an open file was opened with")
    func recordsCalls() throws {
        let (fileSystem, _) = makeFileSystem()
        let file = try fileSystem.open("/d/a", .createNew)
        _ = try fileSystem.write(file, [1, 2, 3])
        try fileSystem.synchronize(file)
        try fileSystem.close(file)
        _ = try fileSystem.contentsOfDirectory("/d")
        #expect(
            fileSystem.calls == [
                FileSystemCall(.open, path: "/d/a", mode: .createNew), FileSystemCall(.write, path: "/d/a"),
                FileSystemCall(.synchronize, path: "/d/a"), FileSystemCall(.close, path: "/d/a"),
                FileSystemCall(.contentsOfDirectory, path: "/d"),
            ])
        #expect(fileSystem.calls.filter(\.isMutating).map(\.kind) == [.open, .write])
    }

    @Test("a fault at call k hits once, or k and every later call")
    func callTrigger() throws {
        let (fileSystem, _) = makeFileSystem()
        let fault = FileSystemFault(.error(EIO), at: .call(2))
        fileSystem.faults = [fault]
        #expect(throws: Never.self) { try fileSystem.makeDirectory("/d/x") }
        #expect(throws: FileSystemError(code: EIO)) { try fileSystem.makeDirectory("/d/y") }
        #expect(throws: Never.self) { try fileSystem.makeDirectory("/d/y") }
        #expect(fileSystem.hits(of: fault) == 1)

        let persistent = FileSystemFault(.error(ENOSPC), at: .call(2), .fromThenOn)
        fileSystem.faults = [persistent]
        _ = try fileSystem.contentsOfDirectory("/d")
        for _ in 0..<3 {
            #expect(throws: FileSystemError(code: ENOSPC)) { _ = try fileSystem.contentsOfDirectory("/d") }
        }
        #expect(fileSystem.hits == 3)
        fileSystem.disarm()
        #expect(try fileSystem.contentsOfDirectory("/d").sorted() == ["x", "y"])
    }

    @Test("a fault on the nth call of one kind ignores other kinds")
    func kindTrigger() throws {
        let (fileSystem, _) = makeFileSystem()
        fileSystem.faults = [FileSystemFault(.error(EROFS), at: .kind(.unlink, occurrence: 2))]
        try fileSystem.makeDirectory("/d/x")
        for name in ["a", "b", "c"] { try fileSystem.close(try fileSystem.open("/d/\(name)", .createNew)) }
        try fileSystem.unlink("/d/a")
        #expect(throws: FileSystemError(code: EROFS)) { try fileSystem.unlink("/d/b") }
        try fileSystem.unlink("/d/c")
        #expect(try fileSystem.contentsOfDirectory("/d").sorted() == ["b", "x"])
    }

    @Test("a short write writes half; an interrupted call does nothing and its repetition goes through")
    func shortAndInterrupted() throws {
        let (fileSystem, base) = makeFileSystem()
        fileSystem.faults = [
            FileSystemFault(.shortWrite, at: .kind(.write, occurrence: 1), .fromThenOn),
            FileSystemFault(.interrupted, at: .kind(.synchronize, occurrence: 1), .fromThenOn),
        ]
        let file = try fileSystem.open("/d/a", .createNew)
        #expect(try fileSystem.write(file, [1, 2, 3, 4]) == 2)
        #expect(try fileSystem.write(file, [3]) == 1)
        #expect(base.contents(ofFile: "/d/a") == [1, 2, 3])
        for _ in 0..<3 {
            #expect(throws: FileSystemError(code: EINTR)) { try fileSystem.synchronize(file) }
            #expect(throws: Never.self) { try fileSystem.synchronize(file) }
        }
    }

    @Test("close closes the file even when it reports a failure, as POSIX systems do")
    func closeAlwaysCloses() throws {
        let (fileSystem, _) = makeFileSystem()
        fileSystem.faults = [FileSystemFault(.error(EIO), at: .kind(.close, occurrence: 1))]
        let file = try fileSystem.open("/d/a", .createNew)
        #expect(throws: FileSystemError(code: EIO)) { try fileSystem.close(file) }
        #expect(throws: FileSystemError(code: EBADF)) { try fileSystem.close(file) }
    }

    @Test("by default it wraps the live file system")
    func wrapsLiveFileSystem() throws {
        let fileSystem = FaultInjectingFileSystem()
        #expect(fileSystem.processID == getpid())
        #expect(fileSystem.isProcessRunning(getpid()))
        #expect(fileSystem.base is POSIXFileSystem)
    }
}
