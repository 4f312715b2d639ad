import Foundation
import WidgetTimeline
import WidgetTimelineExamples

/// For a Flutter or React Native host: the Dart or JavaScript side sends each widget's display
/// payload as JSON over its channel, and the commit happens here, on the native side.
///
/// ```swift
/// // Flutter: FlutterMethodChannel(name: "widgets", binaryMessenger: …).setMethodCallHandler { call, result in
/// //     let arguments = call.arguments as! [String: Any]
/// //     let json = (arguments["payload"] as! String).data(using: .utf8)!
/// //     result(try? bridge.commit(kind: arguments["kind"] as! String, payloadJSON: json))
/// // }
/// ```
///
/// Only the payload crosses the channel — never a whole app state: the fingerprint, the revision,
/// the save-then-reload order and the debounce stay native, in one place, whatever the UI framework.
/// And the UI framework's state emissions, however many, cost no reload unless the payload changed.
struct NativePayloadBridge: Sendable {
    let sync: WidgetSync

    /// Why a payload from the channel was not committed.
    enum Failure: Error, Equatable, CustomStringConvertible {
        case unknownKind(String)
        case badKey(String)
        case badPayload(kind: String, JSONDecodingError)
        case badObservedAt(String)
        case store(SnapshotStoreError)

        var description: String {
            switch self {
            case .unknownKind(let kind):
                "no widget of kind \"\(kind)\"; use one of \(ExampleWidgets.kindList)"
            case .badKey(let text):
                "\"\(text)\" is not a snapshot key: lower-case letters, digits, - and _, joined by ."
            case .badPayload(let kind, let error): "the \(kind) payload does not decode: \(error)"
            case .badObservedAt(let text): "observedAt \"\(text)\" is not an ISO 8601 instant with an offset"
            case .store(let error): "the snapshot was not saved: \(error)"
            }
        }
    }

    /// Decodes `payloadJSON` as `kind`'s payload and commits it.
    ///
    /// - Parameters:
    ///   - key: the snapshot key (`parking.yeouido.compact`); the kind's default key when `nil`.
    ///   - observedAt: when the data was true, as ISO 8601 (a server timestamp); now when `nil`.
    /// - Returns: the revision now stored.
    @discardableResult
    func commit(kind: String, payloadJSON: Data, key: String? = nil, observedAt: String? = nil)
        throws(Failure) -> Int
    {
        let snapshotKey = try key.map { text throws(Failure) in
            guard let key = try? SnapshotKey(validating: text) else { throw .badKey(text) }
            return key
        }
        let observed = try observedAt.map { text throws(Failure) in
            guard let date = Instant.parse(text) else { throw .badObservedAt(text) }
            return date
        }
        switch kind {
        case TaskCountWidget().kind:
            return try commit(payloadJSON, for: TaskCountWidget(), key: snapshotKey, observedAt: observed)
        case ScheduleWidget().kind:
            return try commit(payloadJSON, for: ScheduleWidget(), key: snapshotKey, observedAt: observed)
        case ParkingWidget().kind:
            return try commit(payloadJSON, for: ParkingWidget(), key: snapshotKey, observedAt: observed)
        case ParkConditionsWidget().kind:
            return try commit(
                payloadJSON, for: ParkConditionsWidget(), key: snapshotKey, observedAt: observed)
        default:
            throw .unknownKind(kind)
        }
    }

    private func commit<Kind: WidgetKind>(
        _ json: Data, for kind: Kind, key: SnapshotKey?, observedAt: Date?
    ) throws(Failure) -> Int {
        let payload: Kind.Payload
        do {
            payload = try JSONCoding.decode(Kind.Payload.self, from: json)
        } catch {
            throw .badPayload(kind: kind.kind, error)
        }
        do {
            return try sync.commit(payload, for: kind, key: key, observedAt: observedAt).revision
        } catch {
            throw .store(error)
        }
    }
}
