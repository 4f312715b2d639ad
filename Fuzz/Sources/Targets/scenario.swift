// Fuzz target: the simulator's scenario decoder and compiler, behind `simulate FILE` — and a
// short simulation of what they accept.
//
// The input is a scenario JSON file. It is decoded and compiled (payloads decoded into their
// widget kinds, random changes drawn); a scenario of at most a day and four widgets is also
// simulated under the library's strategy and reported as text and JSON; one of at most six hours
// also under a naive strategy and through the real `simulate -` command in-process, which also
// gets every refused input. All of it again with one of the input's numbers pushed to an edge
// (Int.max, 1e300, …).
//
// Checked on every input:
// - decoding and compiling never trap and finish in bounded time (a random-change process over
//   years of one-second gaps is refused, not drawn);
// - every refusal names a JSON path (`$…`) and says what is wrong, on one line;
// - a simulated run ends; the library's strategy never shows stale data as fresh (SPEC Sim4);
//   the JSON report is JSON; `simulate` exits 0 with output or 65 with one `error:` line.
import Foundation
import FuzzSupport
import WidgetTimeline
import WidgetTimelineExamples

@testable import WidgetTimelineCLI
@testable import WidgetTimelineSimulation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenario(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = FuzzInput.bytes(start, count)
    var choices = FuzzChoices(bytes)
    exercise(Data(bytes), choices: &choices)
    if let variant = choices.numberAtAnEdge(in: bytes) { exercise(Data(variant), choices: &choices) }
    return 0
}

private func exercise(_ data: Data, choices: inout FuzzChoices) {
    guard let compiled = compile(data, choices: &choices) else {
        // Refused: `simulate` must say so on one line, naming the JSON path.
        runSimulate(data, choices: &choices)
        return
    }
    // Under AddressSanitizer a simulated day of the demo's widgets takes about 1.5 s. A day at most,
    // and the naive strategy and the command line only up to six hours, keep every input (run twice:
    // as given and with a number at an edge) well inside the 10 s limit on a busy machine.
    let duration = compiled.end.timeIntervalSince(compiled.start)
    guard duration <= 86_400, compiled.widgetIDs.count <= 4 else { return }
    let short = duration <= 6 * 3_600
    let report = Simulation(
        scenario: compiled, strategies: short ? [.library, .singleEntry15Minutes] : [.library]
    )
    .run()
    if let library = report.result(for: .library) {
        fuzzCheck(
            library.totals.staleShownAsFreshMinutes == 0,
            "the library strategy showed stale data as fresh for \(library.totals.staleShownAsFreshMinutes) minutes"
        )
    }
    _ = TextReport.render(report)
    if let json = try? JSONReport.render(report, scenario: compiled) {
        fuzzCheck((try? JSONParser.parse(Array(json.utf8))) != nil, "the JSON report is not JSON")
    }
    if short { runSimulate(data, choices: &choices) }
}

/// The scenario decoded and compiled, or `nil` after checking the refusal.
private func compile(_ data: Data, choices: inout FuzzChoices) -> CompiledScenario? {
    do {
        return try Scenario.decode(data).compiled(
            seed: choices.flip() ? nil : UInt64(choices.next(1 << 30)), kinds: ExampleWidgets.all)
    } catch {
        checkRefusal(error)
        return nil
    }
}

private func checkRefusal(_ error: ScenarioError) {
    fuzzCheck(error.path.hasPrefix("$"), "a refusal without a JSON path: \(error)")
    fuzzCheck(!error.message.isEmpty, "a refusal without a reason: \(error)")
}

private func runSimulate(_ data: Data, choices: inout FuzzChoices) {
    let format = choices.flip() ? "json" : "text"
    let run = InProcessRun(
        ["simulate", "-", "--strategy", "library", "--format", format], standardInput: data)
    switch run.status {
    case .success: run.checkAnswered("simulate")
    case .badData:
        run.checkRefused("simulate", startingWith: "error: scenario on standard input is not valid: ")
    default: fuzzCheck(false, "simulate: exit \(run.status.rawValue): \(run.errors)")
    }
}
