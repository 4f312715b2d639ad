import Foundation

/// The read path's decoder: decodes straight from a ``JSONTape`` with the conventions of
/// ``JSONCoding/decoder()``. On a snapshot envelope the strict check and the decode together take
/// about 45,000 instructions, where `JSONDecoder` alone took about 98,000 and the check 25,000.
///
/// It never decides anything `JSONDecoder` might decide differently. Whatever it does not handle
/// exactly as Foundation does — a value of the wrong type, a number that does not fit or a zero
/// written with other digits, an instant that does not parse, `Data`, `URL` and `Decimal` (which
/// Foundation decodes its own way), a super decoder — ends the attempt with
/// ``Outcome/handedBack``, and the caller decodes with Foundation, which then succeeds or explains.
/// Tests and the `json-parser` fuzz target compare the two decoders.
final class JSONTapeDecoder: Decoder {
    /// What an attempt came to.
    enum Outcome<Value> {
        case decoded(Value)
        /// Not one strict JSON document (``JSONParser`` says where and why).
        case notStrictJSON
        /// Strict JSON this decoder hands back to `JSONDecoder`.
        case handedBack
    }

    /// Decodes `type` from `bytes`, or says why it did not.
    static func decode<T: Decodable>(_ type: T.Type, from bytes: UnsafeBufferPointer<UInt8>) -> Outcome<T> {
        guard let tape = JSONTape(bytes) else { return .notStrictJSON }
        let decoder = JSONTapeDecoder(tokens: tape.tokens, bytes: bytes)
        do {
            let value = try decoder.value(type, at: 0, key: nil, depth: 0)
            // A type that caught a hand-back (`try?` around a decode, as `JSONValue` does) may have
            // gone another way than it would with Foundation: Foundation decides.
            return decoder.handedBack ? .handedBack : .decoded(value)
        } catch {
            return .handedBack
        }
    }

    /// The attempt ended: Foundation's decoder decides this document.
    struct HandBack: Error {}

    /// The element of a compact array being decoded (see ``JSONTape/compactArrayMinimum``), at
    /// index ``scratchIndex``, one past the tape: such elements are scalars, so one slot is enough.
    private var scratch = JSONToken(kind: .null)
    var scratchIndex: Int { tokens.count }

    /// The token at `index`: on the tape, or the compact array element being decoded.
    func token(_ index: Int) -> JSONToken { index < tokens.count ? tokens[index] : scratch }

    /// Makes the compact array element starting at byte `start` the scratch token, and returns the
    /// first byte of the element after it.
    func loadElement(at start: Int) throws -> Int {
        guard let (token, next) = JSONTape.element(at: start, in: bytes) else { throw handBack() }
        scratch = token
        return next
    }

    /// Whether any hand-back was thrown, caught or not.
    private var handedBack = false

    func handBack() -> HandBack {
        handedBack = true
        return HandBack()
    }

    let tokens: [JSONToken]
    let bytes: UnsafeBufferPointer<UInt8>
    /// The keys from the document's root to the value being decoded.
    private(set) var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    /// The token of the value a `T(from:)` now running decodes.
    private var position = 0

    private init(tokens: [JSONToken], bytes: UnsafeBufferPointer<UInt8>) {
        self.tokens = tokens
        self.bytes = bytes
        codingPath.reserveCapacity(8)
    }

