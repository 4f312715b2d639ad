public import Foundation
public import WidgetTimeline

/// Seeded random values of the package's types, for property tests: the same seed always gives
/// the same values, so a failure found with one seed is reproduced by that seed alone.
///
/// Values cover the edges a file from another app version or language can carry — instants in
/// years 0001–9998 at millisecond precision, text with control characters, quotes, combining marks
/// and emoji, numbers at the limits of their types — but only values the package itself accepts,
/// so `decode(encode(x)) == x` is the property to expect. Apps use it for their own payloads:
///
/// ```swift
/// PropertyCheck.roundTrip(MyPayload.self) { values in
///     MyPayload(title: values.text(), due: values.instant())
/// }
/// ```
public struct ValueGenerator: RandomNumberGenerator {
    /// The seed this generator started from.
    public let seed: UInt64
    private var random: SplitMix64

    public init(seed: UInt64) {
        self.seed = seed
        random = SplitMix64(seed: seed)
    }

    // MARK: - Building blocks

    /// A raw 64-bit value.
    public mutating func next() -> UInt64 { random.next() }

    /// An integer in `range`, with its bounds more likely than chance (edges are where bugs are).
    public mutating func int(in range: ClosedRange<Int> = Int.min...Int.max) -> Int {
        switch random.next() % 8 {
        case 0: return range.lowerBound
        case 1: return range.upperBound
        default: return Int.random(in: range, using: &random)
        }
    }

    public mutating func bool() -> Bool { random.next() & 1 == 1 }

    /// One of `elements`, which must not be empty.
    public mutating func element<Element>(of elements: [Element]) -> Element {
        elements[Int(random.next() % UInt64(elements.count))]
    }

    /// `nil` one time in four, otherwise a value.
    public mutating func optional<Value>(_ make: (inout ValueGenerator) -> Value) -> Value? {
        random.next() % 4 == 0 ? nil : make(&self)
    }

    /// An array of `count` values.
    public mutating func array<Value>(
        count: ClosedRange<Int> = 0...8, _ make: (inout ValueGenerator) -> Value
    ) -> [Value] {
        (0..<Int.random(in: count, using: &random)).map { _ in make(&self) }
    }

    /// A finite `Double` in `range`: whole numbers, fractions, both zeros, tiny and huge magnitudes.
    public mutating func double(in range: ClosedRange<Double> = -1e300...1e300) -> Double {
        let value: Double
        switch random.next() % 7 {
        case 0: value = Double(Int.random(in: -1000...1000, using: &random))
        case 1: value = Double.random(in: -1...1, using: &random) * 1e-300
        case 2: value = Double(bitPattern: random.next())
        case 3: value = bool() ? 0.0 : -0.0
        default: value = Double.random(in: -1e6...1e6, using: &random)
        }
        guard value.isFinite, range.contains(value) else { return Double.random(in: range, using: &random) }
        return value
    }

    /// A finite `Float`, including subnormals, negative zero and the largest.
    public mutating func float() -> Float {
        switch random.next() % 6 {
        case 0: return Float.greatestFiniteMagnitude * (bool() ? 1 : -1)
        case 1: return Float.leastNonzeroMagnitude
        case 2:
            let value = Float(bitPattern: UInt32(truncatingIfNeeded: random.next()))
            return value.isFinite ? value : 0.5
        case 3: return -0.0
        default: return Float.random(in: -100...100, using: &random)
        }
    }

    /// Text of up to `maximumLength` characters from ASCII, JSON's special characters, controls
    /// (NUL, ESC, DEL, C1), non-BMP emoji, combining marks, right-to-left text and separators.
    public mutating func text(maximumLength: Int = 24) -> String {
        let pieces: [String] = [
            "a", "Z", "0", " ", "-", ".", "/", "\\", "\"", "'", "\n", "\t", "\r", "\u{0}", "\u{1B}", "\u{7F}",
            "\u{85}", "\u{9B}", "é", "e\u{301}", "한", "😀", "👩‍👩‍👧", "\u{202E}", "\u{2028}", "\u{FEFF}",
            "\u{FFFF}",
            "𝄞", "{", "}", "[", "]", ":", ",", "%", "&", "?", "#",
        ]
        let count = Int.random(in: 0...maximumLength, using: &random)
        return (0..<count).map { _ in element(of: pieces) }.joined()
    }

