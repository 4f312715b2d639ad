#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The live ``SnapshotFileSystem``: plain POSIX calls relative to open directories (Glibc on
/// Linux, Darwin on Apple platforms).
///
/// Nothing here takes a file lock, maps a file into memory or uses Foundation's file APIs, whose
/// "atomic" write neither synchronises the directory nor stays atomic on every error path.
public struct POSIXFileSystem: SnapshotFileSystem {
    public init() {}

    public var processID: Int32 { getpid() }

    public func isProcessRunning(_ processID: Int32) -> Bool {
        guard processID > 0 else { return false }
        if kill(processID, 0) == 0 { return true }
        // EPERM: it exists but belongs to someone else. Anything but ESRCH counts as running.
        return errno != ESRCH
    }

    public func openRoot(_ path: String) throws(FileSystemError) -> OpenFile {
        // The shared directory itself may be reached through symbolic links (`/var` is one on
        // Apple platforms): only what lies below it is opened without following them.
        let descriptor = Self.systemOpenAt(AT_FDCWD, path, O_RDONLY | O_DIRECTORY | O_NONBLOCK | O_CLOEXEC, 0)
        guard descriptor >= 0 else { throw FileSystemError(code: errno) }
        return OpenFile(rawValue: descriptor)
    }

    public func openDirectory(_ name: String, belowRoot rootPath: String) throws(FileSystemError) -> OpenFile
    {
        let path = (rootPath == "/" ? "" : rootPath) + "/" + name
        let descriptor = Self.systemOpenAt(
            AT_FDCWD, path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0)
        guard descriptor >= 0 else { throw FileSystemError(code: errno) }
        return OpenFile(rawValue: descriptor)
    }

    public func open(_ name: String, in directory: OpenFile, _ mode: FileOpenMode) throws(FileSystemError)
        -> OpenFile
    {
        let safety = O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC
        let descriptor: Int32
        switch mode {
        case .readOnly:
            descriptor = Self.systemOpenAt(directory.rawValue, name, O_RDONLY | safety, 0)
        case .createNew:
            descriptor = Self.systemOpenAt(
                directory.rawValue, name, O_WRONLY | O_CREAT | O_EXCL | safety, 0o644)
        case .append:
            // Readable too: the log looks at its last byte before appending.
            descriptor = Self.systemOpenAt(
                directory.rawValue, name, O_RDWR | O_APPEND | O_CREAT | safety, 0o644)
        case .directory:
            descriptor = Self.systemOpenAt(directory.rawValue, name, O_RDONLY | O_DIRECTORY | safety, 0)
        case .rewrite:
            descriptor = Self.systemOpenAt(directory.rawValue, name, O_WRONLY | safety, 0)
        }
        guard descriptor >= 0 else { throw FileSystemError(code: errno) }
        return OpenFile(rawValue: descriptor)
    }

    public func read(_ file: OpenFile, upTo count: Int) throws(FileSystemError) -> [UInt8] {
        try Self.fill(count) { buffer in systemRead(file.rawValue, buffer, count) }
    }

    public func read(_ file: OpenFile, at offset: Int, upTo count: Int) throws(FileSystemError) -> [UInt8] {
        try Self.fill(count) { buffer in pread(file.rawValue, buffer, count, off_t(offset)) }
    }

    public func write(_ file: OpenFile, _ bytes: ArraySlice<UInt8>) throws(FileSystemError) -> Int {
        guard !bytes.isEmpty else { return 0 }
        let result = bytes.withUnsafeBytes { systemWrite(file.rawValue, $0.baseAddress, $0.count) }
        guard result >= 0 else { throw FileSystemError(code: errno) }
        return result
    }

    public func truncate(_ file: OpenFile, to length: Int) throws(FileSystemError) {
        guard ftruncate(file.rawValue, off_t(length)) == 0 else { throw FileSystemError(code: errno) }
    }

    public func synchronize(_ file: OpenFile, barrierOnly: Bool) throws(FileSystemError) {
        #if canImport(Darwin)
            // fsync on Apple platforms leaves data in the drive's cache; F_FULLFSYNC flushes it, and
            // F_BARRIERFSYNC orders it after everything before (docs/store-format.md). Some file
            // systems (network, FAT) refuse both: fall back to fsync there.
            if fcntl(file.rawValue, barrierOnly ? F_BARRIERFSYNC : F_FULLFSYNC) == 0 { return }
            let failure = errno
            guard failure == ENOTSUP || failure == EINVAL || failure == ENOTTY else {
                throw FileSystemError(code: failure)
            }
            if barrierOnly, fcntl(file.rawValue, F_FULLFSYNC) == 0 { return }
        #endif
        guard fsync(file.rawValue) == 0 else { throw FileSystemError(code: errno) }
    }

