import WidgetTimeline

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

/// A scenario file that cannot be used: where (a JSON path such as `$.widgets[1].commits[3].at`)
/// and what is wrong.
public struct ScenarioError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The JSON path of the problem; `$` for the whole document.
    public var path: String
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `at $.widgets[0].kind: unknown widget kind "weather"; known: schedule, task-count`.
    /// Whole-document problems (not JSON at all) have no place to point at.
    public var description: String { message.hasPrefix("not JSON") ? message : "at \(path): \(message)" }

    /// The error a `DecodingError` describes, with its coding path after `prefix`.
    init(_ error: any Error, under prefix: String = "$") {
        if let error = error as? JSONDecodingError {
            self.init(path: prefix + (error.path?.dropFirst() ?? ""), message: error.message)
            return
        }
        guard let error = error as? DecodingError else {
            self.init(path: prefix, message: String(describing: error))
            return
        }
        switch error {
        case .typeMismatch(let type, let context):
            self.init(
                path: Self.path(context.codingPath, under: prefix), message: "expected \(Self.name(of: type))"
            )
        case .valueNotFound(let type, let context):
            self.init(
                path: Self.path(context.codingPath, under: prefix),
                message: "expected \(Self.name(of: type)), found null")
        case .keyNotFound(let key, let context):
            self.init(
                path: Self.path(context.codingPath, under: prefix),
                message: "missing member \"\(key.stringValue)\"")
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty, prefix == "$" {
                let underlying = context.underlyingError.map { String(describing: $0) }
                self.init(path: "$", message: "not JSON" + (underlying.map { ": \($0.prefix(200))" } ?? ""))
            } else {
                self.init(
                    path: Self.path(context.codingPath, under: prefix),
                    message: String(context.debugDescription.prefix(300)))
            }
        @unknown default:
            self.init(path: prefix, message: String(describing: error))
        }
    }

    /// `prefix` followed by `.member` and `[index]` for each key.
    static func path(_ codingPath: [any CodingKey], under prefix: String = "$") -> String {
        var text = prefix
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += "." + key.stringValue
            }
        }
        return text
    }

    private static func name(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Int64.Type, is UInt64.Type: "a whole number"
        case is Double.Type, is Float.Type: "a number"
        case is Bool.Type: "true or false"
        case is Date.Type: "an ISO-8601 instant"
        default: String(describing: type).contains("Array") ? "an array" : "an object"
        }
    }
}
