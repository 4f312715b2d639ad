import Foundation

/// Why a JSON document could not be decoded, in words a person can act on: the JSON path of the
/// problem (`$.entries[3].date`) and what was expected and found, or the line and column of a
/// syntax error.
public struct JSONDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The JSON path of the problem, or `nil` for a syntax error.
    public var path: String?
    public var message: String

    public var description: String { path.map { "at \($0): \(message)" } ?? message }

    /// The path text for a coding path: `$`, `$.entries[3].date`.
    public static func path(_ codingPath: [any CodingKey]) -> String {
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

    init(_ error: DecodingError) {
        switch error {
        case .typeMismatch(_, let context), .dataCorrupted(let context):
            self.init(path: Self.path(context.codingPath), message: context.debugDescription)
        case .valueNotFound(_, let context):
            self.init(path: Self.path(context.codingPath), message: context.debugDescription)
        case .keyNotFound(let key, let context):
            self.init(path: Self.path(context.codingPath), message: "missing member \"\(key.stringValue)\"")
        @unknown default:
            self.init(path: nil, message: String(describing: error))
        }
    }

    public init(path: String?, message: String) {
        self.path = path
        self.message = message
    }
}

extension JSONCoding {
    /// Decodes `type` from `data` with the conventions of ``decoder()``; when that fails, parses
    /// the document again to say exactly where and why.
    ///
    /// The document must be strict JSON (``JSONParser/validate(_:)``): `JSONDecoder` alone would
    /// also take trailing commas, bytes after a NUL, UTF-16 and repeated member names (keeping the
    /// first, where JavaScript keeps the last), so a file another reader sees differently would be
    /// read without a word. The check and the decode are one pass of the tape decoder; what it hands
    /// back, Foundation's `JSONDecoder` decides.
    ///
    /// - Throws: ``JSONDecodingError``.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(JSONDecodingError) -> T {
        let attempt = data.withUnsafeBytes {
            JSONTapeDecoder.decode(type, from: $0.assumingMemoryBound(to: UInt8.self))
        }
        switch attempt {
        case .decoded(let value): return value
        case .handedBack: break
        case .notStrictJSON:
            // The parser says where and why. (The tape and the parser accept the same documents —
            // tests and the `json-parser` fuzz target hold them to it — but the parser's word stands.)
            do {
                try JSONParser.validate(data)
            } catch {
                throw JSONDecodingError(path: nil, message: error.description)
            }
        }
        do {
            return try sharedDecoder.decode(type, from: data)
        } catch {
            throw explain(type, data: data, fallback: error)
        }
    }

    /// The precise reason `data` does not decode as `type`.
    static func explain<T: Decodable>(_ type: T.Type, data: Data, fallback: any Error) -> JSONDecodingError {
        let tree: JSONValue
        do {
            tree = try JSONParser.parse(data)
        } catch {
            return JSONDecodingError(path: nil, message: error.description)
        }
        do {
            _ = try JSONTreeDecoder.decode(type, from: tree, at: [])
        } catch let error as DecodingError {
            return JSONDecodingError(error)
        } catch {
            return JSONDecodingError(path: nil, message: String(describing: error))
        }
        // Both parsers accepted it as JSON, yet Foundation refused it: report Foundation's words,
        // with the reason under them ("The given data was not valid JSON." alone says nothing).
        if let error = fallback as? DecodingError {
            var explained = JSONDecodingError(error)
            if case .dataCorrupted(let context) = error, let underlying = context.underlyingError {
                explained.message += " (\(underlying))"
            }
            if explained.path == "$" { explained.path = nil }
            return explained
        }
        return JSONDecodingError(path: nil, message: String(describing: fallback))
    }
}
