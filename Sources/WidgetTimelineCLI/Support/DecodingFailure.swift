import WidgetTimeline

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

/// Decoding a command's input file, with failures that say where (`$.entries[3].date`) and what.
enum DecodingFailure {
    /// Decodes `type` from `data`, turning a failure into bad-data (exit 65) naming `what` and
    /// `source`, e.g. "snapshot 'x.json' is not valid: at $.revision: expected a whole number, …".
    static func decode<T: Decodable>(_ type: T.Type, from data: Data, what: String, source: String)
        throws(CommandFailure)
        -> T
    {
        do {
            return try JSONCoding.decode(type, from: data)
        } catch {
            throw CommandFailure(.badData, "\(what) \(source) is not valid: \(error)")
        }
    }
}
