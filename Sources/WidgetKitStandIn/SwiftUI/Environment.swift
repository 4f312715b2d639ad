#if !canImport(Darwin)
    /// A property wrapper that reads a value from a view's environment.
    ///
    /// Apple: https://developer.apple.com/documentation/swiftui/environment
    @available(iOS 13.0, macOS 10.15, watchOS 6.0, *)
    @frozen @propertyWrapper public struct Environment<Value> {
        // Stand-in storage: the key path, read from default environment values.
        private let keyPath: KeyPath<EnvironmentValues, Value>

        /// Creates an environment property to read the specified key path.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/environment/init(_:)
        public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { self.keyPath = keyPath }

        /// The current value of the environment property.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/environment/wrappedvalue
        public var wrappedValue: Value { EnvironmentValues()[keyPath: keyPath] }
    }
#endif
