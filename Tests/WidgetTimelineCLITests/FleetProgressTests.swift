import Foundation
import Testing
import WidgetTimelineCLI
import WidgetTimelineTesting

/// `simulate --devices` draws its progress on a terminal's standard error once a run has taken a
/// couple of seconds, and nowhere else. The clock is an input: each reading moves it half a second,
/// so a run of milliseconds looks like one of many seconds and no test waits.
@Suite("Fleet progress on a terminal")
struct FleetProgressTests {
    static let arguments = ["simulate", "Examples/scenarios/fleet-server-count.json", "--devices", "40"]

    /// Runs `arguments` in-process; `step` is how far the clock moves at each reading.
    private func run(terminal: Bool, step: TimeInterval) -> CLIHarness.Result {
        let clock = ManualClock(now: CLIHarness.now)
        let output = CapturedText()
        let error = CapturedText()
        let context = CommandContext(
            standardOutput: output, standardError: error, standardErrorIsTerminal: terminal,
            readStandardInput: { _ in Data() }, currentDirectory: CLIHarness.packageRoot,
            now: {
                defer { clock.advance(by: step) }
                return clock.now
            })
        let code = CommandLineTool.run(Self.arguments, in: context)
        return CLIHarness.Result(exitCode: code, standardOutput: output.text, standardError: error.text)
    }

    @Test("on a terminal: done/total, rate and time left, redrawn in place, then erased")
    func terminal() {
        let quiet = run(terminal: false, step: 0.5)
        let watched = run(terminal: true, step: 0.5)
        #expect(watched.exitCode == .success, "\(watched.standardError)")
        // Standard output is the same bytes either way.
        #expect(watched.standardOutput == quiet.standardOutput)
        #expect(watched.standardOutput.hasPrefix("A server-backed count for a fleet: a fleet of 40 devices"))
        let progress = watched.standardError
        // 40 devices under 2 strategies, one every half second: 2 a second. The first line is drawn
        // once 2 s have passed, at the 4th run; the last at the 80th.
        #expect(!progress.contains("\r3/80 "))
        #expect(progress.hasPrefix("\r4/80 device runs · 2.0/s · 38s left"))
        #expect(progress.contains("\r42/80 device runs · 2.0/s · 19s left"))
        #expect(progress.contains("\r80/80 device runs · 2.0/s · 0s left"))
        // Redrawn in place, never a new line; erased at the end so the next prompt starts clean.
        #expect(!progress.contains("\n"))
        let width = "80/80 device runs · 2.0/s · 0s left".count
        #expect(progress.hasSuffix("\r" + String(repeating: " ", count: width) + "\r"))
    }

    @Test("not a terminal (a pipe, a file, CI): nothing on standard error")
    func notATerminal() {
        let result = run(terminal: false, step: 0.5)
        #expect(result.exitCode == .success)
        #expect(result.standardError.isEmpty)
    }

    @Test("a run shorter than two seconds draws nothing, even on a terminal")
    func shortRun() {
        let result = run(terminal: true, step: 0.001)
        #expect(result.exitCode == .success)
        #expect(result.standardError.isEmpty)
    }
}
