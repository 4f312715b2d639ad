#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

extension String {
    /// Text made by the C library's `printf` formatting, as `String(format:)` makes it: `"%.1f"`
    /// rounds as `printf` does, exactly.
    ///
    /// `String(format:)` is in the whole Foundation only, which the package's modules do not link
    /// where `FoundationEssentials` exists (Linux).
    package init(cFormat format: String, _ arguments: any CVarArg...) {
        let first = Self.printed(format, arguments, capacity: 64)
        self =
            first.needed < 64 ? first.text : Self.printed(format, arguments, capacity: first.needed + 1).text
    }

    /// `vsnprintf` into a buffer of `capacity` bytes: the text that fit, and the length it needed.
    private static func printed(_ format: String, _ arguments: [any CVarArg], capacity: Int) -> (
        text: String, needed: Int
    ) {
        withVaList(arguments) { list in
            var buffer = [CChar](repeating: 0, count: capacity)
            let needed = Int(vsnprintf(&buffer, capacity, format, list))
            let length = Swift.max(0, Swift.min(needed, capacity - 1))
            return (String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self), needed)
        }
    }
}
