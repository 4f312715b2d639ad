extension StringProtocol {
    /// The text without the spaces and tabs at either end: what `trimmingCharacters(in:
    /// .whitespaces)` gives, which is in the whole Foundation only (not linked where
    /// `FoundationEssentials` exists). Foundation's set is the space separators, the tab and the
    /// zero-width space, a space separator in early Unicode.
    package func trimmingSpaces() -> String {
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "\t" || scalar == "\u{200B}" || scalar.properties.generalCategory == .spaceSeparator
        }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
            let last = scalars.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