    // MARK: Decoder

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard token(position).kind == .object else { throw handBack() }
        return KeyedDecodingContainer(
            KeyedContainer<Key>(decoder: self, object: position, depth: codingPath.count))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard token(position).kind == .array else { throw handBack() }
        return UnkeyedContainer(decoder: self, array: position, depth: codingPath.count)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueContainer(decoder: self, token: position, depth: codingPath.count)
    }

    // MARK: Values

    /// The value at token `index`, reached through `key` (nil at the root or from a single-value
    /// container) from a container whose path is the decoder's first `depth` keys and `tail`.
    func value<T: Decodable>(
        _ type: T.Type, at index: Int, key: (any CodingKey)?, depth: Int, tail: [any CodingKey] = []
    ) throws -> T {
        if T.self == String.self { return unsafeBitCast(try string(at: index), to: T.self) }
        if T.self == Date.self { return unsafeBitCast(try date(at: index), to: T.self) }
        if T.self == Int.self { return unsafeBitCast(try integer(Int.self, at: index), to: T.self) }
        if T.self == Double.self { return unsafeBitCast(try double(at: index), to: T.self) }
        if T.self == Bool.self { return unsafeBitCast(try bool(at: index), to: T.self) }
        // Foundation decodes these its own way (base64, URL text, decimal text).
        if T.self == Data.self || T.self == URL.self || T.self == Decimal.self { throw handBack() }
        // An array is built at its final size: what `Array.init(from:)` does, without growing a
        // megabyte snapshot's 40,000 instants by doubling.
        if token(index).kind == .array, let arrayType = T.self as? any TapeDecodableArray.Type {
            return try arrayType.init(tapeArrayAt: index, key: key, depth: depth, tail: tail, in: self) as! T
        }
        // A container in use sits at the top of the path. One kept and used later does not: its
        // own path stands in for the deeper one during this value (or, if it outlived its
        // value's decoding, Foundation decides).
        guard codingPath.count >= depth else { throw handBack() }
        let savedPosition = position
        let savedPath: [any CodingKey]? = codingPath.count == depth ? nil : codingPath
        if savedPath != nil { codingPath.removeSubrange(depth...) }
        position = index
        codingPath.append(contentsOf: tail)
        if let key { codingPath.append(key) }
        defer {
            position = savedPosition
            if let savedPath { codingPath = savedPath } else { codingPath.removeSubrange(depth...) }
        }
        return try T(from: self)
    }

    func isNull(at index: Int) -> Bool { token(index).kind == .null }

    func string(at index: Int) throws -> String {
        let token = token(index)
        guard token.kind == .string else { throw handBack() }
        return JSONTape.string(of: token, in: bytes)
    }

    func bool(at index: Int) throws -> Bool {
        switch token(index).kind {
        case .trueLiteral: return true
        case .falseLiteral: return false
        default: throw handBack()
        }
    }

    /// A whole number written as one (`12`, `-3`) that fits `T`; anything else Foundation decides.
    func integer<T: FixedWidthInteger>(_ type: T.Type, at index: Int) throws -> T {
        let token = token(index)
        guard token.kind == .number, token.isPlain else { throw handBack() }
        var cursor = token.start
        let end = token.end
        let negative = bytes[cursor] == UInt8(ascii: "-")
        if negative {
            guard T.isSigned else { throw handBack() }
            cursor += 1
        }
        // Accumulate toward the sign so that T.min is reachable.
        var value: T = 0
        while cursor < end {
            let digit = T(bytes[cursor] &- UInt8(ascii: "0"))
            let (shifted, overflowed) = value.multipliedReportingOverflow(by: 10)
            let (next, overflowedAgain) =
                negative
                ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            guard !overflowed, !overflowedAgain else { throw handBack() }
            value = next
            cursor += 1
        }
        return value
    }

    func double(at index: Int) throws -> Double {
        let text = try numberText(at: index)
        return try representable(Double(text), text)
    }

    func float(at index: Int) throws -> Float {
        let text = try numberText(at: index)
        let number = try representable(Float(text), text)
        // Either way of rounding to a Float gives this value when they agree; when they do not,
        // Foundation's choice is the one that counts.
        guard let wide = Double(text), Float(wide) == number else { throw handBack() }
        return number
    }

    /// A number the type can hold: not infinite, and not zero written with any other digit.
    /// Foundation refuses `1e-400` (which rounds to zero) and, oddly, `0e5`, while it reads
    /// `0e-5` and `-0e5`; every zero but a plain one is left to it.
    private func representable<F: BinaryFloatingPoint>(_ number: F?, _ text: String) throws -> F {
        guard let number, number.isFinite else { throw handBack() }
        if number == 0, text.utf8.contains(where: { (UInt8(ascii: "1")...UInt8(ascii: "9")).contains($0) }) {
            throw handBack()
        }
        return number
    }

    private func numberText(at index: Int) throws -> String {
        let token = token(index)
        guard token.kind == .number else { throw handBack() }
        return String(
            decoding: UnsafeBufferPointer(rebasing: bytes[token.start..<token.end]), as: UTF8.self)
    }

    /// An instant as ``JSONCoding/decoder()`` reads one: RFC 3339 text with an offset.
    func date(at index: Int) throws -> Date {
        let token = token(index)
        guard token.kind == .string else { throw handBack() }
        let date =
            token.hasEscapes
            ? Instant.parse(JSONTape.string(of: token, in: bytes))
            : Instant.parse(utf8: JSONTape.rawText(of: token, in: bytes))
        guard let date else { throw handBack() }
        return date
    }

    /// The path of a container made when the path was `depth` keys long, plus the keys of the
    /// containers it is nested in by `nestedContainer` (`tail`).
    func codingPath(depth: Int, tail: [any CodingKey]) -> [any CodingKey] {
        Array(codingPath.prefix(depth)) + tail
    }
}

