/// Why the shared container of an App Group could not be used.
///
/// The most common reason a widget "never sees the app's data" is a missing App Groups entitlement
/// in one of the two targets: iOS then gives that target no container at all, and without this
/// error it would quietly read an empty store. Every case names what to fix.
public enum AppGroupError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The Info.plist has no App Group identifier under this key (or an empty or unexpanded one).
    case identifierMissing(infoDictionaryKey: String)
    /// The system has no container for the group: the target lacks the App Groups entitlement, or
    /// the identifier differs from the one in the entitlements.
    case containerUnavailable(groupIdentifier: String)
    /// The container exists, but the shared directory inside it could not be created.
    case directoryUnusable(groupIdentifier: String, path: String, reason: String)

    /// The App Group identifier concerned, when known.
    public var groupIdentifier: String? {
        switch self {
        case .identifierMissing: nil
        case .containerUnavailable(let identifier), .directoryUnusable(let identifier, _, _): identifier
        }
    }

    public var description: String {
        switch self {
        case .identifierMissing(let key):
            "the Info.plist has no App Group identifier under \"\(key)\"; add \(key) = $(YOUR_APP_GROUP) "
                + "to the Info.plist of both the app and the widget extension, and define the build setting"
        case .containerUnavailable(let identifier):
            "the App Group \"\(identifier)\" has no container in this process; add the App Groups "
                + "capability with \"\(identifier)\" to both the app target and the widget extension target "
                + "(Signing & Capabilities) and check the identifier matches the entitlements exactly. "
                + "Without it the widget never sees the app's data"
        case .directoryUnusable(let identifier, let path, let reason):
            "the App Group \"\(identifier)\" container has no usable shared directory at \(path): \(reason); "
                + "check the container's permissions and free space"
        }
    }
}
