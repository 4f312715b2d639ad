/// A value written in JSON as one of a few words (`"rolling"`, `"daily"`): a word it does not know
/// is refused as `unknown value "weekly" (expected one of: rolling, daily)`, with the word probably
/// meant, instead of Foundation's "Cannot initialize … from invalid String value".
///
/// Conforming is all it takes: the decoder below replaces the one `RawRepresentable` gives.
public protocol JSONChoice: RawRepresentable, CaseIterable, Decodable where RawValue == String {}

extension JSONChoice {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let word = try container.decode(String.self)
        guard let value = Self(rawValue: word) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: Self.unknownValueMessage(word))
        }
        self = value
    }

    /// The words this type takes, in declaration order.
    public static var words: [String] { allCases.map(\.rawValue) }

    /// `unknown value "flaky" (expected one of: fails, hangs)`, with `; did you mean "x"?` when one
    /// is close.
    public static func unknownValueMessage(_ word: String) -> String {
        JSONDecodingError.unknownValue(word, among: words)
    }
}
