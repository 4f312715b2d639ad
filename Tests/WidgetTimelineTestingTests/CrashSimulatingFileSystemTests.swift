import Testing
import WidgetTimeline
import WidgetTimelineTesting

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

struct CrashSimulatingFileSystemTests {
    func write(_ bytes: [UInt8], to path: String, in fileSystem: CrashSimulatingFileSystem, sync: Bool) throws
    {
        let file = try fileSystem.open(path, .createNew)
        _ = try fileSystem.write(file, bytes[...])
        if sync { try fileSystem.synchronize(file) }
        try fileSystem.close(file)
    }

    func synchronizeDirectory(_ path: String, in fileSystem: CrashSimulatingFileSystem) throws {
        let directory = try fileSystem.open(path, .directory)
        try fileSystem.synchronize(directory)
        try fileSystem.close(directory)
    }

    @Test("it behaves like a POSIX file system for the calls the store makes")
    func posixSemantics() throws {
        let fileSystem = CrashSimulatingFileSystem(directories: ["/d"])
        try write([1, 2, 3], to: "/d/a", in: fileSystem, sync: false)
        #expect(throws: FileSystemError(code: EEXIST)) { _ = try fileSystem.open("/d/a", .createNew) }
        #expect(throws: FileSystemError(code: ENOENT)) { _ = try fileSystem.open("/d/missing", .readOnly) }
        #expect(throws: FileSystemError(code: ENOENT)) { _ = try fileSystem.open("/nowhere/x", .createNew) }
        #expect(throws: FileSystemError(code: ENOTDIR)) { _ = try fileSystem.open("/d/a", .directory) }
        let file = try fileSystem.open("/d/a", .readOnly)
        #expect(try fileSystem.read(file, upTo: 2) == [1, 2])
        #expect(try fileSystem.read(file, upTo: 10) == [3])
        #expect(try fileSystem.read(file, upTo: 10) == [])
        #expect(
            try fileSystem.status(file)
                == FileStatus(
                    kind: .regular, size: 3,
                    modificationTime: try fileSystem.status(atPath: "/d/a").modificationTime))
        try fileSystem.close(file)

        try write([4], to: "/d/b", in: fileSystem, sync: false)
        #expect(throws: FileSystemError(code: EEXIST)) {
            try fileSystem.renameExclusively("/d/b", to: "/d/a")
        }
        #expect(throws: FileSystemError(code: EEXIST)) { try fileSystem.link("/d/b", to: "/d/a") }
        try fileSystem.renameExclusively("/d/b", to: "/d/c")
        try fileSystem.link("/d/c", to: "/d/e")
        try fileSystem.unlink("/d/c")
        #expect(fileSystem.contents(ofFile: "/d/e") == [4])
        #expect(throws: FileSystemError(code: ENOENT)) { try fileSystem.unlink("/d/c") }
        try fileSystem.makeDirectory("/d/sub")
        #expect(throws: FileSystemError(code: EEXIST)) { try fileSystem.makeDirectory("/d/sub") }
        try write([], to: "/d/sub/x", in: fileSystem, sync: false)
        #expect(throws: FileSystemError(code: ENOTEMPTY)) { try fileSystem.removeDirectory("/d/sub") }
        try fileSystem.unlink("/d/sub/x")
        try fileSystem.removeDirectory("/d/sub")
        #expect(try fileSystem.contentsOfDirectory("/d").sorted() == ["a", "e"])
        #expect(fileSystem.names(in: "/d") == ["a", "e"])
    }

    @Test("without exclusive rename support, renameExclusively fails with EINVAL")
    func exclusiveRenameUnsupported() throws {
        let fileSystem = CrashSimulatingFileSystem(directories: ["/d"], supportsExclusiveRename: false)
        try write([1], to: "/d/a", in: fileSystem, sync: true)
        #expect(throws: FileSystemError(code: EINVAL)) {
            try fileSystem.renameExclusively("/d/a", to: "/d/b")
        }
    }

    @Test("after a crash point every call fails with EIO and changes nothing")
    func crashFreezes() throws {
        let fileSystem = CrashSimulatingFileSystem(directories: ["/d"])
        fileSystem.crash(afterCalls: 2)
        // open and write go through; close is refused.
        #expect(throws: FileSystemError(code: EIO)) {
            try write([1], to: "/d/a", in: fileSystem, sync: false)
        }
        #expect(fileSystem.hasCrashed)
        #expect(throws: FileSystemError(code: EIO)) { try fileSystem.makeDirectory("/d/x") }
        #expect(fileSystem.names(in: "/d") == ["a"])
        #expect(fileSystem.calls.count == 4)
    }

    @Test("a process crash keeps everything written, synchronised or not")
    func processCrash() throws {
        let fileSystem = CrashSimulatingFileSystem(directories: ["/d"], processID: 7)
        try write([1, 2], to: "/d/a", in: fileSystem, sync: false)
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
        try fileSystem.makeDirectory("/d/k")
        try synchronizeDirectory("/d", in: fileSystem)
        try write([1, 2, 3], to: "/d/k/tmp", in: fileSystem, sync: true)
        try fileSystem.renameExclusively("/d/k/tmp", to: "/d/k/final")
        try synchronizeDirectory("/d/k", in: fileSystem)
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
        try write([1, 2, 3, 4, 5, 6, 7, 8], to: "/d/synced-entry", in: fileSystem, sync: false)
        try synchronizeDirectory("/d", in: fileSystem)
        try write([9, 9, 9], to: "/d/unsynced-entry", in: fileSystem, sync: true)
        try fileSystem.makeDirectory("/d/new")
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
        try write([1], to: "/d/a", in: copy, sync: true)
        #expect(fileSystem.names(in: "/d") == [])
        #expect(copy.names(in: "/d") == ["a"])
        copy.setContents([2, 2], ofFile: "/d/a")
        #expect(copy.contents(ofFile: "/d/a") == [2, 2])
    }
}
