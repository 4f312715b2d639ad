#if canImport(WidgetKit)
    import WidgetKit
#else
    import WidgetKitStandIn
#endif

/// WidgetKit's `ControlCenter.shared`: iOS 18, macOS 26 and watchOS 26. Where it does not exist
/// (an older system) reloads do nothing and the query fails, so every control kind counts as
/// installed.
///
/// Apple: https://developer.apple.com/documentation/widgetkit/controlcenter
public struct SystemControlCenter: ControlCenterClient {
    /// The system has no `ControlCenter`.
    public struct Unavailable: Error {}

    public init() {}

    public func reloadControls(ofKind kind: String) {
        // Compilers before Swift 6.2 (Xcode 16) ship SDKs where ControlCenter is iOS-only.
        #if os(iOS) || compiler(>=6.2)
            if #available(iOS 18.0, macOS 26.0, watchOS 26.0, *) {
                ControlCenter.shared.reloadControls(ofKind: kind)
            }
        #endif
    }

    public func reloadAllControls() {
        #if os(iOS) || compiler(>=6.2)
            if #available(iOS 18.0, macOS 26.0, watchOS 26.0, *) {
                ControlCenter.shared.reloadAllControls()
            }
        #endif
    }

    /// The added controls' kinds, from `currentControls()`.
    public func configuredKinds() async throws -> Set<String> {
        #if os(iOS) || compiler(>=6.2)
            if #available(iOS 18.0, macOS 26.0, watchOS 26.0, *) {
                return Set(try await ControlCenter.shared.currentControls().map(\.kind))
            }
        #endif
        throw Unavailable()
    }
}
