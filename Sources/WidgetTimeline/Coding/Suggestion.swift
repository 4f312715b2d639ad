/// "Did you mean …?" for a mistyped command, option, value or file member: the known word closest to what was
/// typed, when it is close enough to be what was meant.
///
/// Close enough: a unique known word that starts with at least three typed characters
/// (`--dev` → `--devices`), or one within a small edit distance — one edit for short words, up to
/// three for long ones, where swapping two neighbouring letters is one edit (`stroe` → `store`).
/// Letter case is ignored.
package enum Suggestion {
    /// The candidate `typed` most likely meant, or `nil` when none is close.
    package static func closest(to typed: String, among candidates: [String]) -> String? {
        let word = typed.lowercased()
        guard !word.isEmpty else { return nil }
        let lowered = candidates.map { $0.lowercased() }
        if word.count >= 3 {
            let extensions = candidates.indices.filter { lowered[$0].hasPrefix(word) }
            if extensions.count == 1 { return candidates[extensions[0]] }
        }
        var best: (candidate: String, distance: Int)?
        for (candidate, lower) in zip(candidates, lowered) {
            let allowed = max(1, min(3, lower.count / 3))
            // Lengths further apart than that cannot be close; skipping them also keeps a huge
            // argument from costing more than a comparison of lengths.
            guard abs(word.count - lower.count) <= allowed else { continue }
            let distance = editDistance(Array(word), Array(lower))
            if distance <= allowed, distance < best?.distance ?? .max {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// `; did you mean 'x'?` for the closest candidate, or an empty string.
    package static func clause(for typed: String, among candidates: [String]) -> String {
        clause(naming: closest(to: typed, among: candidates))
    }

    /// `; did you mean 'x'?` for the closest candidate, else `; known: a, b, c`.
    package static func clauseOrList(for typed: String, among candidates: [String]) -> String {
        guard let suggestion = closest(to: typed, among: candidates) else {
            return "; known: " + candidates.joined(separator: ", ")
        }
        return clause(naming: suggestion)
    }

    /// `; did you mean 'x'?`, or an empty string for `nil`.
    package static func clause(naming suggestion: String?) -> String {
        suggestion.map { "; did you mean '\($0)'?" } ?? ""
    }

    /// The optimal-string-alignment distance: insertions, deletions, substitutions and swaps of two
    /// neighbouring characters, each one edit.
    package static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        // rows[i][j]: the distance between the first i characters of a and the first j of b.
        var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { rows[i][0] = i }
        for j in 0...b.count { rows[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var distance = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    distance = min(distance, rows[i - 2][j - 2] + 1)
                }
                rows[i][j] = distance
            }
        }
        return rows[a.count][b.count]
    }
}
