#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

/// A WidgetKit push token, held as the lowercase hexadecimal text APNs takes in a request's path.
///
/// WidgetKit issues the token as bytes (`WidgetPushInfo.token: Data`,
/// https://developer.apple.com/documentation/widgetkit/widgetpushinfo/token); APNs addresses a
/// device as `/3/device/<device_token>`, "the hexadecimal bytes that identify the user's device"
/// (https://developer.apple.com/documentation/usernotifications/sending-notification-requests-to-apns).
/// Apple also says "don't make assumptions about device token size", so any whole number of bytes
/// is accepted. Upper-case digits are read and written lower-case, so one token has one form.
public struct PushToken: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The token's bytes as lowercase hexadecimal digits, two per byte.
    public let hex: String

    /// A token from its hexadecimal text.
    ///
    /// - Parameter hex: the digits, upper- or lower-case, with nothing around them.
    /// - Throws: ``PushRegistrationError/emptyToken``,
    ///   ``PushRegistrationError/tokenNotHexadecimal(found:offset:)`` or
    ///   ``PushRegistrationError/tokenOddLength(digits:)``.
    public init(hex: String) throws(PushRegistrationError) {
        guard !hex.isEmpty else { throw .emptyToken }
        for (offset, character) in hex.enumerated() where !character.isHexDigit || !character.isASCII {
            throw .tokenNotHexadecimal(found: String(character), offset: offset)
        }
        guard hex.utf8.count % 2 == 0 else { throw .tokenOddLength(digits: hex.utf8.count) }
        self.hex = hex.lowercased()
    }

    /// A token from the bytes WidgetKit hands the app.
    ///
    /// - Parameter bytes: `WidgetPushInfo.token` (or `ControlPushInfo.token` for a control).
    /// - Throws: ``PushRegistrationError/emptyToken`` when there are no bytes.
    public init(bytes: some Sequence<UInt8>) throws(PushRegistrationError) {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        guard !text.isEmpty else { throw .emptyToken }
        hex = String(decoding: text, as: UTF8.self)
    }

    /// The token's bytes.
    public var bytes: [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(hex.utf8.count / 2)
        var high: UInt8?
        for digit in hex.utf8 {
            let value =
                digit <= UInt8(ascii: "9") ? digit - UInt8(ascii: "0") : digit - UInt8(ascii: "a") + 10
            if let first = high {
                result.append(first << 4 | value)
                high = nil
            } else {
                high = value
            }
        }
        return result
    }

    public var description: String { hex }

    public static func < (lhs: PushToken, rhs: PushToken) -> Bool { lhs.hex < rhs.hex }

    /// Reads the hexadecimal text; a token that is not valid fails with the reason.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        do {
            try self.init(hex: container.decode(String.self))
        } catch let error as PushRegistrationError {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hex)
    }
}
