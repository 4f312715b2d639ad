import Foundation

#if canImport(os)
    import os
#endif

/// Where a provider reports that its setup failed — the App Group container could not be used —
/// each time it has to answer without it.
///
/// The widget itself says "unavailable" with the reason `app-group-unavailable`; the report is for
/// the developer, loud in the console: a fault in the unified log on Apple platforms (Console.app,
/// Xcode), standard error elsewhere.
public struct SetupProblemReporter: Sendable {
    private let report: @Sendable (AppGroupError) -> Void

    /// A reporter that calls `report` with each failure.
    public init(_ report: @escaping @Sendable (AppGroupError) -> Void) { self.report = report }

    /// Reports `problem`.
    public func callAsFunction(_ problem: AppGroupError) { report(problem) }

    /// Faults in the unified log (subsystem `WidgetTimeline`, category `setup`); standard error where
    /// there is no unified log.
    public static let systemLog = SetupProblemReporter { problem in
        #if canImport(os)
            Logger(subsystem: "WidgetTimeline", category: "setup").fault(
                "widget provider setup failed: \(problem.description, privacy: .public)")
        #else
            FileHandle.standardError.write(
                Data("WidgetTimeline: widget provider setup failed: \(problem)\n".utf8))
        #endif
    }
}