    // MARK: - Time

    /// An instant at millisecond precision (as every file stores them) in years 0001–9998, so it
    /// has an ISO-8601 form with any offset; mostly near 2026, sometimes anywhere.
    public mutating func instant() -> Date {
        let milliseconds: Int64
        switch random.next() % 4 {
        case 0: milliseconds = Int64.random(in: -62_135_596_800_000...253_370_764_799_999, using: &random)
        default: milliseconds = Int64.random(in: 1_700_000_000_000...1_900_000_000_000, using: &random)
        }
        return Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    /// A day start, sometimes midnight.
    public mutating func dayStart() -> DayStart {
        bool() ? .midnight : DayStart(hour: int(in: 0...23), minute: int(in: 0...59))!
    }

    /// A time zone with an awkward history: skipped midnights, 30- and 45-minute offsets, a
    /// skipped date, ±14 h.
    public mutating func timeZone() -> TimeZone {
        TimeZone(
            identifier: element(of: [
                "UTC", "Asia/Seoul", "America/Havana", "America/Santiago", "Australia/Lord_Howe",
                "Pacific/Apia",
                "Asia/Kathmandu", "America/St_Johns", "Pacific/Kiritimati", "Etc/GMT+12", "Europe/Berlin",
            ]))!
    }

    // MARK: - Snapshots and keys

    /// A valid key: the sanitised form of random text, with up to three scope components.
    public mutating func snapshotKey() -> SnapshotKey {
        SnapshotKey(
            purpose: text(maximumLength: 12), scope: array(count: 0...3) { $0.text(maximumLength: 80) })
    }

    /// A JSON number: a `Double`, a whole number of up to 64 bits either sign, or — a quarter of the
    /// time — a number with more digits than a `Double` carries (`2^60 + 1`, up to a `Decimal`'s 38).
    public mutating func jsonNumber() -> JSONNumber {
        switch random.next() % 4 {
        case 0: return JSONNumber(double()) ?? .zero
        case 1: return JSONNumber(random.next())
        case 2: return JSONNumber(Int64(bitPattern: random.next()))
        default:
            let digits = (0..<Int.random(in: 17...37, using: &random)).map { _ in
                String(random.next() % 10)
            }.joined()
            let exponent = Int.random(in: -40...40, using: &random)
            return JSONNumber(text: (bool() ? "-" : "") + "1" + digits + "e" + String(exponent)) ?? .zero
        }
    }

    /// A fingerprint: usually a SHA-256, sometimes any text (hosts in other languages may differ).
    public mutating func fingerprint() -> ContentFingerprint {
        bool() ? ContentFingerprint(bytes: Array(text().utf8)) : ContentFingerprint(rawValue: text())
    }

    /// Any JSON value, nested up to `depth` levels.
    public mutating func jsonValue(depth: Int = 3) -> JSONValue {
        switch random.next() % (depth > 0 ? 7 : 5) {
        case 0: return .null
        case 1: return .bool(bool())
        case 2: return .integer(Int64(int(in: Int(Int64.min)...Int(Int64.max))))
        case 3: return .number(jsonNumber())
        case 4: return .string(text())
        case 5: return .array(array(count: 0...4) { $0.jsonValue(depth: depth - 1) })
        default:
            var members: [String: JSONValue] = [:]
            for _ in 0..<Int.random(in: 0...4, using: &random) {
                members[text(maximumLength: 8)] = jsonValue(depth: depth - 1)
            }
            return .object(members)
        }
    }

    /// A snapshot envelope around `payload`, with any schema, revision and instants.
    public mutating func snapshot<Payload>(payload: Payload) -> Snapshot<Payload> {
        Snapshot(
            schemaVersion: int(in: Int.min...Int.max), kind: text(), key: snapshotKey(),
            revision: int(in: 1...Int.max), generatedAt: instant(), observedAt: optional { $0.instant() },
            fingerprint: fingerprint(), payload: payload)
    }

    // MARK: - Timelines

    public mutating func unavailableReason() -> UnavailableReason {
        bool()
            ? element(of: [.expired, .snapshotCorrupted, .sourceFailed, .locationUnavailable])
            : UnavailableReason(text())
    }

    public mutating func dataStamp() -> DataStamp { DataStamp(revision: int(), observedAt: instant()) }

    public mutating func relevance() -> EntryRelevance {
        EntryRelevance(score: float(), duration: double(in: 0...1e9))
    }

    /// Any of the five display situations, with content from `content`.
    public mutating func widgetState<Content>(_ content: (inout ValueGenerator) -> Content) -> WidgetState<
        Content
    > {
        switch random.next() % 5 {
        case 0: return .noData
        case 1: return .unavailable(unavailableReason())
        case 2: return .fresh(content(&self), dataStamp())
        case 3: return .stale(content(&self), dataStamp())
        default: return .expired(content(&self), dataStamp())
        }
    }

    public mutating func reloadPolicy() -> ReloadPolicy {
        switch random.next() % 3 {
        case 0: return .atEnd
        case 1: return .never
        default: return .after(instant())
        }
    }

    /// A timeline with any entries (in any order: a timeline read from a file need not be valid).
    public mutating func timeline<State>(_ state: (inout ValueGenerator) -> State) -> PlannedTimeline<State> {
        PlannedTimeline(
            entries: array(count: 0...6) { values in
                PlannedEntry(
                    date: values.instant(), state: state(&values),
                    relevance: values.optional { $0.relevance() })
            },
            policy: reloadPolicy())
    }

    // MARK: - Policies and diagnostics

    /// A valid freshness policy: `0 < staleAfter <= expiresAfter`, `refreshAfter > 0`.
    public mutating func freshnessPolicy() -> FreshnessPolicy {
        let stale = double(in: 0.001...1e9)
        return FreshnessPolicy(
            staleAfter: stale, expiresAfter: stale + double(in: 0...1e9),
            expiredValue: bool() ? .shown : .hidden,
            refreshAfter: optional { $0.double(in: 0.001...1e9) })
    }

    public mutating func retryBackoff() -> RetryBackoff {
        let initial = double(in: 0...1e6)
        return RetryBackoff(
            initial: initial, multiplier: double(in: 1...16), maximum: initial + double(in: 0...1e6),
            jitter: double(in: 0...0.99))
    }

    public mutating func refreshJitter() -> RefreshJitter {
        RefreshJitter(maximum: double(in: 0...1e6), seed: next())
    }

    public mutating func loadFailure() -> LoadFailure {
        LoadFailure(reason: unavailableReason(), consecutiveFailures: int(in: 1...Int.max))
    }

    public mutating func freshness() -> Freshness { element(of: Freshness.allCases) }

    /// A diagnostic event with any subset of its fields.
    public mutating func diagnosticEvent() -> DiagnosticEvent {
        DiagnosticEvent(
            at: instant(), side: bool() ? .host : .widgetExtension,
            stage: element(of: DiagnosticEvent.Stage.allCases),
            key: optional { $0.snapshotKey() }, kind: optional { $0.text() }, revision: optional { $0.int() },
            schemaVersion: optional { $0.int() }, ageSeconds: optional { $0.int() },
            freshness: optional { $0.freshness() }, entryCount: optional { $0.int(in: 0...Int.max) },
            policy: optional { $0.text() }, reason: optional { $0.text() },
            reloadsInDay: optional { $0.int() })
    }

    public mutating func lintFinding() -> LintFinding {
        LintFinding(
            element(of: [.info, .warning, .error]), text(), text(maximumLength: 80),
            entry: optional { $0.int(in: 0...Int.max) })
    }
}
