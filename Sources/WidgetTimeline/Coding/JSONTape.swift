/// One strict pass over a JSON document that records where each value is, for
/// ``JSONTapeDecoder`` to decode from without parsing again.
///
/// It accepts exactly what ``JSONParser/validate(_:)`` accepts (tests and the `json-parser` fuzz
/// target compare the two), but says only *whether*: a document it refuses goes the slow way,
/// through the parser that explains where and why. That lets it skip what makes the parser slow on
/// the read path — optional byte access, a `Set<String>` of member names per object — and build
/// nothing but a flat array of tokens.
///
/// Layout: a value is one token; an array's token is followed by its elements' tokens, an object's
/// by its members' key and value tokens, alternately. A token's ``JSONToken/next`` is the index of
/// the token after the whole value, so a container is stepped over in one move.
struct JSONTape {
    /// Every value of the document, in document order.
    private(set) var tokens: [JSONToken] = []

    /// The tape of `bytes`, or `nil` when they are not one strict JSON document (or are too long
    /// for 32-bit offsets, which the store's size cap rules out anyway).
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count < Int(UInt32.max) else { return nil }
        // A token per eight bytes covers a snapshot of instants (some 23 bytes a token) and small
        // envelopes alike; a denser document grows the array as usual.
        tokens.reserveCapacity(bytes.count / 8 + 8)
        var scanner = Scanner(bytes: bytes)
        guard scanner.document(into: &tokens) else { return nil }
    }

    /// The fewest scalars an array must hold to stay off the tape. Short arrays (an envelope's few
    /// instants) are decoded faster from tokens; long ones would make the tape as large as the
    /// document.
    static let compactArrayMinimum = 64

    /// The element of a compact array that starts at byte `start` of a document the tape accepted,
    /// read again by the same scanner, and the first byte of the element after it (past whitespace
    /// and one comma).
    static func element(at start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (token: JSONToken, next: Int)?
    {
        var scanner = Scanner(bytes: bytes)
        scanner.index = start
        guard let token = scanner.scalar() else { return nil }
        scanner.skipWhitespace()
        if scanner.index < bytes.count, bytes[scanner.index] == UInt8(ascii: ",") { scanner.index += 1 }
        scanner.skipWhitespace()
        return (token, scanner.index)
    }

    /// The raw bytes of a string token (between its quotes, escapes not decoded).
    static func rawText(of token: JSONToken, in bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<
        UInt8
    > {
        UnsafeBufferPointer(rebasing: bytes[token.start..<token.end])
    }

    /// The text of a string token, escapes decoded. Escapes are rare in what the package writes;
    /// the strict parser decodes them, so there is one reading of `\u` sequences and surrogates.
    static func string(of token: JSONToken, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        let raw = rawText(of: token, in: bytes)
        guard token.hasEscapes,
            case .string(let text)? = try? JSONParser.parse(bytes[(token.start - 1)...token.end])
        else {
            // Without escapes the bytes are the text. (The parser accepts every string the tape
            // accepted, so an escaped one always takes the branch above.)
            return String(decoding: raw, as: UTF8.self)
        }
        return text
    }
}

/// Where one JSON value is in its document, in 12 bytes: a megabyte of JSON can hold some 100,000
/// values, and the tape is the decoder's largest allocation.
struct JSONToken {
    enum Kind: UInt8 {
        case null, trueLiteral, falseLiteral, number, string, array, object
    }

    var kind: Kind
    private var flags: UInt8 = 0
    /// Scalars: the first byte (for strings, the one after the opening quote). Containers: the
    /// number of elements or members.
    private var first: UInt32 = 0
    /// Scalars: one past the last byte (for strings, the closing quote). Containers: the index of
    /// the token after the whole container.
    private var last: UInt32 = 0

    init(kind: Kind) { self.kind = kind }

    /// A scalar from `start` to `end` in the document.
    init(kind: Kind, start: Int, end: Int, hasEscapes: Bool = false, isPlain: Bool = false) {
        self.kind = kind
        first = UInt32(truncatingIfNeeded: start)
        last = UInt32(truncatingIfNeeded: end)
        flags = (hasEscapes ? 1 : 0) | (isPlain ? 2 : 0)
    }

    var isContainer: Bool { kind == .array || kind == .object }
    /// Arrays: a long array of scalars whose elements are not on the tape (see
    /// ``JSONTape/compactArrayMinimum``); they are read from ``firstElementByte`` when decoded.
    var isCompact: Bool { flags & 4 != 0 }

    /// Compact arrays: the first byte of the first element.
    var firstElementByte: Int { Int(last) }

    /// Marks an array as compact: `count` scalars from byte `firstElement` on.
    mutating func makeCompact(count: Int, firstElement: Int) {
        self.count = count
        last = UInt32(truncatingIfNeeded: firstElement)
        flags |= 4
    }
    /// Strings: at least one escape.
    var hasEscapes: Bool { flags & 1 != 0 }
    /// Strings: no escape and only ASCII bytes, so equal to another such string exactly when the
    /// bytes are. Numbers: a whole number, written without a fraction or an exponent.
    var isPlain: Bool { flags & 2 != 0 }
    var start: Int { Int(first) }
    var end: Int { Int(last) }

    /// Arrays: elements. Objects: members.
    var count: Int {
        get { Int(first) }
        set { first = UInt32(truncatingIfNeeded: newValue) }
    }

    /// Containers: the index of the token after the whole container.
    var containerEnd: Int {
        get { Int(last) }
        set { last = UInt32(truncatingIfNeeded: newValue) }
    }
}

extension [JSONToken] {
    /// The index of the token after the whole value at `index`.
    func after(_ index: Int) -> Int {
        let token = self[index]
        return token.isContainer && !token.isCompact ? token.containerEnd : index + 1
    }
}

extension JSONTape {
    /// The checking scanner. Every rule mirrors one in ``JSONParser``; where the parser would
    /// throw, this returns `false`.
    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        var depth = 0

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        mutating func document(into tokens: inout [JSONToken]) -> Bool {
            let count = bytes.count
            if count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
            if count >= 2, (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE) {
                return false
            }
            if count >= 2, bytes[0] == 0 || bytes[1] == 0 { return false }
            skipWhitespace()
            guard value(into: &tokens) else { return false }
            skipWhitespace()
            return index == count
        }

        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x0A, 0x0D, 0x09: index += 1
                default: return
                }
            }
        }

        private mutating func value(into tokens: inout [JSONToken]) -> Bool {
            guard index < bytes.count else { return false }
            switch bytes[index] {
            case UInt8(ascii: "{"): return object(into: &tokens)
            case UInt8(ascii: "["): return array(into: &tokens)
            default:
                guard let token = scalar() else { return false }
                tokens.append(token)
                return true
            }
        }

        /// A string, number or literal, checked; `nil` when it is none of them or not valid.
        mutating func scalar() -> JSONToken? {
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "\""): return string()
            case UInt8(ascii: "t"): return literal("true", .trueLiteral)
            case UInt8(ascii: "f"): return literal("false", .falseLiteral)
            case UInt8(ascii: "n"): return literal("null", .null)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number()
            default: return nil
            }
        }

        private mutating func literal(_ word: StaticString, _ kind: JSONToken.Kind) -> JSONToken? {
            let length = word.utf8CodeUnitCount
            guard index + length <= bytes.count else { return nil }
            let matches = word.withUTF8Buffer { expected in
                (0..<length).allSatisfy { bytes[index + $0] == expected[$0] }
            }
            guard matches else { return nil }
            index += length
            return JSONToken(kind: kind, start: index - length, end: index)
        }

        /// What the elements of an array turned out to be, when read without tokens.
        private enum ScalarRun {
            /// Only scalars, this many; the array is closed.
            case scalars(Int)
            /// An object or an array among the elements.
            case containers
            case invalid
        }

        /// Reads an array's elements (the index at the first) as long as they are scalars,
        /// checking them and keeping no tokens.
        private mutating func scalarRun() -> ScalarRun {
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .scalars(0)
            }
            var elements = 0
            while true {
                skipWhitespace()
                guard index < bytes.count else { return .invalid }
                if bytes[index] == UInt8(ascii: "{") || bytes[index] == UInt8(ascii: "[") {
                    return .containers
                }
                guard scalar() != nil else { return .invalid }
                elements += 1
                skipWhitespace()
                guard index < bytes.count else { return .invalid }
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: "]") { return .scalars(elements) }
                guard byte == UInt8(ascii: ",") else { return .invalid }
            }
        }

        private mutating func array(into tokens: inout [JSONToken]) -> Bool {
            depth += 1
            guard depth <= JSONParser.maximumDepth else { return false }
            index += 1
            let position = tokens.count
            tokens.append(JSONToken(kind: .array))
            skipWhitespace()
            // A long array of scalars (a megabyte snapshot's 45,000 instants) stays off the tape:
            // its elements are read again, in order, when decoded. Anything else is read again
            // here, with tokens — at most twice the array's scalars in all.
            let firstElement = index
            switch scalarRun() {
            case .invalid: return false
            case .scalars(let count) where count >= JSONTape.compactArrayMinimum:
                depth -= 1
                tokens[position].makeCompact(count: count, firstElement: firstElement)
                return true
            case .scalars, .containers: index = firstElement
            }
            var elements = 0
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
            } else {
                while true {
                    skipWhitespace()
                    guard value(into: &tokens) else { return false }
                    elements += 1
                    skipWhitespace()
                    guard index < bytes.count else { return false }
                    let byte = bytes[index]
                    index += 1
                    if byte == UInt8(ascii: "]") { break }
                    guard byte == UInt8(ascii: ",") else { return false }
                }
            }
            depth -= 1
            tokens[position].count = elements
            tokens[position].containerEnd = tokens.count
            return true
        }

        private mutating func object(into tokens: inout [JSONToken]) -> Bool {
            depth += 1
            guard depth <= JSONParser.maximumDepth else { return false }
            index += 1
            let position = tokens.count
            tokens.append(JSONToken(kind: .object))
            var members = 0
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
            } else {
                while true {
                    skipWhitespace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let name = string() else {
                        return false
                    }
                    tokens.append(name)
                    skipWhitespace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return false }
                    index += 1
                    skipWhitespace()
                    guard value(into: &tokens) else { return false }
                    members += 1
                    skipWhitespace()
                    guard index < bytes.count else { return false }
                    let byte = bytes[index]
                    index += 1
                    if byte == UInt8(ascii: "}") { break }
                    guard byte == UInt8(ascii: ",") else { return false }
                }
            }
            depth -= 1
            tokens[position].count = members
            tokens[position].containerEnd = tokens.count
            return Self.namesAreDistinct(ofObjectAt: position, in: tokens, bytes: bytes)
        }

        /// No member name twice, with names compared as the parser compares them: as Swift
        /// strings, which are equal when canonically equivalent. Names that are plain ASCII without
        /// escapes (nearly all) are equal exactly when their bytes are, so they are compared as
        /// bytes; a few names pairwise, many through a set.
        static func namesAreDistinct(
            ofObjectAt position: Int, in tokens: [JSONToken], bytes: UnsafeBufferPointer<UInt8>
        )
            -> Bool
        {
            let memberCount = tokens[position].count
            guard memberCount > 1 else { return true }
            var names: [Int] = []
            names.reserveCapacity(memberCount)
            var cursor = position + 1
            var allPlainASCII = true
            while cursor < tokens[position].containerEnd {
                names.append(cursor)
                if !tokens[cursor].isPlain { allPlainASCII = false }
                cursor = tokens.after(cursor + 1)
            }
            if allPlainASCII, memberCount <= 16 {
                for later in 1..<names.count {
                    let laterText = JSONTape.rawText(of: tokens[names[later]], in: bytes)
                    for earlier in 0..<later
                    where JSONTape.rawText(of: tokens[names[earlier]], in: bytes).elementsEqual(laterText) {
                        return false
                    }
                }
                return true
            }
            var seen = Set<String>(minimumCapacity: memberCount)
            for name in names where !seen.insert(JSONTape.string(of: tokens[name], in: bytes)).inserted {
                return false
            }
            return true
        }

        /// A string token; the index moves past the closing quote.
        private mutating func string() -> JSONToken? {
            index += 1
            let start = index
            var hasEscapes = false
            var isASCII = true
            let count = bytes.count
            while index < count {
                // Eight plain bytes at a time: none below 0x20, above 0x7F, a quote or a backslash.
                while index + 8 <= count,
                    Self.isPlain(UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self))
                {
                    index += 8
                }
                guard index < count else { break }
                let byte = bytes[index]
                if byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
                    index += 1
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""):
                    let end = index
                    index += 1
                    return JSONToken(
                        kind: .string, start: start, end: end, hasEscapes: hasEscapes,
                        isPlain: !hasEscapes && isASCII)
                case UInt8(ascii: "\\"):
                    hasEscapes = true
                    index += 1
                    guard escape() else { return nil }
                case 0..<0x20: return nil
                default:
                    isASCII = false
                    guard multibyte() else { return nil }
                }
            }
            return nil
        }

        /// Whether none of eight bytes (in any order) ends or escapes a string or needs checking
        /// as UTF-8: the classic "has a zero byte" tests, exact as yes-or-no answers.
        private static func isPlain(_ word: UInt64) -> Bool {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            func hasZeroByte(_ value: UInt64) -> Bool { (value &- ones) & ~value & highs != 0 }
            let hasControl = (word &- 0x20 &* ones) & ~word & highs != 0
            return word & highs == 0 && !hasControl && !hasZeroByte(word ^ (0x22 &* ones))
                && !hasZeroByte(word ^ (0x5C &* ones))
        }

        private mutating func escape() -> Bool {
            guard index < bytes.count else { return false }
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                UInt8(ascii: "f"),
                UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                return true
            case UInt8(ascii: "u"):
                guard let unit = hex4() else { return false }
                if (0xD800..<0xDC00).contains(unit) {
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                        bytes[index + 1] == UInt8(ascii: "u")
                    else { return false }
                    index += 2
                    guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return false }
                    return true
                }
                return Unicode.Scalar(unit) != nil
            default: return false
            }
        }

        private mutating func hex4() -> UInt32? {
            guard index + 4 <= bytes.count else { return nil }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[index]
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
                default: return nil
                }
                value = value << 4 | digit
                index += 1
            }
            return value
        }

        /// One well-formed UTF-8 sequence of two to four bytes.
        private mutating func multibyte() -> Bool {
            guard let (_, length) = UTF8Sequence.scalar(at: index, in: bytes) else { return false }
            index += length
            return true
        }

        private mutating func number() -> JSONToken? {
            let start = index
            var isInteger = true
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { return nil }
            if bytes[index] == UInt8(ascii: "0") {
                index += 1
                if index < bytes.count, isDigit(bytes[index]) { return nil }
            } else {
                skipDigits()
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                isInteger = false
                index += 1
                guard skipDigits() > 0 else { return nil }
            }
            let hasExponent = index < bytes.count && (bytes[index] | 0x20) == UInt8(ascii: "e")
            if hasExponent {
                isInteger = false
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
                {
                    index += 1
                }
                guard skipDigits() > 0 else { return nil }
            }
            // As the parser: a number that could overflow a `Double` must not.
            if hasExponent || index - start >= 300 {
                let text = String(
                    decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                if !(isInteger && Int64(text) != nil) {
                    guard let number = Double(text), number.isFinite else { return nil }
                }
            }
            return JSONToken(kind: .number, start: start, end: index, isPlain: isInteger)
        }

        private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

        @discardableResult
        private mutating func skipDigits() -> Int {
            let start = index
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            return index - start
        }
    }
}
