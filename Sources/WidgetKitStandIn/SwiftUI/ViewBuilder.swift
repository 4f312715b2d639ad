#if !canImport(Darwin)
    /// A custom parameter attribute that constructs views from closures.
    ///
    /// The building blocks widget views use: one child, several, and `if`/`else` or `switch`.
    /// `if` without `else` (`buildIf`, whose result needs `Optional` to be a view) is left out.
    ///
    /// Apple: https://developer.apple.com/documentation/swiftui/viewbuilder
    @available(iOS 13.0, macOS 10.15, watchOS 6.0, *)
    @resultBuilder public struct ViewBuilder {
        /// Passes a single piece of content written as a child view through unmodified.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock(_:)
        public static func buildBlock<Content>(_ content: Content) -> Content { content }

        /// Builds several children into a tuple view.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock(_:)-2bj1g
        public static func buildBlock<each Content>(_ content: repeat each Content) -> TupleView<
            (repeat each Content)
        > where repeat each Content: View {
            TupleView((repeat each content))
        }

        /// Produces content for a conditional statement in a multi-statement closure when the
        /// condition is true.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/viewbuilder/buildeither(first:)
        public static func buildEither<TrueContent, FalseContent>(first: TrueContent)
            -> _ConditionalContent<TrueContent, FalseContent>
        {
            _ConditionalContent(storage: .trueContent(first))
        }

        /// Produces content for a conditional statement in a multi-statement closure when the
        /// condition is false.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/viewbuilder/buildeither(second:)
        public static func buildEither<TrueContent, FalseContent>(second: FalseContent)
            -> _ConditionalContent<TrueContent, FalseContent>
        {
            _ConditionalContent(storage: .falseContent(second))
        }
    }

    /// View content that shows one of two possible children: what `if`/`else` and `switch` build.
    ///
    /// Apple: https://developer.apple.com/documentation/swiftui/viewbuilder/buildeither(first:)
    /// (the result type the page names; the type has no page of its own. Its generic parameters are
    /// unconstrained there, and it is a view when both are)
    @available(iOS 13.0, macOS 10.15, watchOS 6.0, *)
    public struct _ConditionalContent<TrueContent, FalseContent> {
        // Stand-in storage: the branch taken.
        enum Storage {
            case trueContent(TrueContent)
            case falseContent(FalseContent)
        }

        let storage: Storage
    }

    /// Apple: https://developer.apple.com/documentation/swiftui/viewbuilder/buildeither(first:)
    /// (a view when both branches are: what a view builder's `if`/`else` needs)
    @available(iOS 13.0, macOS 10.15, watchOS 6.0, *)
    extension _ConditionalContent: View where TrueContent: View, FalseContent: View {
        /// Apple: https://developer.apple.com/documentation/swiftui/view/body-8kl5o
        public var body: Never { fatalError("_ConditionalContent is primitive") }
    }

    /// A custom parameter attribute that constructs views and other content types from closures.
    ///
    /// Apple: https://developer.apple.com/documentation/swiftui/contentbuilder
    @available(iOS 13.0, macOS 10.15, watchOS 6.0, *)
    public typealias ContentBuilder = ViewBuilder
#endif
