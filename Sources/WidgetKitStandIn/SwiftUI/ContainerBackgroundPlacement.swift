#if !canImport(Darwin)
    /// The placement of a container background.
    ///
    /// `Sendable` is what Swift 6 asks of a type with `static let` constants.
    ///
    /// Apple: https://developer.apple.com/documentation/swiftui/containerbackgroundplacement
    @available(iOS 17.0, macOS 14.0, watchOS 10.0, *)
    public struct ContainerBackgroundPlacement: Sendable {
        init() {}
    }
#endif
