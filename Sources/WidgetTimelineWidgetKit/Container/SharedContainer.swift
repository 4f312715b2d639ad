public import Foundation
public import WidgetTimeline

#if !canImport(WidgetKit)
    // `FileManager.containerURL(forSecurityApplicationGroupIdentifier:)`: Foundation's on Apple
    // platforms, the stand-in's elsewhere.
    import WidgetKitStandIn
#endif

/// The directory both processes use: snapshots and the diagnostics log, inside the App Group
/// container.
///
/// ```swift
/// let container = try SharedContainer(appGroup: .fromInfoDictionary())
/// // <group container>/WidgetTimeline/snapshots/…  and  …/WidgetTimeline/diagnostics/events.jsonl
/// ```
///
/// Resolving the container fails loudly (``AppGroupError``) rather than falling back to a private
/// directory: a fallback would let each process read and write its own empty store, which is the
/// "widget never updates" bug with no error anywhere.
///
/// The shared directory and its `snapshots` and `diagnostics` subdirectories are created with the
/// file-protection class ``fileProtection`` — complete until first user authentication — which
/// files created inside them inherit. The widget extension then reads snapshots and writes its log
/// while the device is locked, as long as it has been unlocked once since it started; with the
/// stricter `.complete` class (an app's `default-data-protection` entitlement may impose it), reads
/// on a locked device fail and the widget can only say "unavailable".
public struct SharedContainer: Sendable, Hashable {
    /// The subdirectory of the App Group container the package keeps its files in.
    public static let defaultSubdirectory = "WidgetTimeline"

    /// The data-protection class of the shared directory and everything created in it.
    public static var fileProtection: FileProtectionType { .completeUntilFirstUserAuthentication }

    /// The App Group, or `nil` for a container made from a plain directory.
    public let appGroup: AppGroup?
    /// The shared directory: what the store, the log and `widget-timeline diagnose --dir` use.
    public let directory: URL

    /// The shared directory in `appGroup`'s container, created (with ``fileProtection``) if missing.
    ///
    /// - Throws: ``AppGroupError/containerUnavailable(groupIdentifier:)`` when this process has no
    ///   container for the group (the entitlement is missing); ``AppGroupError/directoryUnusable(groupIdentifier:path:reason:)``
    ///   when the directory cannot be created. On macOS the system returns a container path even for
    ///   an unknown group, so there a missing entitlement shows up as the second error.
    public init(appGroup: AppGroup, subdirectory: String = defaultSubdirectory) throws(AppGroupError) {
        try self.init(
            appGroup: appGroup, subdirectory: subdirectory,
            locateContainer: { FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: $0) },
            createDirectory: SharedContainer.createDirectory(at:attributes:))
    }

    /// The effects of resolving a container, as parameters: where the system keeps the group's
    /// container, and how a directory is created with attributes.
    init(
        appGroup: AppGroup,
        subdirectory: String,
        locateContainer: (String) -> URL?,
        createDirectory: (URL, [FileAttributeKey: Any]) throws -> Void
    ) throws(AppGroupError) {
        guard let container = locateContainer(appGroup.identifier) else {
            throw .containerUnavailable(groupIdentifier: appGroup.identifier)
        }
        let directory = container.appendingPathComponent(subdirectory, isDirectory: true)
        let attributes: [FileAttributeKey: Any] = [.protectionKey: SharedContainer.fileProtection]
        for path in [
            directory, directory.appendingPathComponent("snapshots", isDirectory: true),
            directory.appendingPathComponent("diagnostics", isDirectory: true),
        ] {
            do {
                try createDirectory(path, attributes)
            } catch {
                throw .directoryUnusable(
                    groupIdentifier: appGroup.identifier, path: path.path, reason: String(describing: error))
            }
        }
        self.appGroup = appGroup
        self.directory = directory
    }

    /// A container made from a directory that already exists: for tests, previews, the command line
    /// and platforms without App Groups. Nothing is created.
    public init(directory: URL) {
        appGroup = nil
        self.directory = directory
    }

    /// The snapshot store in the shared directory. The extension uses ``FileSnapshotStore/Access/readOnly``.
    public func store(access: FileSnapshotStore.Access = .readWrite, legacyKeys: LegacyKeyMapping = .none)
        -> FileSnapshotStore
    {
        FileSnapshotStore(directory: directory, access: access, legacyKeys: legacyKeys)
    }

    /// The diagnostics log both processes append to.
    public var log: FileDiagnosticLog { FileDiagnosticLog(directory: directory) }

    /// Creates `url` (and its parents) and gives it `attributes`, including an existing directory,
    /// so one created by an older version gets the protection class too. Data protection exists on
    /// iOS, watchOS and visionOS; elsewhere the protection attribute is left out.
    static func createDirectory(at url: URL, attributes: [FileAttributeKey: Any]) throws {
        #if os(iOS) || os(watchOS) || os(visionOS)
            let applied = attributes
        #else
            let applied = attributes.filter { $0.key != .protectionKey }
        #endif
        try FileManager.default.createDirectory(
            at: url, withIntermediateDirectories: true, attributes: applied)
        if !applied.isEmpty {
            try FileManager.default.setAttributes(applied, ofItemAtPath: url.path)
        }
    }
}
