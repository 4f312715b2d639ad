public import Foundation

/// Every entry under a directory — its kind, a regular file's contents, its modification time — to
/// show that nothing in it changed: what a store that must never leave its own directory is checked
/// against.
///
/// ```swift
/// let before = try FileTree(outside)
/// _ = try? store.commit(draft)
/// #expect(try FileTree(outside) == before)
/// ```
public struct FileTree: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        public var kind: String
        public var contents: Data?
        public var modified: Date?
    }

    /// The entries by path relative to the root.
    public var entries: [String: Entry]

    /// The tree under `root`, which is read without following symbolic links below it.
    public init(_ root: URL) throws {
        entries = [:]
        let manager = FileManager.default
        for path in try manager.subpathsOfDirectory(atPath: root.path) {
            let full = root.appendingPathComponent(path).path
            let attributes = try manager.attributesOfItem(atPath: full)
            let type = attributes[.type] as? FileAttributeType
            entries[path] = Entry(
                kind: type?.rawValue ?? "?",
                contents: type == .typeRegular ? manager.contents(atPath: full) : nil,
                modified: attributes[.modificationDate] as? Date)
        }
    }
}
