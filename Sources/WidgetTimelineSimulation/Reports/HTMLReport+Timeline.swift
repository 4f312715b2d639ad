import WidgetTimeline

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

/// The report's drawings: a widget's timeline, one lane per strategy, and the fleet's load charts.
///
/// Horizontal positions are percentages of the drawing's width and everything else is in pixels,
/// so a drawing fills any width while its text, bars and marks keep their size: nothing shrinks to
/// illegible on a phone or stretches on a desktop. Labels sit above their lane, not beside it, so
/// the time axis gets the whole width.
extension HTMLReport {
    private static let axisHeight = 20.0
    private static let laneHeight = 66.0
    private static let barHeight = 20.0

    /// What one time span looks like as a percentage of a drawing's width.
    private struct TimeScale {
        let start: Date
        let end: Date

        var span: TimeInterval { end.timeIntervalSince(start) }

        /// `date`'s position, clamped to the drawing: `12.345%`.
        func x(_ date: Date) -> String { percent(fraction(date)) }

        /// The width from `from` to `to`.
        func width(from: Date, to: Date) -> String { percent(fraction(to) - fraction(from)) }

        func contains(_ date: Date) -> Bool { date >= start && date <= end }

        private func fraction(_ date: Date) -> Double {
            min(max(date.timeIntervalSince(start), 0), span) / span
        }

        private func percent(_ fraction: Double) -> String { "\((fraction * 100_000).rounded() / 1000)%" }
    }

    static func timeline(_ report: SimulationReport, widget index: Int) -> String {
        let scenario = report.scenario
        let scale = TimeScale(
            start: scenario.start, end: min(scenario.end, scenario.start.addingTimeInterval(longestDrawn)))
        let height = axisHeight + Double(report.results.count) * laneHeight
        var svg = "<div class=\"timeline\"><svg class=\"lanes\" height=\"\(Int(height))\" role=\"img\" "
        svg += "aria-label=\"what each strategy showed over time\">"
        svg += axis(scale, scenario: scenario, bottom: height - 4)
        for (lane, result) in report.results.enumerated() {
            svg += self.lane(
                result.widgets[index], strategy: result.strategy, top: axisHeight + Double(lane) * laneHeight,
                scale, scenario)
        }
        return svg + "</svg></div>"
    }

    /// Hour lines and their labels in the user's time zone: every hour for up to two days
    /// (labelled every three), every 6 h up to four days, every 12 h beyond; day starts darker and
    /// labelled with the date. Narrow screens hide the labels marked `minor`.
    private static func axis(_ scale: TimeScale, scenario: CompiledScenario, bottom: Double) -> String {
        let span = scale.span
        let step: TimeInterval = span <= 2 * 86_400 ? 3600 : (span <= 4 * 86_400 ? 6 * 3600 : 12 * 3600)
        let labelEvery = span <= 2 * 86_400 ? 3 : 1
        let offset = Double(scenario.zone(at: scale.start).secondsFromGMT(for: scale.start))
        var tick = ((scale.start.timeIntervalSince1970 + offset) / step).rounded(.up) * step - offset
        var svg = ""
        while tick <= scale.end.timeIntervalSince1970 {
            let date = Date(timeIntervalSince1970: tick)
            let local = Instant.format(date, in: scenario.zone(at: date))
            let clock = String(local.dropFirst(11).prefix(5))
            let isDayStart = clock == "00:00"
            let px = scale.x(date)
            svg += "<line x1=\"\(px)\" y1=\"\(axisHeight - 4)\" x2=\"\(px)\" y2=\"\(bottom)\" "
            svg += "stroke=\"\(isDayStart ? "#8c959f" : "#eaeef2")\" stroke-width=\"1\"/>"
            let hour = Int(clock.prefix(2)) ?? 0
            if isDayStart || hour % labelEvery == 0 {
                let label = isDayStart ? String(local.dropFirst(5).prefix(5)) : clock
                // On a narrow screen: every 6 h over a day or two, day starts only over longer spans.
                let isMinor = !isDayStart && (step >= 6 * 3600 || hour % 6 != 0)
                svg += "<text class=\"axis\(isMinor ? " minor" : "")\" x=\"\(px)\" y=\"\(axisHeight - 7)\" "
                svg += "text-anchor=\"middle\">\(label)</text>"
            }
            tick += step
        }
        return svg
    }

