#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

extension Decoder {
    /// The keyed container of an object in a hand-written file (a scenario, a push events file)
    /// that refuses any member `Keys` does not name.
    ///
    /// Codable skips members it does not know, so a misspelt `"comits"` would run a simulation
    /// without the commits it meant to list; in a file written by hand every member must mean
    /// something. Data that other programs write (records, device registrations) stays lenient.
    package func strictContainer<Keys: CodingKey & CaseIterable>(keyedBy keys: Keys.Type) throws
        -> KeyedDecodingContainer<Keys>
    {
        let container = try self.container(keyedBy: keys)
        let known = Keys.allCases.map(\.stringValue)
        let members = try self.container(keyedBy: MemberName.self).allKeys
        // Reported in a fixed order: a decoder's members come in no particular one.
        if let unknown = members.filter({ !known.contains($0.stringValue) }).min(by: {
            $0.stringValue < $1.stringValue
        }) {
            let hint =
                Suggestion.closest(to: unknown.stringValue, among: known).map { " (did you mean \"\($0)\"?)" }
                ?? ""
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath + [unknown],
                    debugDescription: "unknown member \"\(unknown.stringValue)\"\(hint); known: "
                        + known.joined(separator: ", ")))
        }
        return container
    }
}

/// Any member name of a JSON object.
private struct MemberName: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