    public func close(_ file: OpenFile) throws(FileSystemError) {
        guard systemClose(file.rawValue) == 0 else { throw FileSystemError(code: errno) }
    }

    public func status(_ file: OpenFile) throws(FileSystemError) -> FileStatus {
        var info = stat()
        guard fstat(file.rawValue, &info) == 0 else { throw FileSystemError(code: errno) }
        return Self.status(of: info)
    }

    public func status(of name: String, in directory: OpenFile) throws(FileSystemError) -> FileStatus {
        var info = stat()
        guard fstatat(directory.rawValue, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
            throw FileSystemError(code: errno)
        }
        return Self.status(of: info)
    }

    public func renameExclusively(_ source: String, to destination: String, in directory: OpenFile)
        throws(FileSystemError)
    {
        let fd = directory.rawValue
        #if canImport(Darwin)
            // RENAME_EXCL, <sys/stdio.h>.
            guard renameatx_np(fd, source, fd, destination, UInt32(RENAME_EXCL)) == 0 else {
                throw FileSystemError(code: errno)
            }
        #else
            guard let renameat2 = Self.renameat2 else { throw FileSystemError(code: ENOSYS) }
            // RENAME_NOREPLACE is 1 in <linux/fs.h>; the C library's header does not reach Swift.
            guard renameat2(fd, source, fd, destination, 1) == 0 else { throw FileSystemError(code: errno) }
        #endif
    }

    public func rename(_ source: String, to destination: String, in directory: OpenFile)
        throws(FileSystemError)
    {
        guard renameat(directory.rawValue, source, directory.rawValue, destination) == 0 else {
            throw FileSystemError(code: errno)
        }
    }

    public func link(_ source: String, to destination: String, in directory: OpenFile) throws(FileSystemError)
    {
        // No AT_SYMLINK_FOLLOW: a symbolic link would be linked itself, never its target.
        guard linkat(directory.rawValue, source, directory.rawValue, destination, 0) == 0 else {
            throw FileSystemError(code: errno)
        }
    }

    public func unlink(_ name: String, in directory: OpenFile) throws(FileSystemError) {
        guard unlinkat(directory.rawValue, name, 0) == 0 else { throw FileSystemError(code: errno) }
    }

    public func makeDirectory(_ name: String, in directory: OpenFile) throws(FileSystemError) {
        guard mkdirat(directory.rawValue, name, 0o755) == 0 else { throw FileSystemError(code: errno) }
    }

    public func removeDirectory(_ name: String, in directory: OpenFile) throws(FileSystemError) {
        guard unlinkat(directory.rawValue, name, AT_REMOVEDIR) == 0 else {
            throw FileSystemError(code: errno)
        }
    }

