public import Foundation
import WidgetTimeline

extension SharedContainer {
    /// Copies the diagnostics log into `destination` (as `destination/diagnostics/…`), so it can be
    /// read where App Group containers cannot: on a device, copy it into the app's Documents
    /// directory, download the app container from Xcode, and run
    /// `widget-timeline diagnose --dir <downloaded>/AppData/Documents/<destination>`.
    ///
    /// Only the log is copied. It holds revisions, ages, counts and reason codes — never payload
    /// content — so it can be attached to a bug report; the snapshots, which hold user data, stay put.
    ///
    /// - Returns: the files copied.
    @discardableResult
    public func copyDiagnostics(into destination: URL) throws -> [URL] {
        let manager = FileManager.default
        let target = destination.appendingPathComponent("diagnostics", isDirectory: true)
        try manager.createDirectory(at: target, withIntermediateDirectories: true)
        var copied: [URL] = []
        for path in log.readPaths {
            let source = URL(fileURLWithPath: path)
            let copy = target.appendingPathComponent(source.lastPathComponent)
            if manager.fileExists(atPath: copy.path) { try manager.removeItem(at: copy) }
            try manager.copyItem(at: source, to: copy)
            copied.append(copy)
        }
        return copied
    }
}