// MARK: - Arrays

/// An array the tape decoder builds itself.
protocol TapeDecodableArray {
    init(
        tapeArrayAt index: Int, key: (any CodingKey)?, depth: Int, tail: [any CodingKey],
        in decoder: JSONTapeDecoder) throws
}

extension Array: TapeDecodableArray where Element: Decodable {
    init(
        tapeArrayAt index: Int, key: (any CodingKey)?, depth: Int, tail: [any CodingKey],
        in decoder: JSONTapeDecoder
    ) throws {
        let array = decoder.token(index)
        guard array.kind == .array else { throw decoder.handBack() }
        self.init()
        reserveCapacity(array.count)
        var path = tail
        if let key { path.append(key) }
        if array.isCompact {
            var start = array.firstElementByte
            for position in 0..<array.count {
                start = try decoder.loadElement(at: start)
                append(
                    try decoder.value(
                        Element.self, at: decoder.scratchIndex, key: ElementKey(position), depth: depth,
                        tail: path))
            }
            return
        }
        var element = index + 1
        for position in 0..<array.count {
            append(
                try decoder.value(
                    Element.self, at: element, key: ElementKey(position), depth: depth, tail: path))
            element = decoder.tokens.after(element)
        }

    }
}

/// An array element's place in a coding path, named as Foundation names it; its text is only
/// made when asked for.
struct ElementKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }

    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

// MARK: - Containers

extension JSONTapeDecoder {

    private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let decoder: JSONTapeDecoder
        let object: Int
        let depth: Int
        let tail: [any CodingKey]
        /// For large objects (a dictionary's members, say), the value token of each name.
        private let index: [String: Int]?

        init(decoder: JSONTapeDecoder, object: Int, depth: Int, tail: [any CodingKey] = []) {
            self.decoder = decoder
            self.object = object
            self.depth = depth
            self.tail = tail
            if decoder.tokens[object].count > 12 {
                var index: [String: Int] = [:]
                var cursor = object + 1
                while cursor < decoder.tokens[object].containerEnd {
                    index[JSONTape.string(of: decoder.tokens[cursor], in: decoder.bytes)] = cursor + 1
                    cursor = decoder.tokens.after(cursor + 1)
                }
                self.index = index
            } else {
                self.index = nil
            }
        }

        var codingPath: [any CodingKey] { decoder.codingPath(depth: depth, tail: tail) }

        var allKeys: [Key] {
            var keys: [Key] = []
            var cursor = object + 1
            while cursor < decoder.tokens[object].containerEnd {
                if let key = Key(stringValue: JSONTape.string(of: decoder.tokens[cursor], in: decoder.bytes))
                {
                    keys.append(key)
                }
                cursor = decoder.tokens.after(cursor + 1)
            }
            return keys
        }

        /// The value token of the member named `key`, comparing names as Swift strings do (plain
        /// ASCII names as bytes).
        private func valueToken(for key: Key) -> Int? {
            var name = key.stringValue
            if let index { return index[name] }
            return name.withUTF8 { wanted in
                let wantedIsASCII = wanted.allSatisfy { $0 < 0x80 }
                let tokens = decoder.tokens
                var cursor = object + 1
                let end = tokens[object].containerEnd
                while cursor < end {
                    let token = tokens[cursor]
                    if wantedIsASCII && token.isPlain {
                        let raw = JSONTape.rawText(of: token, in: decoder.bytes)
                        if raw.count == wanted.count,
                            raw.count == 0 || memcmp(raw.baseAddress!, wanted.baseAddress!, raw.count) == 0
                        {
                            return cursor + 1
                        }
                    } else if JSONTape.string(of: token, in: decoder.bytes)
                        == String(decoding: wanted, as: UTF8.self)
                    {
                        return cursor + 1
                    }
                    cursor = tokens.after(cursor + 1)
                }
                return nil
            }
        }

