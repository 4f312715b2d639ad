import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

extension POSIXFileSystem {
    /// Opens the file, removes its name, and closes the descriptor on a background queue: the
    /// file system frees the blocks when the last descriptor closes, so that work leaves the
    /// caller's thread. When the file cannot be opened (a symbolic link, no descriptor left), a
    /// plain `unlink`.
    public func unlinkReleasingStorageLater(_ path: String) throws(FileSystemError) {
        let descriptor = Self.openForRelease(path)
        guard Self.unlinkNow(path) == 0 else {
            let failure = errno
            if descriptor >= 0 { Self.closeNow(descriptor) }
            throw FileSystemError(code: failure)
        }
        if descriptor >= 0 { DeferredRelease.shared.close(descriptor) }
    }

    /// Waits until every file removed with ``unlinkReleasingStorageLater(_:)`` so far is closed
    /// (its storage freed, unless another process still has it open).
    public static func waitForDeferredReleases() {
        DeferredRelease.shared.wait()
    }
}

/// The descriptors of removed files, closed one after another on a background queue.
///
/// Never more than ``limit`` wait: beyond that, the caller closes its own at once. Guarded by an
/// in-memory mutex (`NSLock`) held only to count — never a file lock, and nothing a suspended or
/// killed process could leave held: the kernel closes whatever is left when a process exits.
private final class DeferredRelease: @unchecked Sendable {
    // @unchecked: `pending` is read and written under `lock`; `queue` is a serial DispatchQueue.
    static let shared = DeferredRelease()
    static let limit = 64

    private let queue = DispatchQueue(label: "WidgetTimeline.POSIXFileSystem.deferred-release", qos: .utility)
    private let lock = NSLock()
    private var pending = 0

    func close(_ descriptor: Int32) {
        let queued = lock.withLock {
            guard pending < Self.limit else { return false }
            pending += 1
            return true
        }
        guard queued else {
            POSIXFileSystem.closeNow(descriptor)
            return
        }
        queue.async {
            POSIXFileSystem.closeNow(descriptor)
            self.lock.withLock { self.pending -= 1 }
        }
    }

    func wait() {
        queue.sync {}
    }
}

extension POSIXFileSystem {
    fileprivate static func openForRelease(_ path: String) -> Int32 {
        #if canImport(Darwin)
            Darwin.open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
        #elseif canImport(Glibc)
            Glibc.open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
        #else
            Musl.open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
        #endif
    }

    fileprivate static func unlinkNow(_ path: String) -> Int32 {
        #if canImport(Darwin)
            Darwin.unlink(path)
        #elseif canImport(Glibc)
            Glibc.unlink(path)
        #else
            Musl.unlink(path)
        #endif
    }

    /// Closes a descriptor opened only to hold a removed file; its error cannot lose data.
    fileprivate static func closeNow(_ descriptor: Int32) {
        #if canImport(Darwin)
            _ = Darwin.close(descriptor)
        #elseif canImport(Glibc)
            _ = Glibc.close(descriptor)
        #else
            _ = Musl.close(descriptor)
        #endif
    }
}
