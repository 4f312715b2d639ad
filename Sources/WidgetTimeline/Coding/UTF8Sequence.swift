/// One well-formed UTF-8 sequence of two to four bytes: no overlong form, no surrogate, nothing
/// beyond U+10FFFF. Shared by the strict parser and the tape, which must agree byte for byte.
enum UTF8Sequence {
    /// The scalar starting at `index` and its length in bytes, or `nil` when the bytes there are
    /// not one well-formed multi-byte sequence.
    static func scalar(at index: Int, in bytes: some RandomAccessCollection<UInt8>) -> (
        scalar: Unicode.Scalar, length: Int
    )? {
        let start = bytes.index(bytes.startIndex, offsetBy: index)
        let lead = bytes[start]
        let length: Int
        var value: UInt32
        switch lead {
        case 0xC2...0xDF:
            length = 2
            value = UInt32(lead & 0x1F)
        case 0xE0...0xEF:
            length = 3
            value = UInt32(lead & 0x0F)
        case 0xF0...0xF4:
            length = 4
            value = UInt32(lead & 0x07)
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        for offset in 1..<length {
            let byte = bytes[bytes.index(start, offsetBy: offset)]
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }
}
