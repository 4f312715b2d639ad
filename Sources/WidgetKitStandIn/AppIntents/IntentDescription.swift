#if !canImport(Darwin)
    /// The human-readable description and metadata for an app intent.
    ///
    /// Apple: https://developer.apple.com/documentation/appintents/intentdescription
    @available(iOS 16.0, macOS 13.0, watchOS 9.0, *)
    public struct IntentDescription: ExpressibleByStringLiteral, Sendable {
        /// A short, localized, human-readable string that describes the intent using sentence case
        /// and followed by a period.
        ///
        /// Apple: https://developer.apple.com/documentation/appintents/intentdescription/descriptiontext
        public var descriptionText: LocalizedStringResource

        /// Creates a description with its category and search keywords.
        ///
        /// Apple: https://developer.apple.com/documentation/appintents/intentdescription/init(_:categoryname:searchkeywords:)
        public init(
            _ descriptionText: LocalizedStringResource, categoryName: LocalizedStringResource? = nil,
            searchKeywords: [LocalizedStringResource] = []
        ) { self.descriptionText = descriptionText }

        /// Creates an instance initialized to the given string value.
        ///
        /// Apple: https://developer.apple.com/documentation/appintents/intentdescription/init(stringliteral:)
        public init(stringLiteral value: String) {
            descriptionText = LocalizedStringResource(stringLiteral: value)
        }
    }
#endif
