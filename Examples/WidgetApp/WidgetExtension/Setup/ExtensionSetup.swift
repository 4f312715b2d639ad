import WidgetTimeline
import WidgetTimelineWidgetKit

/// What every widget of the extension shares: the App Group's shared container, resolved once per
/// extension process from the `WidgetTimelineAppGroup` Info.plist key.
///
/// A failure is kept, not thrown: the providers still answer — the placeholder and gallery preview
/// as usual, every timeline "unavailable (app-group-unavailable)" — and fault in the system log with
/// the group identifier, so a missing entitlement is seen at once in Xcode's console.
enum ExtensionSetup {
    static let container = Result { () throws(AppGroupError) in
        try SharedContainer(appGroup: .fromInfoDictionary())
    }

    /// The extension's sync for interactive widgets' intents: the same store and log as the host's,
    /// on the extension's side, so it reloads nothing but what the intent path allows.
    static let intentSync: WidgetSync? = try? container.get().intentSync()

    /// Why an intent could not save: the App Group container is missing.
    static var unavailable: AppGroupError {
        if case .failure(let problem) = container { return problem }
        return .identifierMissing(infoDictionaryKey: AppGroup.defaultInfoDictionaryKey)
    }
}
