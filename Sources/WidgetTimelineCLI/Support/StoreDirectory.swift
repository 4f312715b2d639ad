import WidgetTimeline

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `--dir` and `--key` of the `store` commands, and what their failures mean as exit codes.
enum StoreArguments {
    /// The shared directory `--dir` names, which must exist: the store creates only its own
    /// subdirectories, never the shared directory (exit 66 otherwise).
    static func directory(_ path: String, in context: CommandContext) throws(CommandFailure) -> URL {
        let url = context.url(forPath: path)
        var isDirectory = false
        guard InputFile.exists(atPath: url.path, isDirectory: &isDirectory) else {
            // "Does not exist" only when it does not: a symbolic link loop or an unreadable parent
            // is named by the system's own reason.
            var status = stat()
            if stat(url.path, &status) != 0, errno != ENOENT, errno != ENOTDIR {
                let reason = String(cString: strerror(errno))
                throw CommandFailure(.noInput, "store directory '\(path)' cannot be opened: \(reason)")
            }
            throw CommandFailure(.noInput, "store directory '\(path)' does not exist")
        }
        guard isDirectory else {
            throw CommandFailure(.noInput, "store directory '\(path)' is not a directory")
        }
        return url
    }

    /// `--key` as a valid snapshot key (a usage error otherwise).
    static func key(_ arguments: ParsedArguments) throws(CommandFailure) -> SnapshotKey {
        let text = arguments.required("key")
        do {
            return try SnapshotKey(validating: text)
        } catch {
            throw .usage("--key '\(text)' is not a snapshot key: \(error)", command: arguments.spec.name)
        }
    }

    /// A store error as the command's failure: missing directory 66, bad data 65, a changed
    /// snapshot 1, anything the file system refused — or that the store will not follow, such as a
    /// symbolic link below the shared directory — 74.
    static func failure(_ error: SnapshotStoreError, doing action: String) -> CommandFailure {
        switch error {
        case .directoryMissing:
            CommandFailure(.noInput, "cannot \(action): \(error)")
        case .encoding, .tooLarge, .observedInTheFuture:
            CommandFailure(.badData, "cannot \(action): \(error)")
        case .conflict, .revisionLimitReached:
            CommandFailure(.problemFound, "cannot \(action): \(error)")
        case .io, .contention, .unconfirmed, .readOnly, .unexpectedFileType:
            CommandFailure(.ioError, "cannot \(action): \(error)")
        }
    }
}
