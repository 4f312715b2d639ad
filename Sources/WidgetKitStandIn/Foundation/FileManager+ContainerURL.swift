#if !canImport(Darwin)
    import Foundation

    extension FileManager {
        /// Returns the container directory associated with the specified security application group
        /// identifier.
        ///
        /// There are no App Groups here, so the stand-in answers `nil`, as iOS does for an identifier
        /// missing from the entitlements.
        ///
        /// Apple: https://developer.apple.com/documentation/foundation/filemanager/containerurl(forsecurityapplicationgroupidentifier:)
        public func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL? {
            nil
        }
    }
#endif
