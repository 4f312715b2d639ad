import Foundation
import WidgetTimeline

/// What every fuzz target in `Fuzz/Sources/Targets` shares: turning libFuzzer's buffer into bytes,
/// failing loudly when an invariant breaks, and deterministic choices derived from the input.
///
/// A target is one file whose `LLVMFuzzerTestOneInput` feeds the bytes to a decoder and then checks
/// what came out. A thrown error is a correct answer to bad input; a trap, an ASan report, a run
/// over the time limit or a failed ``fuzzCheck(_:_:file:line:)`` is a bug, and libFuzzer keeps the
/// input that caused it.
public enum FuzzInput {
    /// The bytes of one libFuzzer input (`start` may be `nil` for the empty input).
    public static func bytes(_ start: UnsafePointer<UInt8>?, _ count: Int) -> [UInt8] {
        guard let start, count > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: start, count: count))
    }
}

/// Stops the run when `condition` is false. `fatalError` traps, so libFuzzer saves the input as a
/// crash with the message in its log; the message names the broken invariant.
public func fuzzCheck(
    _ condition: @autoclosure () -> Bool,
    _ message: @autoclosure () -> String,
    file: StaticString = #fileID,
    line: UInt = #line
) {
    if !condition() { fatalError("invariant broken: \(message())", file: file, line: line) }
}

/// Choices made from a hash of the whole input (FNV-1a), so a target varies its settings — the
/// zone, the instant it plans at, the output format — without spending input bytes that would
/// otherwise have to stay valid JSON. The same input always makes the same choices.
public struct FuzzChoices {
    private var state: UInt64

    public init(_ bytes: [UInt8]) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        state = hash
    }

    /// A number in `0..<upperBound`.
    public mutating func next(_ upperBound: Int) -> Int {
        state = SplitMix64.mix(state &+ 0x9E37_79B9_7F4A_7C15)
        return Int(state % UInt64(max(1, upperBound)))
    }

    /// `true` or `false`.
    public mutating func flip() -> Bool { next(2) == 1 }

    /// One of `elements`, which must not be empty.
    public mutating func pick<Element>(_ elements: [Element]) -> Element { elements[next(elements.count)] }
}

/// Time zones with the awkward cases the package promises to handle: midnight skipped (Havana,
/// Santiago), 30-minute DST (Lord Howe), a skipped date (Apia), odd offsets (Kathmandu, St John's).
public enum FuzzZones {
    public static let identifiers = [
        "UTC", "Asia/Seoul", "America/Havana", "America/Santiago", "Australia/Lord_Howe", "Pacific/Apia",
        "Asia/Kathmandu", "America/St_Johns", "Europe/Berlin",
    ]

    /// Gregorian calendars in each zone, built once: building a calendar costs more than most
    /// inputs take to decode.
    public static let calendars: [Calendar] = identifiers.map { identifier in
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: identifier)!
        return calendar
    }
}

extension JSONValue {
    /// Equality as JSON means it, with numbers as precise as a reader can hold them: a number
    /// parsed exactly equals one decoded through Foundation's types (a `Decimal`'s 38 digits, or a
    /// `Double`) when they are the same number, or round to the same `Double`.
    public func isEquivalent(to other: JSONValue) -> Bool {
        switch (self, other) {
        case (.number(let a), .number(let b)): return a == b || a.doubleValue == b.doubleValue
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.isEquivalent(to: $1) }
        case (.object(let a), .object(let b)):
            return a.count == b.count
                && a.allSatisfy { key, value in b[key].map { value.isEquivalent(to: $0) } ?? false }
        default: return self == other
        }
    }
}

extension FuzzChoices {
    /// `bytes` as canonical JSON with one of its numbers, chosen from the input, pushed to an edge
    /// (see ``JSONValue/replacingNumber(at:with:)``); `nil` when the bytes are not JSON or hold no
    /// number. Targets run every input a second time in this form.
    public mutating func numberAtAnEdge(in bytes: some Collection<UInt8>) -> [UInt8]? {
        guard let tree = try? JSONParser.parse(bytes), tree.numberCount > 0 else { return nil }
        let replaced = tree.replacingNumber(at: next(tree.numberCount), with: pick(JSONValue.extremeNumbers))
        return CanonicalJSON.encode(replaced)
    }
}

extension JSONValue {
    /// Numbers at the edges of what decoders and arithmetic handle: the ends of `Int64` and
    /// `UInt64`, zero and minus one, magnitudes a `Double` holds but an `Int` or a `Float` does not,
    /// the smallest subnormal, the first integer a `Double` cannot represent, and a `Decimal`'s
    /// largest.
    public static let extremeNumbers: [JSONValue] =
        [
            .integer(.max), .integer(.min), .integer(-1), .integer(0), .integer(1 << 53 + 1),
            .number(JSONNumber(UInt64.max)),
        ]
        + [1e300, -1e300, .leastNonzeroMagnitude, 3.5e38, -0.5, 9.3e18].map { .number(JSONNumber($0)!) }
        + [.number(JSONNumber(text: "79228162514264337593543950335")!)]

    /// This value with its `index`-th number (in document order) replaced by `replacement`.
    ///
    /// Coverage-guided mutation of JSON text rarely turns `21.5` into `1e300`; a target that also
    /// tries the input with one number pushed to an edge finds overflow and conversion traps in
    /// seconds instead of hours.
    public func replacingNumber(at index: Int, with replacement: JSONValue) -> JSONValue {
        var remaining = index
        return replacingNumber(&remaining, with: replacement)
    }

    /// This value with every negative zero made zero: what the canonical form, which writes both
    /// zeros as `0`, reads back as.
    public var withUnsignedZeros: JSONValue {
        switch self {
        case .number(let number) where number.canonicalText == "0": .number(JSONNumber(Int64(0)))
        case .array(let values): .array(values.map(\.withUnsignedZeros))
        case .object(let members): .object(members.mapValues(\.withUnsignedZeros))
        default: self
        }
    }

    /// How many numbers the value holds.
    public var numberCount: Int {
        switch self {
        case .number: 1
        case .array(let values): values.reduce(0) { $0 + $1.numberCount }
        case .object(let members): members.values.reduce(0) { $0 + $1.numberCount }
        default: 0
        }
    }

    private func replacingNumber(_ remaining: inout Int, with replacement: JSONValue) -> JSONValue {
        switch self {
        case .number:
            remaining -= 1
            return remaining == -1 ? replacement : self
        case .array(let values):
            return .array(values.map { $0.replacingNumber(&remaining, with: replacement) })
        case .object(let members):
            var result: [String: JSONValue] = [:]
            for key in members.keys.sorted() {
                result[key] = members[key]!.replacingNumber(&remaining, with: replacement)
            }
            return .object(result)
        default:
            return self
        }
    }
}

extension String {
    /// Whether the text has a control character other than a line feed: text a command prints for
    /// people must not carry one from a file (see the CLI's `TerminalText`).
    public var hasControlCharactersBesidesLineFeeds: Bool {
        unicodeScalars.contains { $0 != "\n" && $0.properties.generalCategory == .control }
    }
}
