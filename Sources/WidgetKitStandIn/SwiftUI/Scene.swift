#if !canImport(Darwin)
    /// A part of an app's user interface with a life cycle managed by the system. Its `body`
    /// requirement is left out: the example app declares no scenes of its own.
    ///
    /// Apple: https://developer.apple.com/documentation/swiftui/scene
    /// (declared `@MainActor @preconcurrency protocol Scene`)
    @available(iOS 14.0, macOS 11.0, watchOS 7.0, *)
    @MainActor @preconcurrency public protocol Scene {}

    @available(iOS 14.0, macOS 11.0, watchOS 7.0, *)
    extension Scene {
        /// Adds an action to perform when the given value changes.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/scene/onchange(of:initial:_:)-7b6vh
        @available(iOS 17.0, macOS 14.0, watchOS 10.0, *)
        nonisolated public func onChange<V>(
            of value: V, initial: Bool = false, _ action: @escaping () -> Void
        )
            -> some Scene where V: Equatable
        { self }
    }
#endif
