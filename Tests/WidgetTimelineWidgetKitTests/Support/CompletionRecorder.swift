import Foundation

/// Records every call of a completion handler, so a test can say "exactly once".
final class CompletionRecorder<Value>: @unchecked Sendable {
    // @unchecked: `values` is read and written under `lock`, and only handed out as copies.
    private let lock = NSLock()
    private var values: [Value] = []

    /// The completion handler to pass.
    var completion: @Sendable (Value) -> Void {
        { [self] value in lock.withLock { values.append(value) } }
    }

    var calls: [Value] { lock.withLock { values } }
    var count: Int { calls.count }
}
