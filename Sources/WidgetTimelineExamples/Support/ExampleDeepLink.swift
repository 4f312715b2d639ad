import WidgetTimeline

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

/// Deep links of the example app: `exampleapp://<path>`.
enum ExampleDeepLink {
    static let scheme = "exampleapp"

    static func url(_ path: String) -> URL? {
        URL(string: "\(scheme)://\(path)")
    }
}

/// Text helpers for the examples' one-line summaries; views format dates themselves.
enum ExampleFormatting {
    /// `HH:MM` of `date` in `timeZone`, or `--:--`.
    static func clock(_ date: Date?, in timeZone: TimeZone) -> String {
        guard let date else { return "--:--" }
        let text = Instant.format(date, in: timeZone)
        guard let time = text.split(separator: "T").last else { return text }
        return String(time.prefix(5))
    }
}
