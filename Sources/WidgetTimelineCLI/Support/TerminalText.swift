#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Text from files and arguments, made safe to print: a control character in a payload, a key or
/// an argument must not start a new line of an error, rewrite the table a person reads, or drive
/// the terminal (`ESC [2J`). Control characters are written as escapes such as `\n` and `\u{1B}`;
/// those from U+007F to U+009F as JSON writes them (`\u007f`), since JSON leaves them unescaped
/// and only JSON's own escape keeps `--format json` output JSON (the others never reach output raw
/// in JSON, which escapes them itself).
enum TerminalText {
    /// `text` for one line: every control character escaped, line breaks included.
    static func line(_ text: String) -> String { escaping(text, keeping: []) }

    /// `text` with every control character escaped except those in `kept`.
    static func escaping(_ text: String, keeping kept: Set<Unicode.Scalar>) -> String {
        // The control characters (general category Cc) are exactly U+0000–U+001F and
        // U+007F–U+009F, a set Unicode's stability policy fixes; testing the ranges spares every
        // line of output a lookup in the Unicode property tables.
        func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
            (scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)) && !kept.contains(scalar)
        }
        guard text.unicodeScalars.contains(where: isEscaped) else { return text }
        var escaped = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isEscaped(scalar), scalar.value >= 0x7F {
                let hex = String(scalar.value, radix: 16)
                escaped.append(
                    contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
            } else if isEscaped(scalar) {
                escaped.append(contentsOf: scalar.escaped(asASCII: true).unicodeScalars)
            } else {
                escaped.append(scalar)
            }
        }
        return String(escaped)
    }
}

/// A sink that escapes control characters before passing text on, keeping the ones its stream
/// uses for layout: standard output keeps tab, line feed and carriage return (JSON whitespace, so
/// `store read --format json` still prints the envelope byte for byte); standard error keeps only
/// line feeds between messages.
final class ControlCharacterEscapingSink: TextSink {
    private let base: any TextSink
    private let kept: Set<Unicode.Scalar>

    init(_ base: any TextSink, keeping kept: Set<Unicode.Scalar>) {
        self.base = base
        self.kept = kept
    }

    func write(_ text: String) { base.write(TerminalText.escaping(text, keeping: kept)) }

    var failure: POSIXErrorCode? { base.failure }
}
