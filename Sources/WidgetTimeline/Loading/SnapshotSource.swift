#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// Where the extension can fetch fresh display data when its snapshot is old or missing: the app's
/// API, called from the widget extension.
///
/// A source answers with a display payload, never a raw server model: project it to the widget's
/// payload first, exactly as the host app does before it commits.
public protocol SnapshotSource<Payload>: Sendable {
    associatedtype Payload: Codable & Sendable & Equatable

    /// Fetches the current display data for `key`.
    ///
    /// - Throws: ``SourceFailure`` with a reason that reaches the entry (``UnavailableReason``),
    ///   such as `.locationUnavailable`; any other error counts as `.sourceFailed`. Cancellation
    ///   (the loader's timeout) should end the fetch promptly.
    func fetch(_ key: SnapshotKey) async throws -> SourceAnswer<Payload>
}

/// A source's answer: the payload and when its data was observed.
public struct SourceAnswer<Payload: Codable & Sendable & Equatable>: Sendable, Equatable {
    public var payload: Payload
    /// When the data was true at the source (a server timestamp); `nil` means "now".
    public var observedAt: Date?

    public init(payload: Payload, observedAt: Date? = nil) {
        self.payload = payload
        self.observedAt = observedAt
    }
}

/// A source failure with a reason the widget can show.
public struct SourceFailure: Error, Sendable, Hashable, CustomStringConvertible {
    public var reason: UnavailableReason

    public init(_ reason: UnavailableReason) { self.reason = reason }

    public var description: String { "source failed: \(reason)" }
}
