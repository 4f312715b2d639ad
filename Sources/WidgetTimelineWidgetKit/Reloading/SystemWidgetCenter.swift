#if canImport(WidgetKit)
    import WidgetKit
#else
    import WidgetKitStandIn
#endif

/// WidgetKit's `WidgetCenter.shared`.
public struct SystemWidgetCenter: WidgetCenterClient {
    public init() {}

    public func reloadTimelines(ofKind kind: String) {
        WidgetCenter.shared.reloadTimelines(ofKind: kind)
    }

    public func reloadAllTimelines() {
        WidgetCenter.shared.reloadAllTimelines()
    }

    /// The installed kinds, from `currentConfigurations()` where it exists (iOS 18, macOS 15,
    /// watchOS 11) and `getCurrentConfigurations(_:)` before.
    public func configuredKinds() async throws -> Set<String> {
        if #available(iOS 18.0, macOS 15.0, watchOS 11.0, visionOS 26.0, *) {
            return Set(try await WidgetCenter.shared.currentConfigurations().map(\.kind))
        }
        return try await withCheckedThrowingContinuation { continuation in
            WidgetCenter.shared.getCurrentConfigurations { result in
                continuation.resume(with: result.map { Set($0.map(\.kind)) })
            }
        }
    }
}