    public func contentsOfDirectory(_ directory: OpenFile) throws(FileSystemError) -> [String] {
        #if !canImport(Darwin)
            if let getdents64 = Self.getdents64 { return try Self.names(in: directory, with: getdents64) }
        #endif
        // A descriptor of its own for the stream (`fdopendir` takes it over and `closedir` closes
        // it), so the listing neither moves nor closes the caller's.
        let own = Self.systemOpenAt(directory.rawValue, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0)
        guard own >= 0 else { throw FileSystemError(code: errno) }
        guard let stream = fdopendir(own) else {
            let failure = errno
            _ = systemClose(own)
            throw FileSystemError(code: failure)
        }
        defer { closedir(stream) }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(stream) else {
                if errno != 0 { throw FileSystemError(code: errno) }
                return names
            }
            let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(
                    to: CChar.self, capacity: MemoryLayout.size(ofValue: pointer.pointee)
                ) {
                    String(cString: $0)
                }
            }
            if name != "." && name != ".." { names.append(name) }
        }
    }

    // MARK: - Platform details

    /// Up to `count` bytes that `call` reads into an uninitialised buffer.
    private static func fill(
        _ count: Int, _ call: (UnsafeMutableRawPointer?) -> Int
    ) throws(FileSystemError) -> [UInt8] {
        guard count > 0 else { return [] }
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialised in
            let result = call(buffer.baseAddress)
            if result < 0 {
                failure = errno
                initialised = 0
            } else {
                initialised = result
            }
        }
        if failure != 0 { throw FileSystemError(code: failure) }
        return bytes
    }

    private static func status(of info: stat) -> FileStatus {
        let kind: FileStatus.Kind
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symbolicLink
        default: kind = .other
        }
        #if canImport(Darwin)
            let time = info.st_mtimespec
        #else
            let time = info.st_mtim
        #endif
        return FileStatus(
            kind: kind,
            size: Int(info.st_size),
            modificationTime: Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec),
            identity: FileIdentity(
                device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(info.st_ino)),
            linkCount: Int(info.st_nlink)
        )
    }

    fileprivate static func systemOpenAt(_ directory: Int32, _ name: String, _ flags: Int32, _ mode: mode_t)
        -> Int32
    {
        #if canImport(Darwin)
            Darwin.openat(directory, name, flags, mode)
        #elseif canImport(Glibc)
            Glibc.openat(directory, name, flags, mode)
        #else
            Musl.openat(directory, name, flags, mode)
        #endif
    }

    #if !canImport(Darwin)
        private typealias GetDents64 = @convention(c) (Int32, UnsafeMutableRawPointer?, Int) -> Int

        /// `getdents64`, looked up at run time as `renameat2` is: it lists a directory through the
        /// descriptor the store already holds, without the second descriptor, `fstat` and `fcntl`
        /// of `fdopendir` (a listing is three calls instead of seven).
        private static let getdents64: GetDents64? = {
            guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "getdents64") else { return nil }
            return unsafeBitCast(symbol, to: GetDents64.self)
        }()

        /// The names in `directory`, read with `getdents64` from its start.
        private static func names(in directory: OpenFile, with getdents64: GetDents64) throws(FileSystemError)
            -> [String]
        {
            // Always from the start: a descriptor listed before is at its end, and what some file
            // systems return from there (entries made since) is not the directory.
            guard lseek(directory.rawValue, 0, SEEK_SET) == 0 else { throw FileSystemError(code: errno) }
            var names: [String] = []
            // Not zeroed: the call fills what it returns, and only that is read (zeroing 16 KiB was a
            // third of a listing's instructions).
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 16_384, alignment: 8)
            defer { buffer.deallocate() }
            while true {
                let count = getdents64(directory.rawValue, buffer.baseAddress, buffer.count)
                guard count >= 0 else { throw FileSystemError(code: errno) }
                if count == 0 { return names }
                // struct linux_dirent64: d_ino (8 bytes), d_off (8), d_reclen (2), d_type (1), d_name.
                var offset = 0
                while offset + 19 < count {
                    let length = Int(buffer[offset + 16]) | Int(buffer[offset + 17]) << 8
                    guard length > 19, offset + length <= count else { throw FileSystemError(code: EIO) }
                    let nameBytes = buffer[(offset + 19)..<(offset + length)].prefix { $0 != 0 }
                    let name = String(decoding: nameBytes, as: UTF8.self)
                    if name != "." && name != ".." { names.append(name) }
                    offset += length
                }
            }
        }

        private typealias RenameAt2 =
            @convention(c) (Int32, UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, UInt32) -> Int32

        /// `renameat2`, looked up at run time: the C library declares it only under `_GNU_SOURCE`,
        /// which Swift's module map does not set, and very old C libraries lack it (`ENOSYS` then,
        /// and the store falls back to `linkat` + `unlinkat`).
        private static let renameat2: RenameAt2? = {
            guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "renameat2") else { return nil }
            return unsafeBitCast(symbol, to: RenameAt2.self)
        }()
    #endif
}

#if canImport(Darwin)
    private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        Darwin.read(fd, buffer, count)
    }
    private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
        Darwin.write(fd, buffer, count)
    }
    private func systemClose(_ fd: Int32) -> Int32 { Darwin.close(fd) }
#elseif canImport(Glibc)
    private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        Glibc.read(fd, buffer, count)
    }
    private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
        Glibc.write(fd, buffer, count)
    }
    private func systemClose(_ fd: Int32) -> Int32 { Glibc.close(fd) }
#else
    private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        Musl.read(fd, buffer, count)
    }
    private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
        Musl.write(fd, buffer, count)
    }
    private func systemClose(_ fd: Int32) -> Int32 { Musl.close(fd) }
#endif
