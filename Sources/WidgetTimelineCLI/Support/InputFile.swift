#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
    private let systemRead = Glibc.read
#elseif canImport(Darwin)
    import Darwin
    private let systemRead = Darwin.read
#endif

/// Reads a command's input file (or standard input for `-`), refusing anything over a size limit
/// without loading it whole.
enum InputFile {
    /// The bytes of `path`, or of standard input when `path` is `-`.
    ///
    /// - Parameters:
    ///   - what: what the file is, for messages ("snapshot", "timeline").
    /// - Throws: exit 66 when the file is missing, a directory, unreadable, or a FIFO nothing
    ///   writes to; 65 when it is larger than `limit` bytes.
    static func read(_ path: String, limit: Int, what: String, in context: CommandContext)
        throws(CommandFailure)
        -> Data
    {
        let data: Data
        let name = path == "-" ? "standard input" : "'\(path)'"
        if path == "-" {
            do {
                data = try context.readStandardInput(limit)
            } catch {
                let reason =
                    (error as? POSIXError).map { String(cString: strerror($0.code.rawValue)) }
                    ?? String(describing: error)
                throw CommandFailure(.ioError, "cannot read standard input: \(reason)")
            }
        } else {
            data = try readFile(context.filePath(path), limit: limit, what: what, name: name)
        }
        if data.count > limit {
            throw CommandFailure(
                .badData,
                "\(what) \(path == "-" ? "on standard input" : name) is larger than the "
                    + "\(ByteCountText.describe(limit)) limit"
            )
        }
        return data
    }

    /// Reads up to `limit + 1` bytes of the file at `path` with plain system calls (`stat`, `open`,
    /// `read`): a missing file and a directory are named as such, other failures in the words of
    /// `strerror`.
    private static func readFile(_ path: String, limit: Int, what: String, name: String)
        throws(CommandFailure)
        -> Data
    {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw CommandFailure(.noInput, "cannot read \(what) \(name): no such file")
        }
        if status.st_mode & S_IFMT == S_IFDIR {
            throw CommandFailure(.noInput, "cannot read \(what) \(name): it is a directory")
        }
        func failure(_ code: Int32) -> CommandFailure {
            CommandFailure(
                .noInput, "cannot read \(what) \(name): \(String(cString: strerror(code)).lowercased())")
        }
        // A FIFO is opened without waiting for a writer (a plain `open` waits for ever when none
        // comes), then read as a pipe: until its writer closes it, or at once to its end when it has
        // none.
        let isFIFO = status.st_mode & S_IFMT == S_IFIFO
        var descriptor: Int32
        repeat {
            descriptor = open(path, O_RDONLY | O_CLOEXEC | (isFIFO ? O_NONBLOCK : 0))
        } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else { throw failure(errno) }
        defer { close(descriptor) }
        if isFIFO, fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK) != 0 {
            throw failure(errno)
        }
        // The size `stat` reported, plus one to see growth, is read into a buffer made once, so a
        // megabyte is in memory once; a pipe, or a file that grows, is read on up to the limit + 1.
        let wanted = limit + 1
        let data: Data
        do {
            data = try readDescriptor(
                descriptor, upTo: wanted, startingWith: min(wanted, max(Int(status.st_size) + 1, 4096)))
        } catch {
            throw failure(error.code.rawValue)
        }
        if isFIFO, data.isEmpty {
            throw CommandFailure(
                .noInput, "cannot read \(what) \(name): it is a FIFO and nothing wrote to it")
        }
        return data
    }

    /// `descriptor` read to its end or to `limit` bytes, whichever comes first, into a buffer of
    /// `capacity` bytes that doubles when full.
    static func readDescriptor(_ descriptor: Int32, upTo limit: Int, startingWith capacity: Int)
        throws(POSIXError)
        -> Data
    {
        var data = Data(count: min(limit, max(capacity, 1)))
        var total = 0
        while total < limit {
            if total == data.count { data.count = min(limit, data.count * 2) }
            let room = data.count - total
            var result = 0
            var code: Int32 = 0
            data.withUnsafeMutableBytes { buffer in
                repeat {
                    result = systemRead(descriptor, buffer.baseAddress! + total, room)
                } while result < 0 && errno == EINTR
                if result < 0 { code = errno }
            }
            if result < 0 { throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO) }
            if result == 0 { break }
            total += result
        }
        data.count = total
        return data
    }

    /// Whether something exists at `path` (following a symbolic link), and whether it is a
    /// directory: `FileManager`'s question, whose flag's type differs between Foundation's builds.
    static func exists(atPath path: String, isDirectory: inout Bool) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0 else { return false }
        isDirectory = status.st_mode & S_IFMT == S_IFDIR
        return true
    }

    /// A file error in the words of `strerror` ("no such file or directory"), when it has one.
    static func reason(_ error: any Error) -> String {
        func words(_ code: Int32) -> String { String(cString: strerror(code)).lowercased() }
        if let posix = error as? POSIXError { return words(posix.code.rawValue) }
        guard let cocoa = error as? CocoaError else { return String(describing: error) }
        if let posix = cocoa.userInfo["NSUnderlyingError"] as? POSIXError {
            return words(posix.code.rawValue)
        }
        // Some file errors come as Cocoa codes without the POSIX error under them ("The operation
        // could not be completed. The file doesn't exist.").
        switch cocoa.code {
        case .fileNoSuchFile, .fileReadNoSuchFile: return words(ENOENT)
        case .fileReadNoPermission, .fileWriteNoPermission: return words(EACCES)
        case .fileWriteOutOfSpace: return words(ENOSPC)
        case .fileWriteVolumeReadOnly: return words(EROFS)
        default: return String(describing: cocoa)
        }
    }
}

/// Byte counts for people: `1 MiB`, `512 KiB`, `300 bytes`.
enum ByteCountText {
    static func describe(_ count: Int) -> String {
        if count >= 1 << 20, count % (1 << 20) == 0 { return "\(count >> 20) MiB" }
        if count >= 1 << 10, count % (1 << 10) == 0 { return "\(count >> 10) KiB" }
        return "\(count) bytes"
    }
}
