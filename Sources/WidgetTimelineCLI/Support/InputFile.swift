import Foundation

/// Reads a command's input file (or standard input for `-`), refusing anything over a size limit
/// without loading it whole.
enum InputFile {
    /// The bytes of `path`, or of standard input when `path` is `-`.
    ///
    /// - Parameters:
    ///   - what: what the file is, for messages ("snapshot", "timeline").
    /// - Throws: exit 66 when the file is missing, a directory or unreadable; 65 when it is larger
    ///   than `limit` bytes.
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
                throw CommandFailure(.ioError, "cannot read standard input: \(error.localizedDescription)")
            }
        } else {
            let url = context.url(forPath: path)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
                throw CommandFailure(.noInput, "cannot read \(what) \(name): no such file")
            }
            if isDirectory.boolValue {
                throw CommandFailure(.noInput, "cannot read \(what) \(name): it is a directory")
            }
            do {
                let handle = try FileHandle(forReadingFrom: url)
                defer { try? handle.close() }
                data = try handle.read(upToCount: limit + 1) ?? Data()
            } catch {
                throw CommandFailure(.noInput, "cannot read \(what) \(name): \(Self.reason(error))")
            }
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

    /// A file error in the words of `strerror` ("no such file or directory"), when it has one.
    static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
            underlying.domain == NSPOSIXErrorDomain
        {
            return String(cString: strerror(Int32(underlying.code))).lowercased()
        }
        if nsError.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(nsError.code))).lowercased()
        }
        // Foundation on Linux reports some file errors as Cocoa codes without the POSIX error
        // under them ("The operation could not be completed. The file doesn't exist.").
        if nsError.domain == NSCocoaErrorDomain {
            switch CocoaError.Code(rawValue: nsError.code) {
            case .fileNoSuchFile, .fileReadNoSuchFile: return String(cString: strerror(ENOENT)).lowercased()
            case .fileReadNoPermission, .fileWriteNoPermission:
                return String(cString: strerror(EACCES)).lowercased()
            case .fileWriteOutOfSpace: return String(cString: strerror(ENOSPC)).lowercased()
            case .fileWriteVolumeReadOnly: return String(cString: strerror(EROFS)).lowercased()
            default: break
            }
        }
        return nsError.localizedDescription
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
