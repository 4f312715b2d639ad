/// Where the store keeps things under the shared directory, and how names are formed and parsed.
///
/// ```
/// <shared>/snapshots/<key>/0000000018.snapshot      revision 18 of <key>
/// <shared>/snapshots/<key>/.tmp-4242-9f3c…          a record being written by process 4242
/// <shared>/snapshots/<key>/.tmp-4242-spare          a superseded record process 4242 will rewrite
/// ```
struct StoreLayout: Sendable, Hashable {
    /// The shared directory, without a trailing `/`.
    let root: String
    /// The directory holding every key's directory.
    let snapshots: String

    init(root: String) {
        var root = root
        while root.count > 1 && root.hasSuffix("/") { root.removeLast() }
        self.root = root
        snapshots = (root == "/" ? "" : root) + "/" + Self.snapshotsDirectoryName
    }

    /// The directory holding `key`'s revisions.
    func directory(for key: SnapshotKey) -> String { snapshots + "/" + key.rawValue }

    /// The path of `key`'s record at `revision`. Built in one buffer: a commit forms several.
    func path(for key: SnapshotKey, revision: Int) -> String {
        var path = ""
        path.reserveCapacity(snapshots.utf8.count + key.rawValue.utf8.count + 32)
        path += snapshots
        path += "/"
        path += key.rawValue
        path += "/"
        Self.appendFileName(revision: revision, to: &path)
        return path
    }

    static let snapshotsDirectoryName = "snapshots"
    static let recordExtension = ".snapshot"
    static let temporaryPrefix = ".tmp-"
    private static let revisionDigits = 10

    /// `0000000018.snapshot`: at least ten digits, so names sort like revisions in a listing.
    static func fileName(revision: Int) -> String {
        var name = ""
        appendFileName(revision: revision, to: &name)
        return name
    }

    /// Appends the zero-padded digits and the extension, made in one buffer: every read and commit
    /// forms a few of these, and a "0" at a time cost more than the rest of the path.
    private static func appendFileName(revision: Int, to text: inout String) {
        let digits = String(revision)
        let padding = max(0, revisionDigits - digits.utf8.count)
        text += String(unsafeUninitializedCapacity: padding) { buffer in
            buffer.initialize(repeating: UInt8(ascii: "0"))
            return padding
        }
        text += digits
        text += recordExtension
    }

    /// The revision a record file name stands for, or `nil` if the name is not exactly one that
    /// ``fileName(revision:)`` produces (so two names never mean the same revision).
    ///
    /// Read byte by byte: every listing parses each name in the directory, and `String`'s
    /// Unicode-aware suffix and slicing cost more than the listing (`docs/performance.md`).
    static func revision(fromFileName name: String) -> Int? {
        var name = name
        return name.withUTF8 { bytes -> Int? in
            let digitCount = bytes.count - recordExtensionBytes.count
            guard digitCount >= revisionDigits,
                bytes[digitCount...].elementsEqual(recordExtensionBytes),
                // Zeros only as padding: exactly ten digits, or more with a first one that is not 0.
                digitCount == revisionDigits || bytes[0] != UInt8(ascii: "0")
            else { return nil }
            var revision = 0
            for byte in bytes[..<digitCount] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                let (tens, overflowed) = revision.multipliedReportingOverflow(by: 10)
                let (sum, overflowedAgain) = tens.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
                guard !overflowed, !overflowedAgain else { return nil }
                revision = sum
            }
            return revision >= 1 ? revision : nil
        }
    }

    private static let recordExtensionBytes = Array(recordExtension.utf8)

    /// `.tmp-<pid>-<token>`: hidden from listings, and naming the process that writes it.
    static func temporaryName(processID: Int32, token: UInt64) -> String {
        let hex = String(token, radix: 16)
        return temporaryPrefix + String(processID) + "-" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// `.tmp-<pid>-spare`: a superseded record that process `pid`'s clean-up kept, hidden, for its
    /// next commit to rewrite in place instead of allocating a new file (`docs/store-format.md`,
    /// "The spare file").
    static func spareName(processID: Int32) -> String {
        temporaryPrefix + String(processID) + "-spare"
    }

    /// Whether `name` is a temporary file of this store.
    static func isTemporary(_ name: String) -> Bool { name.hasPrefix(temporaryPrefix) }

    /// The process that created the temporary file `name`, if the name says.
    static func temporaryOwner(_ name: String) -> Int32? {
        guard isTemporary(name) else { return nil }
        let rest = name.dropFirst(temporaryPrefix.count)
        guard let dash = rest.firstIndex(of: "-") else { return nil }
        return Int32(rest[..<dash])
    }
}