    /// One strategy's lane: its label, what was on screen, and the marks.
    private static func lane(
        _ widget: WidgetResult, strategy: StrategyName, top: Double, _ scale: TimeScale,
        _ scenario: CompiledScenario
    ) -> String {
        let trace = widget.trace
        let marksTop = top + 16
        let barTop = top + 26
        let end = scale.end
        var svg =
            "<text x=\"0\" y=\"\(top + 11)\"><tspan class=\"lanelabel\">\(escape(strategy.rawValue))</tspan>"
        svg += "<tspan class=\"lanenote\" dx=\"8\">"
        svg += "\(TextReport.minutes(widget.metrics.staleShownAsFreshMinutes)) min stale shown as fresh · "
        svg += "\(widget.metrics.providerRuns) provider runs</tspan></text>"
        func clock(_ date: Date) -> String {
            String(Instant.format(date, in: scenario.zone(at: date)).dropFirst(11).prefix(5))
        }
        for screen in trace.screens where screen.start < end && screen.end > screen.start {
            svg += "<rect x=\"\(scale.x(screen.start))\" y=\"\(barTop)\" "
            svg +=
                "width=\"\(scale.width(from: screen.start, to: min(screen.end, end)))\" height=\"\(barHeight)\" "
            svg +=
                "fill=\"var(--\(colour(screen.display)))\"><title>\(clock(screen.start))–\(clock(screen.end))  "
            svg += "\(escape(screen.text))</title></rect>"
        }
        // A thin gap where a new entry appears, so phase changes inside one colour show.
        for screen in trace.screens.dropFirst() where screen.start < end && screen.start > scale.start {
            svg += "<rect x=\"\(scale.x(screen.start))\" y=\"\(barTop)\" width=\"1\" height=\"\(barHeight)\" "
            svg += "fill=\"#ffffffcc\"/>"
        }
        // Marked spans; `outline` keeps a one-minute lie visible at any width.
        func mark(
            _ spans: [WidgetTrace.Span], y: Double, height: Double, fill: String, outline: String?,
            title: String
        ) {
            for span in spans where span.start < end {
                svg += "<rect x=\"\(scale.x(span.start))\" y=\"\(y)\" "
                svg +=
                    "width=\"\(scale.width(from: span.start, to: min(span.end, end)))\" height=\"\(height)\" "
                svg += "fill=\"\(fill)\"" + (outline.map { " stroke=\"\($0)\" stroke-width=\"0.6\"" } ?? "")
                svg += "><title>\(title)</title></rect>"
            }
        }
        mark(
            trace.hidden, y: barTop, height: barHeight, fill: "url(#hidden)", outline: nil,
            title: "not visible")
        mark(
            trace.staleShownAsFresh, y: barTop, height: barHeight, fill: "url(#lie)", outline: "#c8102e",
            title: "shown as fresh while stale")
        mark(
            trace.wrongValue, y: barTop + barHeight + 2, height: 4, fill: "var(--wrong)", outline: "#7b3fc4",
            title: "wrong value on screen")
        mark(
            trace.earlyEvent, y: barTop + barHeight + 2, height: 4, fill: "var(--lie)", outline: "#c8102e",
            title: "an event shown before it happened")
        for commit in trace.commits where scale.contains(commit) {
            svg += "<use href=\"#commit\" x=\"\(scale.x(commit))\" y=\"\(marksTop)\"><title>data change "
            svg += "\(clock(commit))</title></use>"
        }
        for request in trace.reloadRequests where scale.contains(request) {
            svg +=
                "<rect x=\"\(scale.x(request))\" y=\"\(marksTop)\" width=\"1.5\" height=\"9\" fill=\"var(--reload)\">"
            svg += "<title>reload requested \(clock(request))</title></rect>"
        }
        let runsY = barTop + barHeight + 12
        for run in trace.runs where scale.contains(run.at) {
            let cause = "\(run.cause.rawValue) \(clock(run.at))"
            if run.outcome == "installed" {
                svg += "<circle cx=\"\(scale.x(run.at))\" cy=\"\(runsY)\" r=\"2.6\" "
                svg +=
                    run.isCharged
                    ? "fill=\"var(--ink)\"" : "fill=\"#fff\" stroke=\"var(--ink)\" stroke-width=\"1\""
                svg +=
                    "><title>provider run (\(cause)\(run.isCharged ? ", charged" : ", free"))</title></circle>"
            } else {
                svg += cross(scale.x(run.at), runsY, title: "provider \(run.outcome) (\(cause))")
            }
        }
        for refusal in trace.refusals where scale.contains(refusal) {
            svg += cross(scale.x(refusal), runsY, title: "reload refused: budget spent (\(clock(refusal)))")
        }
        return svg
    }

