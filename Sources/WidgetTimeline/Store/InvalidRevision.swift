/// A stored revision a reader skipped, and why.
public struct InvalidRevision: Sendable, Hashable, CustomStringConvertible {
    public var revision: Int
    public var problem: SnapshotRecordProblem

    public init(revision: Int, problem: SnapshotRecordProblem) {
        self.revision = revision
        self.problem = problem
    }

    public var description: String { "revision \(revision): \(problem)" }
}
