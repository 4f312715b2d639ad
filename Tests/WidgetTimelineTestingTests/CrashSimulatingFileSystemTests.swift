import Testing
import WidgetTimeline
import WidgetTimelineTesting

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

struct CrashSimulatingFileSystemTests {
    /// Writes `bytes` to a new file `name` in the open directory `directory`.
    func write(
        _ bytes: [UInt8], to name: String, in directory: OpenFile, of fileSystem: CrashSimulatingFileSystem,
        sync: Bool
    ) throws {
        let file = try fileSystem.open(name, in: directory, .createNew)
        _ = try fileSystem.write(file, bytes[...])
        if sync { try fileSystem.synchronize(file, barrierOnly: false) }
        try fileSystem.close(file)
    }

    func synchronize(_ directory: OpenFile, of fileSystem: CrashSimulatingFileSystem) throws {
        try fileSystem.synchronize(directory, barrierOnly: false)
    }

    @Test("it behaves like a POSIX file system for the calls the store makes, relative to open directories")
    func posixSemantics() throws {
        let fileSystem = CrashSimulatingFileSystem(directories: ["/d"])
        let d = try fileSystem.openRoot("/d")
        #expect(throws: FileSystemError(code: ENOENT)) { _ = try fileSystem.openRoot("/nowhere") }
        try write([1, 2, 3], to: "a", in: d, of: fileSystem, sync: false)
        #expect(throws: FileSystemError(code: EEXIST)) { _ = try fileSystem.open("a", in: d, .createNew) }
        #expect(throws: FileSystemError(code: ENOENT)) {
            _ = try fileSystem.open("missing", in: d, .readOnly)
        }
        #expect(throws: FileSystemError(code: ENOTDIR)) { _ = try fileSystem.open("a", in: d, .directory) }
        let file = try fileSystem.open("a", in: d, .readOnly)
        #expect(try fileSystem.read(file, upTo: 2) == [1, 2])
        #expect(try fileSystem.read(file, at: 0, upTo: 10) == [1, 2, 3])
        #expect(try fileSystem.read(file, upTo: 10) == [3])
        #expect(try fileSystem.read(file, upTo: 10) == [])
        #expect(
            try fileSystem.status(file)
                == FileStatus(
                    kind: .regular, size: 3,
                    modificationTime: try fileSystem.status(of: "a", in: d).modificationTime,
                    identity: try fileSystem.status(of: "a", in: d).identity))
        // A descriptor and the name are the same file; another file is another.
        #expect(try fileSystem.status(file).identity != nil)
        try write([4], to: "other", in: d, of: fileSystem, sync: false)
        #expect(try fileSystem.status(of: "other", in: d).identity != fileSystem.status(file).identity)
        try fileSystem.unlink("other", in: d)
        try fileSystem.close(file)

        // Appending writes at the end whatever was read, and creates the file if needed.
        let log = try fileSystem.open("log", in: d, .append)
        _ = try fileSystem.write(log, [7])
        #expect(try fileSystem.read(log, at: 0, upTo: 1) == [7])
        _ = try fileSystem.write(log, [8])
        try fileSystem.close(log)
        #expect(fileSystem.contents(ofFile: "/d/log") == [7, 8])

        try write([4], to: "b", in: d, of: fileSystem, sync: false)
        #expect(throws: FileSystemError(code: EEXIST)) {
            try fileSystem.renameExclusively("b", to: "a", in: d)
        }
        #expect(throws: FileSystemError(code: EEXIST)) { try fileSystem.link("b", to: "a", in: d) }
        try fileSystem.renameExclusively("b", to: "c", in: d)
        try fileSystem.link("c", to: "e", in: d)
        try fileSystem.unlink("c", in: d)
        try fileSystem.rename("log", to: "e2", in: d)
        #expect(fileSystem.contents(ofFile: "/d/e") == [4])
        #expect(throws: FileSystemError(code: ENOENT)) { try fileSystem.unlink("c", in: d) }
        try fileSystem.makeDirectory("sub", in: d)
        #expect(throws: FileSystemError(code: EEXIST)) { try fileSystem.makeDirectory("sub", in: d) }
        let sub = try fileSystem.open("sub", in: d, .directory)
        try write([], to: "x", in: sub, of: fileSystem, sync: false)
        #expect(throws: FileSystemError(code: ENOTEMPTY)) { try fileSystem.removeDirectory("sub", in: d) }
        try fileSystem.unlink("x", in: sub)
        try fileSystem.removeDirectory("sub", in: d)
        // An open directory outlives its name, as on POSIX: empty, and nothing can be made in it.
        #expect(try fileSystem.contentsOfDirectory(sub) == [])
        #expect(try fileSystem.contentsOfDirectory(d).sorted() == ["a", "e", "e2"])
        #expect(fileSystem.names(in: "/d") == ["a", "e", "e2"])
    }

    @Test("without exclusive rename support, renameExclusively fails with EINVAL")
    func exclusiveRenameUnsupported() throws {
        let fileSystem = CrashSimulatingFileSystem(directories: ["/d"], supportsExclusiveRename: false)
        let d = try fileSystem.openRoot("/d")
        try write([1], to: "a", in: d, of: fileSystem, sync: true)
        #expect(throws: FileSystemError(code: EINVAL)) {
            try fileSystem.renameExclusively("a", to: "b", in: d)
        }
    }

    @Test("after a crash point every call fails with EIO and changes nothing")
    func crashFreezes() throws {
        let fileSystem = CrashSimulatingFileSystem(directories: ["/d"])
        let d = try fileSystem.openRoot("/d")
        fileSystem.crash(afterCalls: 2)
        // open and write go through; close is refused.
        #expect(throws: FileSystemError(code: EIO)) {
            try write([1], to: "a", in: d, of: fileSystem, sync: false)
        }
        #expect(fileSystem.hasCrashed)
        #expect(throws: FileSystemError(code: EIO)) { try fileSystem.makeDirectory("x", in: d) }
        #expect(fileSystem.names(in: "/d") == ["a"])
        #expect(fileSystem.calls.count == 5)
    }

    @Test("a process crash keeps everything written, synchronised or not")
    func processCrash() throws {
        let fileSystem = CrashSimulatingFileSystem(directories: ["/d"], processID: 7)
        try write([1, 2], to: "a", in: try fileSystem.openRoot("/d"), of: fileSystem, sync: false)
        let after = fileSystem.afterProcessCrash()
        #expect(after.contents(ofFile: "/d/a") == [1, 2])
        #expect(after.processID == 8)
        #expect(after.isProcessRunning(8))
        #expect(!after.isProcessRunning(7))
    }

    @Test("a power loss keeps what was synchronised, file data and directory entries alike")
    func powerLossKeepsSynchronised() throws {
        var generator = SplitMix64(seed: 42)
        let fileSystem = CrashSimulatingFileSystem(directories: ["/d"])
        let d = try fileSystem.openRoot("/d")
        try fileSystem.makeDirectory("k", in: d)
        try synchronize(d, of: fileSystem)
        let k = try fileSystem.open("k", in: d, .directory)
        try write([1, 2, 3], to: "tmp", in: k, of: fileSystem, sync: true)
        try fileSystem.renameExclusively("tmp", to: "final", in: k)
        try synchronize(k, of: fileSystem)
        for _ in 0..<100 {
            let after = fileSystem.afterPowerLoss(using: &generator)
            #expect(after.names(in: "/d/k") == ["final"])
            #expect(after.contents(ofFile: "/d/k/final") == [1, 2, 3])
        }
    }

    @Test("a power loss may drop, keep or tear unsynchronised data, and undo any unsynchronised entry")
    func powerLossLosesUnsynchronised() throws {
        var generator = SplitMix64(seed: 7)
        let fileSystem = CrashSimulatingFileSystem(directories: ["/d"])
        let d = try fileSystem.openRoot("/d")
        try write([1, 2, 3, 4, 5, 6, 7, 8], to: "synced-entry", in: d, of: fileSystem, sync: false)
        try synchronize(d, of: fileSystem)
        try write([9, 9, 9], to: "unsynced-entry", in: d, of: fileSystem, sync: true)
        try fileSystem.makeDirectory("new", in: d)
        var contents: Set<[UInt8]> = []
        var listings: Set<[String]> = []
        for _ in 0..<200 {
            let after = fileSystem.afterPowerLoss(using: &generator)
            contents.insert(after.contents(ofFile: "/d/synced-entry") ?? [0xFF])
            listings.insert(after.names(in: "/d"))
        }
        #expect(contents.contains([]))
        #expect(contents.contains([1, 2, 3, 4, 5, 6, 7, 8]))
        #expect(contents.count > 3, "torn states: \(contents)")
        #expect(listings.contains(["synced-entry"]))
        #expect(listings.contains(["new", "synced-entry", "unsynced-entry"]))
        #expect(listings.allSatisfy { $0.contains("synced-entry") })
    }

    @Test("copies are independent")
    func copies() throws {
        let fileSystem = CrashSimulatingFileSystem(directories: ["/d"])
        let copy = fileSystem.copy()
        try write([1], to: "a", in: try copy.openRoot("/d"), of: copy, sync: true)
        #expect(fileSystem.names(in: "/d") == [])
        #expect(copy.names(in: "/d") == ["a"])
        copy.setContents([2, 2], ofFile: "/d/a")
        #expect(copy.contents(ofFile: "/d/a") == [2, 2])
    }
}
