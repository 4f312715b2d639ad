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
    /// copy on write, and count as values. A value whose `Mirror` may not show what it stores
    /// (``reflectsStoredProperties(_:)``) does not.
    static func areIndependent(_ value: Any) -> Bool {
        // A trivially copied type (`_isPOD`: no reference the runtime counts) holds no class
        // instance: decided from its type, without the casts and the mirror, which were two fifths
        // of a simulated fleet device's commits.
        if _openExistential(value, do: isTriviallyCopied) { return true }
        if value is URL || value is TimeZone || value is Locale || value is Calendar { return true }
        guard reflectsStoredProperties(value) else { return false }
        let mirror = Mirror(reflecting: value)
        return mirror.displayStyle != .class && mirror.children.allSatisfy { areIndependent($0.value) }
    }

    /// Whether `value`'s `Mirror` shows what it stores: its type does not reflect itself
    /// (`CustomReflectable`), or is the standard library's or Foundation's, whose mirrors show a
    /// collection's elements or the value (the classes they keep it in copy on write). A type of
    /// the app's own that reflects itself may show less than it holds — no class instance where it
    /// keeps one, an identifier and not a ranking — so its mirror vouches for nothing.
    static func reflectsStoredProperties(_ value: Any) -> Bool {
        guard value is any CustomReflectable else { return true }
        let name = String(reflecting: type(of: value))
        return trustedModules.contains { name.hasPrefix($0) }
    }

    /// The modules whose types' own mirrors are trusted, as `String(reflecting:)` names them.
    private static let trustedModules = [
        "Swift.", "Foundation.", "FoundationEssentials.", "FoundationInternationalization.",
    ]
}

/// Whether `Value` is copied bit for bit (`_isPOD`): it holds no reference the runtime counts. A
/// free function: as a static method, `_openExistential` of it crashes Swift 6.3.1's SIL generation.
private func isTriviallyCopied<Value>(_: Value) -> Bool { _isPOD(Value.self) }
