import Foundation
import WidgetTimelineTesting

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// A small tmpfs volume, for tests of a full disk with the real file system: mounted on a new
/// directory for the body and unmounted after it. Where mounting is not allowed (not root, a
/// container without the capability, not Linux) the body does not run.
enum SmallVolume {
    /// Runs `body` on a tmpfs of `size` bytes; `false` when one cannot be mounted here.
    static func withMounted(size: Int, _ body: (URL) throws -> Void) throws -> Bool {
        #if os(Linux)
            guard getuid() == 0, let mount = tool("mount"), let umount = tool("umount") else { return false }
            let point = FileManager.default.temporaryDirectory
                .appendingPathComponent("widget-timeline-volume-\(UUID().uuidString)", isDirectory: true)
            try FileManager.default.createDirectory(at: point, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: point) }
            let mounted = try ProcessOutput.run(
                mount, ["-t", "tmpfs", "-o", "size=\(size),mode=0755", "tmpfs", point.path])
            guard mounted.status == 0 else { return false }
            defer { _ = try? ProcessOutput.run(umount, [point.path]) }
            try body(point)
            return true
        #else
            return false
        #endif
    }

    /// Fills the volume at `url` with one file until a write fails with `ENOSPC`; returns the file.
    static func fill(_ url: URL) throws -> URL {
        let filler = url.appendingPathComponent("filler")
        let descriptor = open(filler.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw POSIXError(.EIO) }
        defer { close(descriptor) }
        let chunk = [UInt8](repeating: 0x5A, count: 4096)
        while true {
            let written = chunk.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                guard errno == ENOSPC else { throw POSIXError(.EIO) }
                return filler
            }
            if written == 0 { return filler }
        }
    }

    private static func tool(_ name: String) -> URL? {
        for directory in ["/usr/bin", "/bin", "/usr/sbin", "/sbin"] {
            let url = URL(fileURLWithPath: directory + "/" + name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }
}
