import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineExamples

@testable import WidgetTimelineSimulation

/// The HTML report explains itself and fits any width. How it looks at 400 and 1400 px is checked
/// in a real browser by `Scripts/check-report-layout.sh` (run by CI); these tests pin what the
/// markup promises.
@Suite("The HTML report: self-explaining, self-contained, drawn to any width")
struct HTMLReportTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/scenarios")

    static func demoReport() throws -> (SimulationReport, String) {
        let report = Simulation(scenario: try BuiltInScenarios.defaultDay.compiled(kinds: ExampleWidgets.all))
            .run()
        return (report, HTMLReport.render(report))
    }

    /// The report of a fleet run of `fleet-server-count.json`, whose widget id is not its kind.
    static func fleetReport() throws -> String {
        let data = try Data(contentsOf: examples.appendingPathComponent("fleet-server-count.json"))
        let scenario = try Scenario.decode(data).compiled(kinds: ExampleWidgets.all)
        let fleet = FleetSimulation(scenario: scenario, devices: 20).run()
        return HTMLReport.render(
            Simulation(scenario: scenario, strategies: fleet.map(\.strategy)).run(), fleet: fleet)
    }

    @Test("every metric row carries its one-line definition, the same label as the text table")
    func definitions() throws {
        let (report, html) = try Self.demoReport()
        let text = TextReport.render(report)
        let rows = ReportMetric.shown(
            ReportMetric.perWidget, for: report.results.flatMap { $0.widgets.map(\.metrics) })
        #expect(rows.count >= 10)
        for row in rows {
            let cell =
                "<th scope=\"row\">\(HTMLReport.escape(row.label))<small>\(HTMLReport.escape(row.definition))</small></th>"
            #expect(html.contains(cell), "\(row.label)")
            #expect(text.contains("  \(row.label)  "), "\(row.label) is not in the text table")
            #expect(!row.definition.contains("\n") && row.definition.count <= 110, "\(row.label)")
        }
        // Every row of every table is defined.
        #expect(
            html.components(separatedBy: "<th scope=\"row\">").count
                == html.components(separatedBy: "<small>").count)
    }

    @Test("'lower is better' exactly where it is")
    func lowerIsBetter() {
        let all = ReportMetric.perWidget
        let marked = Set(all.filter { $0.definition.contains("lower is better") }.map(\.label))
        // Counts of runs, reloads and requests are the price of freshness, not a score.
        #expect(
            marked == [
                "stale shown as fresh, min", "event shown early, min", "wrong value shown, min",
                "no value shown, min",
                "change → screen, median", "change → screen, p95", "change → screen, max",
                "changes never shown",
                "budget used / refused", "killed by the watchdog",
            ])
    }

    @Test("standalone: nothing fetched, and no pointer to a page or file outside it")
    func standalone() throws {
        for html in [try Self.demoReport().1, try Self.fleetReport()] {
            #expect(!html.contains("docs/") && !html.contains(".md"))
            #expect(!html.contains("http://") && !html.contains("https://"))
            #expect(!html.contains("<script") && !html.contains("<link") && !html.contains("src="))
            // The only references are to the drawings' own shapes.
            let references = html.components(separatedBy: "href=\"").dropFirst().map { $0.prefix(1) }
            #expect(!references.isEmpty && references.allSatisfy { $0 == "#" })
        }
    }

    @Test("headings name a widget once, with its kind only when that differs from its id")
    func headings() throws {
        let (_, demo) = try Self.demoReport()
        #expect(demo.contains("<h2>schedule</h2>") && demo.contains("<h2>task-count</h2>"))
        let fleet = try Self.fleetReport()
        #expect(fleet.contains("<h2>server-count <span class=\"kind\">task-count</span></h2>"))
        for html in [demo, fleet] {
            for heading in html.components(separatedBy: "<h2>").dropFirst() {
                let words = heading.prefix { $0 != "/" }.replacingOccurrences(
                    of: "<span class=\"kind\">", with: ""
                )
                .replacingOccurrences(of: "<", with: "").split(separator: " ")
                #expect(zip(words, words.dropFirst()).allSatisfy { $0 != $1 }, "repeated word in \(words)")
            }
        }
    }

    @Test("drawings are as wide as the page and tables scroll in their box: no fixed width beyond a phone's")
    func scalesToAnyWidth() throws {
        for html in [try Self.demoReport().1, try Self.fleetReport()] {
            // Horizontal positions and widths are percentages; a pixel value is a mark's size.
            let pixels = try Regex(#" (?:x|x1|x2|cx|width)="([0-9.]+)""#)
            for match in html.matches(of: pixels) {
                let value = Double(match.output[1].substring ?? "") ?? .infinity
                #expect(value <= 50, "a fixed horizontal size: \(match.output[0].substring ?? "")")
            }
            for svg in html.components(separatedBy: "<svg").dropFirst() {
                let tag = svg.prefix { $0 != ">" }
                #expect(
                    !tag.contains("width=") || tag.contains("width=\"100%\"") || tag.contains("width=\"0\""))
            }
            let tables = html.components(separatedBy: "<table>").count - 1
            #expect(
                tables > 0
                    && html.components(separatedBy: "<div class=\"scroll\"><table>").count - 1 == tables)
            #expect(html.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"))
        }
    }
}
