#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

/// One time zone's offsets, remembered piece by piece for the length of one computation.
///
/// Finding a day start asks the zone for its offset and next transition several times, and the
/// day starts of one timeline lie within a few days of each other, so nearly every question has
/// the same answer as one already asked. A *piece* is a stretch `[start, end)` over which the
/// offset is constant: it starts where the zone was asked and ends at the zone's next transition
/// after that (`nil`: none). Any instant inside a known piece has that piece's offset, and its
/// next transition is the piece's end, so both are answered without asking the zone again. The
/// last two pieces are kept: no allocation, and no state outlives the value.
struct ZoneOffsets {
    let timeZone: TimeZone
    private var recent: Piece?
    private var older: Piece?

    private struct Piece {
        var start: Int64
        /// The zone's next transition after ``start``; `nil` when it has none.
        var end: Int64?
        var offset: Int64

        func contains(_ seconds: Int64) -> Bool { seconds >= start && (end.map { seconds < $0 } ?? true) }
    }

    /// Instants pieces are remembered for. Foundation answers transition questions up to the year
    /// 506,713, so within this range "no next transition" means none for every later instant in
    /// it; outside it every question goes to the zone, as it would without this type.
    private static let remembered: ClosedRange<Int64> = -100_000_000_000...1_000_000_000_000

    /// How far before an instant whose offset is asked for the zone is asked from: far enough
    /// that the day starts within a day of the instant fall inside the same piece.
    private static let lookBehind: Int64 = 2 * 86_400

    init(timeZone: TimeZone) {
        self.timeZone = timeZone
    }

    /// The offset from GMT at `seconds` (whole seconds since 1970) and the zone's next transition
    /// after it, as `secondsFromGMT(for:)` and `nextDaylightSavingTimeTransition(after:)` answer.
    mutating func piece(at seconds: Int64) -> (offset: Int64, nextTransition: Int64?) {
        if let piece = known(seconds) { return (piece.offset, piece.end) }
        let piece = ask(seconds)
        if Self.remembered.contains(seconds) { remember(piece) }
        return (piece.offset, piece.end)
    }

    /// The offset from GMT at `date`, as `secondsFromGMT(for:)` answers. (Transitions fall on
    /// whole seconds, so the offset at `date` is the offset at the whole second it falls in.)
    mutating func offset(at date: Date) -> Int64 {
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        if let piece = known(seconds) { return piece.offset }
        guard Self.remembered.contains(seconds) else { return Int64(timeZone.secondsFromGMT(for: date)) }
        // Asked from a little earlier, the piece usually covers the day starts around `seconds` too.
        let earlier = seconds - Self.lookBehind
        if Self.remembered.contains(earlier) {
            let piece = ask(earlier)
            remember(piece)
            if piece.contains(seconds) { return piece.offset }
        }
        let piece = ask(seconds)
        remember(piece)
        return piece.offset
    }

    private func known(_ seconds: Int64) -> Piece? {
        guard Self.remembered.contains(seconds) else { return nil }
        if let recent, recent.contains(seconds) { return recent }
        if let older, older.contains(seconds) { return older }
        return nil
    }

    private mutating func remember(_ piece: Piece) {
        older = recent
        recent = piece
    }

    private func ask(_ seconds: Int64) -> Piece {
        let date = Date(timeIntervalSince1970: Double(seconds))
        let transition = timeZone.nextDaylightSavingTimeTransition(after: date)
        return Piece(
            start: seconds,
            end: transition.map { Int64($0.timeIntervalSince1970.rounded(.down)) },
            offset: Int64(timeZone.secondsFromGMT(for: date)))
    }
}
