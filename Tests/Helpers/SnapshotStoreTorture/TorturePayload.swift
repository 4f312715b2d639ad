import WidgetTimeline

/// The payload the torture writers commit: a writer and a counter, with a digest over them and
/// the revision it was meant for, so any reader can check that a record's payload is whole and
/// belongs to its revision.
struct TorturePayload: Codable, Sendable, Equatable {
    /// The revision a compare-and-swap writer built it for; 0 for a writer that commits after
    /// whatever revision is current (it cannot know which it gets).
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

    /// `writer:counter`: how acknowledgements and observations name a payload.
    var label: String { "\(writer):\(counter)" }

    /// Whether the payload is whole and may be the one committed at `revision`.
    func belongs(to revision: Int) -> Bool {
        (self.revision == revision || self.revision == 0)
            && digest == Self.digest(revision: self.revision, writer: writer, counter: counter)
    }
}
