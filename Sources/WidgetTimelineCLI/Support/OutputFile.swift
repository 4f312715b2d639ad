#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
    private let systemWrite = Glibc.write
#elseif canImport(Darwin)
    import Darwin
    private let systemWrite = Darwin.write
#endif

/// Writes a command's output file (a report, a trace).
///
/// A regular file — new, or one already there, also through a symbolic link — is written whole or
/// not at all: a temporary file renamed over it, so a failed write leaves the old one. Anything
/// else already at the path is written in place and never replaced: a device such as `/dev/null`,
/// `/dev/full` or `/dev/stdout`, or a FIFO a reader holds open. A directory, and a FIFO nothing
/// reads from (writing would wait for ever), are refused.
enum OutputFile {
    /// Writes `bytes` to `path`.
    ///
    /// - Parameter what: what the file is, for messages ("report", "trace").
    /// - Throws: exit 74 with the reason when the file cannot be written.
    static func write(_ bytes: Data, to path: String, what: String, in context: CommandContext)
        throws(CommandFailure)
    {
        func failure(_ reason: String) -> CommandFailure {
            CommandFailure(.ioError, "cannot write the \(what) to '\(path)': \(reason)")
        }
        func words(_ code: Int32) -> String { String(cString: strerror(code)).lowercased() }
        var target = context.filePath(path)
        var status = stat()
        if stat(target, &status) == 0 {
            switch status.st_mode & S_IFMT {
            case S_IFREG:
                // Through a symbolic link, the file it names is the one replaced, not the link.
                if let resolved = realpath(target, nil) {
                    target = String(cString: resolved)
                    free(resolved)
                }
            case S_IFDIR:
                throw failure("it is a directory")
            default:
                if let code = writeInPlace(bytes, at: target, isFIFO: status.st_mode & S_IFMT == S_IFIFO) {
                    throw failure(code == ENXIO ? "it is a FIFO and nothing reads from it" : words(code))
                }
                return
            }
        }
        do {
            try bytes.write(to: URL(fileURLWithPath: target), options: .atomic)
        } catch {
            throw failure(InputFile.reason(error))
        }
    }

    /// Writes `bytes` to the device or FIFO at `path` without creating, truncating or replacing
    /// it; the `errno` of the failure, or `nil`.
    ///
    /// A FIFO is opened without waiting for a reader (`ENXIO` when it has none), then written as a
    /// pipe, waiting while its reader catches up.
    private static func writeInPlace(_ bytes: Data, at path: String, isFIFO: Bool) -> Int32? {
        var descriptor: Int32
        repeat {
            descriptor = open(path, O_WRONLY | O_CLOEXEC | (isFIFO ? O_NONBLOCK : 0))
        } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else { return errno }
        defer { close(descriptor) }
        if isFIFO, fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK) != 0 { return errno }
        return bytes.withUnsafeBytes { buffer -> Int32? in
            var written = 0
            while written < buffer.count {
                let result = systemWrite(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                written += result
            }
            return nil
        }
    }
}