        private func member(_ key: Key) throws -> Int {
            guard let token = valueToken(for: key) else { throw decoder.handBack() }
            return token
        }

        func contains(_ key: Key) -> Bool { valueToken(for: key) != nil }
        func decodeNil(forKey key: Key) throws -> Bool { decoder.isNull(at: try member(key)) }
        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decoder.bool(at: member(key)) }
        func decode(_ type: String.Type, forKey key: Key) throws -> String {
            try decoder.string(at: member(key))
        }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
            try decoder.double(at: member(key))
        }
        func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
            try decoder.float(at: member(key))
        }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
            try decoder.integer(type, at: member(key))
        }
        func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
            try decoder.integer(type, at: member(key))
        }
        func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
            try decoder.integer(type, at: member(key))
        }
        func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
            try decoder.integer(type, at: member(key))
        }
        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
            try decoder.integer(type, at: member(key))
        }
        func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
            try decoder.integer(type, at: member(key))
        }
        func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
            try decoder.integer(type, at: member(key))
        }
        func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
            try decoder.integer(type, at: member(key))
        }
        func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
            try decoder.integer(type, at: member(key))
        }
        func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
            try decoder.integer(type, at: member(key))
        }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            try decoder.value(type, at: member(key), key: key, depth: depth, tail: tail)
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
            -> KeyedDecodingContainer<NestedKey>
        {
            let token = try member(key)
            guard decoder.token(token).kind == .object else { throw decoder.handBack() }
            return KeyedDecodingContainer(
                KeyedContainer<NestedKey>(decoder: decoder, object: token, depth: depth, tail: tail + [key]))
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            let token = try member(key)
            guard decoder.token(token).kind == .array else { throw decoder.handBack() }
            return UnkeyedContainer(decoder: decoder, array: token, depth: depth, tail: tail + [key])
        }

        func superDecoder() throws -> any Decoder { throw decoder.handBack() }
        func superDecoder(forKey key: Key) throws -> any Decoder { throw decoder.handBack() }
    }

    private struct UnkeyedContainer: UnkeyedDecodingContainer {
        let decoder: JSONTapeDecoder
        let depth: Int
        let tail: [any CodingKey]
        let count: Int?
        private(set) var currentIndex = 0
        /// The token of the next element; for a compact array, its first byte.
        private var cursor: Int
        private let isCompact: Bool

        init(decoder: JSONTapeDecoder, array: Int, depth: Int, tail: [any CodingKey] = []) {
            self.decoder = decoder
            self.depth = depth
            self.tail = tail
            let token = decoder.token(array)
            self.count = token.count
            self.isCompact = token.isCompact
            self.cursor = token.isCompact ? token.firstElementByte : array + 1
        }

        var codingPath: [any CodingKey] { decoder.codingPath(depth: depth, tail: tail) }
        var isAtEnd: Bool { currentIndex >= count! }

        /// The next element's token; the container moves past it only if `read` succeeds.
        private mutating func next<T>(_ read: (JSONTapeDecoder, Int) throws -> T) throws -> T {
            guard !isAtEnd else { throw decoder.handBack() }
            if isCompact {
                let following = try decoder.loadElement(at: cursor)
                let value = try read(decoder, decoder.scratchIndex)
                cursor = following
                currentIndex += 1
                return value
            }
            let value = try read(decoder, cursor)
            cursor = decoder.tokens.after(cursor)
            currentIndex += 1
            return value
        }

        mutating func decodeNil() throws -> Bool {
            guard !isAtEnd else { throw decoder.handBack() }
            let following = isCompact ? try decoder.loadElement(at: cursor) : cursor + 1
            guard decoder.isNull(at: isCompact ? decoder.scratchIndex : cursor) else { return false }
            cursor = following
            currentIndex += 1
            return true
        }

        mutating func decode(_ type: Bool.Type) throws -> Bool { try next { try $0.bool(at: $1) } }
        mutating func decode(_ type: String.Type) throws -> String { try next { try $0.string(at: $1) } }
        mutating func decode(_ type: Double.Type) throws -> Double { try next { try $0.double(at: $1) } }
        mutating func decode(_ type: Float.Type) throws -> Float { try next { try $0.float(at: $1) } }
        mutating func decode(_ type: Int.Type) throws -> Int { try next { try $0.integer(type, at: $1) } }
        mutating func decode(_ type: Int8.Type) throws -> Int8 { try next { try $0.integer(type, at: $1) } }
        mutating func decode(_ type: Int16.Type) throws -> Int16 { try next { try $0.integer(type, at: $1) } }
        mutating func decode(_ type: Int32.Type) throws -> Int32 { try next { try $0.integer(type, at: $1) } }
        mutating func decode(_ type: Int64.Type) throws -> Int64 { try next { try $0.integer(type, at: $1) } }
        mutating func decode(_ type: UInt.Type) throws -> UInt { try next { try $0.integer(type, at: $1) } }
        mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next { try $0.integer(type, at: $1) } }
        mutating func decode(_ type: UInt16.Type) throws -> UInt16 {
            try next { try $0.integer(type, at: $1) }
        }
        mutating func decode(_ type: UInt32.Type) throws -> UInt32 {
            try next { try $0.integer(type, at: $1) }
        }
        mutating func decode(_ type: UInt64.Type) throws -> UInt64 {
            try next { try $0.integer(type, at: $1) }
        }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            let (key, depth, tail) = (ElementKey(currentIndex), depth, tail)
            return try next { try $0.value(type, at: $1, key: key, depth: depth, tail: tail) }
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
            -> KeyedDecodingContainer<NestedKey>
        {
            let (depth, tail) = (depth, tail + [ElementKey(currentIndex)])
            return try next { decoder, token in
                guard decoder.token(token).kind == .object else { throw decoder.handBack() }
                return KeyedDecodingContainer(
                    KeyedContainer<NestedKey>(decoder: decoder, object: token, depth: depth, tail: tail))
            }
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            let (depth, tail) = (depth, tail + [ElementKey(currentIndex)])
            return try next { decoder, token in
                guard decoder.token(token).kind == .array else { throw decoder.handBack() }
                return UnkeyedContainer(decoder: decoder, array: token, depth: depth, tail: tail)
            }
        }

        mutating func superDecoder() throws -> any Decoder { throw decoder.handBack() }
    }

    private struct SingleValueContainer: SingleValueDecodingContainer {
        let decoder: JSONTapeDecoder
        let token: Int
        let depth: Int

        var codingPath: [any CodingKey] { decoder.codingPath(depth: depth, tail: []) }

        func decodeNil() -> Bool { decoder.isNull(at: token) }
        func decode(_ type: Bool.Type) throws -> Bool { try decoder.bool(at: token) }
        func decode(_ type: String.Type) throws -> String { try decoder.string(at: token) }
        func decode(_ type: Double.Type) throws -> Double { try decoder.double(at: token) }
        func decode(_ type: Float.Type) throws -> Float { try decoder.float(at: token) }
        func decode(_ type: Int.Type) throws -> Int { try decoder.integer(type, at: token) }
        func decode(_ type: Int8.Type) throws -> Int8 { try decoder.integer(type, at: token) }
        func decode(_ type: Int16.Type) throws -> Int16 { try decoder.integer(type, at: token) }
        func decode(_ type: Int32.Type) throws -> Int32 { try decoder.integer(type, at: token) }
        func decode(_ type: Int64.Type) throws -> Int64 { try decoder.integer(type, at: token) }
        func decode(_ type: UInt.Type) throws -> UInt { try decoder.integer(type, at: token) }
        func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.integer(type, at: token) }
        func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.integer(type, at: token) }
        func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.integer(type, at: token) }
        func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.integer(type, at: token) }
        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            try decoder.value(type, at: token, key: nil, depth: depth)
        }
    }
}
