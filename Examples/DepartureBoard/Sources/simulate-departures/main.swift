import DepartureBoard
import Foundation
import WidgetTimelineSimulation

let scenario = URL(fileURLWithPath: CommandLine.arguments.dropFirst().first ?? "Scenarios/weekday.json")
let result = try Simulation.run(scenarioFile: scenario, kinds: [DepartureWidget()])
print(result.text)
try result.html.write(toFile: "departures-report.html", atomically: true, encoding: .utf8)
print("report: departures-report.html")
