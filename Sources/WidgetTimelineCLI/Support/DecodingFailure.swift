import Foundation

/// Turns a decoding error into one line that says where (a JSON path such as
/// `$.entries[3].date`) and what was wrong.
enum DecodingFailure {
    /// A bad-data failure (exit 65) for `error`, met while decoding `what` from `source`.
    static func failure(_ error: any Error, decoding what: String, from source: String) -> CommandFailure {
        CommandFailure(.badData, "\(what) \(source) is not valid: \(describe(error))")
    }

    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return String(describing: error) }
        switch error {
        case .typeMismatch(let type, let context):
            return "at \(path(context.codingPath)): expected \(typeName(type))" + detail(context)
        case .valueNotFound(let type, let context):
            return "at \(path(context.codingPath)): expected \(typeName(type)), found null"
        case .keyNotFound(let key, let context):
            return "at \(path(context.codingPath)): missing member \"\(key.stringValue)\""
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
                return "not JSON" + (underlying.map { ": \($0.prefix(200))" } ?? "")
            }
            return "at \(path(context.codingPath)): \(context.debugDescription.prefix(300))"
        @unknown default:
            return String(describing: error)
        }
    }

    /// `$`, `$.entries[3].date`.
    static func path(_ codingPath: [any CodingKey]) -> String {
        var text = "$"
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += "." + key.stringValue
            }
        }
        return text
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Int64.Type: "a whole number"
        case is Double.Type, is Float.Type: "a number"
        case is Bool.Type: "true or false"
        case is Date.Type: "an ISO-8601 instant"
        default:
            String(describing: type).contains("Array") ? "an array" : "an object"
        }
    }

    private static func detail(_ context: DecodingError.Context) -> String {
        let text = context.debugDescription
        if let range = text.range(of: "but found ") { return ", found " + text[range.upperBound...].prefix(60) }
        return ""
    }
}
