import WidgetTimeline

/// The payload the torture writers commit: derived from the revision it is committed at, so any
/// reader can check that a record's payload belongs to its revision.
struct TorturePayload: Codable, Sendable, Equatable {
    var revision: Int
    var writer: String
    var counter: Int
    var digest: String

    init(revision: Int, writer: String, counter: Int) {
        self.revision = revision
        self.writer = writer
        self.counter = counter
        digest = Self.digest(revision: revision, writer: writer, counter: counter)
    }

    static func digest(revision: Int, writer: String, counter: Int) -> String {
        ContentFingerprint(bytes: Array("\(revision)/\(writer)/\(counter)".utf8)).rawValue
    }

    /// Whether the payload is the one committed at `revision`.
    func belongs(to revision: Int) -> Bool {
        self.revision == revision
            && digest == Self.digest(revision: revision, writer: writer, counter: counter)
    }
}
