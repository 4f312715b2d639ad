import WidgetTimeline
import WidgetTimelineSimulation

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

/// A long run's progress on one line of a terminal's standard error, redrawn in place:
/// `12400/20000 device runs · 2950/s · 3s left`.
///
/// It exists only when standard error is a terminal (``CommandContext/standardErrorIsTerminal``),
/// and draws nothing during the first ``quietPeriod`` of the context's clock, so short runs, pipes,
/// files and CI logs see no trace of it. Standard output is never touched. ``finish()`` erases the
/// line, so what follows starts on a clean one.
///
/// `@unchecked Sendable`: workers on several threads call ``advance()``; a lock guards every
/// access, and the clock and the sink are only used under it.
final class ProgressLine: @unchecked Sendable {
    /// How long a run may take before progress is drawn.
    static let quietPeriod: TimeInterval = 2
    /// The shortest time between two redraws.
    static let redrawInterval: TimeInterval = 0.25

    private let total: Int
    private let unit: String
    private let output: any TextSink
    private let now: () -> Date
    private let lock = Lock()
    private let start: Date
    private var done = 0
    private var lastDrawn: Date?
    private var drawnWidth = 0

    /// A progress line for `total` steps named `unit`, or `nil` when `context`'s standard error is
    /// not a terminal.
    init?(total: Int, unit: String, in context: CommandContext) {
        guard context.standardErrorIsTerminal, let output = context.unescapedStandardError else { return nil }
        self.total = max(1, total)
        self.unit = unit
        self.output = output
        self.now = context.now
        start = context.now()
    }

    /// One more step done; redraws the line when it is due.
    func advance() {
        lock.lock()
        defer { lock.unlock() }
        done += 1
        let instant = now()
        let elapsed = instant.timeIntervalSince(start)
        guard elapsed >= Self.quietPeriod else { return }
        if let lastDrawn, instant.timeIntervalSince(lastDrawn) < Self.redrawInterval, done < total { return }
        lastDrawn = instant
        draw(Self.text(done: done, total: total, unit: unit, elapsed: elapsed))
    }

    /// Erases the line, if one was drawn.
    func finish() {
        lock.lock()
        defer { lock.unlock() }
        guard drawnWidth > 0 else { return }
        output.write("\r" + String(repeating: " ", count: drawnWidth) + "\r")
        drawnWidth = 0
    }

    private func draw(_ text: String) {
        let padding = String(repeating: " ", count: max(0, drawnWidth - text.count))
        output.write("\r" + text + padding)
        drawnWidth = text.count
    }

    /// `12400/20000 device runs · 2950/s · 3s left`: done of total, the mean rate so far, and the
    /// time the rest takes at that rate.
    static func text(done: Int, total: Int, unit: String, elapsed: TimeInterval) -> String {
        let rate = Double(done) / max(elapsed, 0.001)
        let left = Double(total - done) / max(rate, 0.001)
        let rateText = rate >= 10 ? String(Int(rate.rounded())) : String(cFormat: "%.1f", rate)
        return "\(done)/\(total) \(unit) · \(rateText)/s · \(DurationText(left.rounded())) left"
    }
}