    private static func cross(_ x: String, _ y: Double, title: String) -> String {
        "<use href=\"#cross\" x=\"\(x)\" y=\"\(y)\"><title>\(escape(title))</title></use>"
    }

    private static func colour(_ display: String) -> String {
        switch display {
        case "fresh": "fresh"
        case "stale": "stale"
        case "expired": "expired"
        case "unavailable": "unavailable"
        default: "nodata"
        }
    }

    /// Requests per minute across the fleet, one chart per strategy on the same vertical scale.
    static func fleetSection(_ fleet: [FleetResult], scenario: CompiledScenario) -> String {
        var html = "<section><h2>Backend load across the fleet</h2>"
        html += "<p class=\"note\">\(FleetTextReport.devices(fleet.first?.devices ?? 0)); "
        html += "requests each minute, on one scale for all strategies. Lower peaks are better: a backend "
        html += "must be sized for the busiest second. The timelines and tables above are one device with "
        html += "the scenario's seed, its widgets added at the start; each device of the fleet has its own "
        html += "seed and phase, so its requests are not that device's.</p>"
        let peak = max(1, fleet.map(\.peakPerMinute).max() ?? 1)
        let chartHeight = 100.0
        for result in fleet {
            let minutes = max(1, result.perMinute.count)
            let scale = TimeScale(
                start: scenario.start, end: scenario.start.addingTimeInterval(Double(minutes) * 60))
            var svg =
                "<div class=\"timeline\"><svg class=\"lanes\" height=\"\(Int(axisHeight + 18 + chartHeight))\" "
            svg += "role=\"img\" aria-label=\"backend requests per minute\">"
            svg +=
                "<text x=\"0\" y=\"11\"><tspan class=\"lanelabel\">\(escape(result.strategy.rawValue))</tspan>"
            svg +=
                "<tspan class=\"lanenote\" dx=\"8\">peak \(result.peakPerSecond)/s, \(result.peakPerMinute)/min · "
            svg += "mean \(FleetTextReport.rate(result.meanPerSecond))/s"
            if result.pushes.total > 0 {
                svg += " · \(result.pushes.total) pushes sent, peak \(result.pushes.peakPerSecond)/s, "
                svg += "\(result.pushes.peakPerMinute)/min"
            }
            svg += "</tspan></text>"
            svg += "<g transform=\"translate(0 18)\">"
            svg += axis(scale, scenario: scenario, bottom: axisHeight + chartHeight)
            // The area in minutes and requests, stretched to the chart's box.
            svg += "<svg y=\"\(axisHeight)\" width=\"100%\" height=\"\(Int(chartHeight))\" "
            svg += "viewBox=\"0 0 \(minutes) \(peak)\" preserveAspectRatio=\"none\">"
            var path = "M0 \(peak)"
            for (minute, value) in result.perMinute.enumerated() { path += " L\(minute) \(peak - value)" }
            path += " L\(minutes) \(peak) Z"
            svg += "<path d=\"\(path)\" fill=\"#2f6fde55\" stroke=\"#2f6fde\" stroke-width=\"1\" "
            svg += "vector-effect=\"non-scaling-stroke\"/></svg>"
            svg +=
                "<line x1=\"0\" y1=\"\(axisHeight + chartHeight)\" x2=\"100%\" y2=\"\(axisHeight + chartHeight)\" "
            svg += "stroke=\"#8c959f\"/></g></svg></div>"
            html += svg
        }
        return html + "</section>"
    }
}
