import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The live ``SnapshotFileSystem``: plain POSIX calls (Glibc on Linux, Darwin on Apple platforms).
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

    public func open(_ path: String, _ mode: FileOpenMode) throws(FileSystemError) -> OpenFile {
        let descriptor: Int32
        switch mode {
        case .readOnly:
            descriptor = Self.systemOpen(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC, 0)
        case .createNew:
            descriptor = Self.systemOpen(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        case .directory:
            descriptor = Self.systemOpen(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0)
        }
        guard descriptor >= 0 else { throw FileSystemError(code: errno) }
        return OpenFile(rawValue: descriptor)
    }

    public func read(_ file: OpenFile, upTo count: Int) throws(FileSystemError) -> [UInt8] {
        guard count > 0 else { return [] }
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialised in
            let result = systemRead(file.rawValue, buffer.baseAddress, count)
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

    public func write(_ file: OpenFile, _ bytes: ArraySlice<UInt8>) throws(FileSystemError) -> Int {
        guard !bytes.isEmpty else { return 0 }
        let result = bytes.withUnsafeBytes { systemWrite(file.rawValue, $0.baseAddress, $0.count) }
        guard result >= 0 else { throw FileSystemError(code: errno) }
        return result
    }

    public func synchronize(_ file: OpenFile) throws(FileSystemError) {
        #if canImport(Darwin)
            // fsync on Apple platforms leaves data in the drive's cache; F_FULLFSYNC flushes it.
            // Some file systems (network, FAT) refuse F_FULLFSYNC: fall back to fsync there.
            if fcntl(file.rawValue, F_FULLFSYNC) == 0 { return }
            let failure = errno
            guard failure == ENOTSUP || failure == EINVAL || failure == ENOTTY else {
                throw FileSystemError(code: failure)
            }
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

    public func status(atPath path: String) throws(FileSystemError) -> FileStatus {
        var info = stat()
        guard lstat(path, &info) == 0 else { throw FileSystemError(code: errno) }
        return Self.status(of: info)
    }

    public func renameExclusively(_ source: String, to destination: String) throws(FileSystemError) {
        #if canImport(Darwin)
            guard renamex_np(source, destination, UInt32(RENAME_EXCL)) == 0 else {
                throw FileSystemError(code: errno)
            }
        #else
            guard let renameat2 = Self.renameat2 else { throw FileSystemError(code: ENOSYS) }
            // RENAME_NOREPLACE is 1 in <linux/fs.h>; the C library's header does not reach Swift.
            guard renameat2(AT_FDCWD, source, AT_FDCWD, destination, 1) == 0 else {
                throw FileSystemError(code: errno)
            }
        #endif
    }

    public func link(_ source: String, to destination: String) throws(FileSystemError) {
        guard systemLink(source, destination) == 0 else { throw FileSystemError(code: errno) }
    }

    public func unlink(_ path: String) throws(FileSystemError) {
        guard systemUnlink(path) == 0 else { throw FileSystemError(code: errno) }
    }

    public func makeDirectory(_ path: String) throws(FileSystemError) {
        guard mkdir(path, 0o755) == 0 else { throw FileSystemError(code: errno) }
    }

    public func removeDirectory(_ path: String) throws(FileSystemError) {
        guard rmdir(path) == 0 else { throw FileSystemError(code: errno) }
    }

    public func contentsOfDirectory(_ path: String) throws(FileSystemError) -> [String] {
        guard let stream = opendir(path) else { throw FileSystemError(code: errno) }
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

    private static func status(of info: stat) -> FileStatus {
        let kind: FileStatus.Kind
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
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
            modificationTime: Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec)
        )
    }

    fileprivate static func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
        #if canImport(Darwin)
            Darwin.open(path, flags, mode)
        #elseif canImport(Glibc)
            Glibc.open(path, flags, mode)
        #else
            Musl.open(path, flags, mode)
        #endif
    }

    #if !canImport(Darwin)
        private typealias RenameAt2 =
            @convention(c) (Int32, UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, UInt32) -> Int32

        /// `renameat2`, looked up at run time: the C library declares it only under `_GNU_SOURCE`,
        /// which Swift's module map does not set, and very old C libraries lack it (`ENOSYS` then,
        /// and the store falls back to `link` + `unlink`).
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
    private func systemLink(_ source: String, _ destination: String) -> Int32 {
        Darwin.link(source, destination)
    }
    private func systemUnlink(_ path: String) -> Int32 { Darwin.unlink(path) }
#elseif canImport(Glibc)
    private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        Glibc.read(fd, buffer, count)
    }
    private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
        Glibc.write(fd, buffer, count)
    }
    private func systemClose(_ fd: Int32) -> Int32 { Glibc.close(fd) }
    private func systemLink(_ source: String, _ destination: String) -> Int32 {
        Glibc.link(source, destination)
    }
    private func systemUnlink(_ path: String) -> Int32 { Glibc.unlink(path) }
#else
    private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        Musl.read(fd, buffer, count)
    }
    private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
        Musl.write(fd, buffer, count)
    }
    private func systemClose(_ fd: Int32) -> Int32 { Musl.close(fd) }
    private func systemLink(_ source: String, _ destination: String) -> Int32 {
        Musl.link(source, destination)
    }
    private func systemUnlink(_ path: String) -> Int32 { Musl.unlink(path) }
#endif
