public import Foundation

/// An App Group: the identifier that gives the host app and its widget extension one shared
/// container.
///
/// Keep the identifier in a build setting and read it from each target's Info.plist, so the app and
/// the extension cannot disagree and a test identifier never ships in a release build:
///
/// ```swift
/// // Info.plist of both targets: WidgetTimelineAppGroup = $(WIDGET_APP_GROUP)
/// let group = try AppGroup.fromInfoDictionary()
/// ```
public struct AppGroup: Sendable, Hashable, CustomStringConvertible {
    /// The Info.plist key ``fromInfoDictionary(key:of:)`` reads by default.
    public static let defaultInfoDictionaryKey = "WidgetTimelineAppGroup"

    /// The identifier as in the entitlements, e.g. `group.com.example.widgets`.
    public let identifier: String

    public init(_ identifier: String) { self.identifier = identifier }

    /// The App Group named by `key` in `bundle`'s Info.plist.
    ///
    /// - Throws: ``AppGroupError/identifierMissing(infoDictionaryKey:)`` when the key is absent or
    ///   empty: add it to the Info.plist of both targets.
    public static func fromInfoDictionary(
        key: String = defaultInfoDictionaryKey,
        of bundle: Bundle = .main
    ) throws(AppGroupError) -> AppGroup {
        try fromInfoDictionary(bundle.infoDictionary, key: key)
    }

    /// The App Group named by `key` in an Info.plist dictionary.
    static func fromInfoDictionary(_ info: [String: Any]?, key: String) throws(AppGroupError) -> AppGroup {
        guard let value = info?[key] as? String else { throw .identifierMissing(infoDictionaryKey: key) }
        let identifier = value.trimmingCharacters(in: .whitespacesAndNewlines)
        // An unexpanded build setting is as good as missing.
        guard !identifier.isEmpty, !identifier.hasPrefix("$(") else {
            throw .identifierMissing(infoDictionaryKey: key)
        }
        return AppGroup(identifier)
    }

    public var description: String { identifier }
}
