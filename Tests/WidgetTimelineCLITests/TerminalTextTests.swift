import Testing

@testable import WidgetTimelineCLI

@Suite("Control characters in output")
struct TerminalTextTests {
    @Test("escapes exactly the scalars of general category Cc, over all of Unicode")
    func escapesExactlyTheControlCategory() {
        var mismatches: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(scalar)
            let escaped = TerminalText.line(text) != text
            if escaped != (scalar.properties.generalCategory == .control) { mismatches.append(value) }
        }
        #expect(mismatches.isEmpty, "differ at \(mismatches.prefix(10).map { String($0, radix: 16) })")
    }
}
