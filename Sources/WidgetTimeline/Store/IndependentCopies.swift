#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

/// Whether copies of a value are independent of each other, so one decoded payload may be handed
/// to every reader: a class instance in it is shared by every copy, and a reader that changes it
/// would change what every later read returns.
enum IndependentCopies {
    /// Whether nothing in `value`'s stored properties (`Mirror`) is a class instance. Foundation's
    /// value types that keep their storage in a class — `URL`, `TimeZone`, `Locale`, `Calendar` —
    /// copy on write, and count as values.
    static func areIndependent(_ value: Any) -> Bool {
        if value is URL || value is TimeZone || value is Locale || value is Calendar { return true }
        let mirror = Mirror(reflecting: value)
        return mirror.displayStyle != .class && mirror.children.allSatisfy { areIndependent($0.value) }
    }
}
