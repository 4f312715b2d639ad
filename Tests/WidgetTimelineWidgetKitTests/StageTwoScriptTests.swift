import Foundation
import Testing
import WidgetTimelineTesting

/// `Scripts/widget-stage-two.sh` in its `--dry-run` mode: what it would run on a Mac, in what order,
/// and what it refuses. (It has not run on a Mac; this is what can be checked without one.)
@Suite("The Mac stage-two script: a pinned simulator, a fresh result bundle, evidence before erasing")
struct StageTwoScriptTests {
    static let script = CompileSuite.packageRoot.appendingPathComponent("Scripts/widget-stage-two.sh").path
    static let simulator = "8A1F0C3E-1111-2222-3333-444455556666"

    /// Runs the script with `arguments` and `--dry-run`, its runs going under `directory`.
    static func dryRun(_ arguments: [String], in directory: URL) throws -> ProcessOutput {
        try ChildProcess.run("bash", [script] + arguments + ["--dry-run", "--out", directory.path])
    }

    /// The printed commands (`+ …`), in order.
    static func commands(_ result: ProcessOutput) -> [String] {
        result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("+ ") }.map {
            String($0.dropFirst(2))
        }
    }

    @Test(
        "A dry run pins the simulator by id, tests into a fresh result bundle, and commits through the launch argument"
    )
    func dryRunSteps() throws {
        let directory = try TemporaryDirectory()
        let result = try Self.dryRun(["--sim-id", Self.simulator], in: directory.url)

        #expect(result.status == 0, "\(result.transcript)")
        let commands = Self.commands(result)
        let runs = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
        let runDirectory = try #require(runs.first { $0 != "DerivedData" }, "no run directory in \(runs)")
        let test = try #require(commands.first { $0.hasPrefix("xcodebuild test") })
        #expect(test.contains(#"-destination platform=iOS\ Simulator\,id=\#(Self.simulator)"#))
        #expect(test.contains("-resultBundlePath \(directory.url.path)/\(runDirectory)/WidgetApp.xcresult"))
        #expect(
            commands.contains(
                "swift test --filter WidgetTimelineTests\\|WidgetTimelineExamplesTests\\|WidgetAppExampleTests"
            ))
        #expect(
            commands.contains(
                "xcrun simctl get_app_container \(Self.simulator) com.example.widgettimeline groups"))
        #expect(
            commands.contains(
                "xcrun simctl launch --terminate-running-process \(Self.simulator) com.example.widgettimeline "
                    + "-WidgetTimelineCommitFixture"))
        // The stages in order: pure tests, app tests, install, container, commit.
        let order = [
            "swift test", "xcodebuild test", "xcrun simctl install", "xcrun simctl get_app_container",
            "xcrun simctl launch",
        ].map { step in commands.firstIndex { $0.hasPrefix(step) } ?? -1 }
        #expect(order == order.sorted() && !order.contains(-1), "\(commands)")
        #expect(!commands.contains { $0.contains("erase") })
    }

    @Test("The evidence holds commit, runtime, device and revision, nothing else")
    func evidenceFields() throws {
        let directory = try TemporaryDirectory()
        let run = directory.url.appendingPathComponent("run")
        let result = try Self.dryRun(["--sim-id", Self.simulator, "--run-dir", run.path], in: directory.url)

        #expect(result.status == 0, "\(result.transcript)")
        let evidence = try String(contentsOf: run.appendingPathComponent("evidence.txt"), encoding: .utf8)
        let fields = evidence.split(separator: "\n").map {
            $0.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
        }
        #expect(fields == ["commit", "device", "runtime", "key", "committed_revision", "extension_read"])
        #expect(evidence.contains("device=\(Self.simulator)\n"))
        let commit = try ChildProcess.run("git", ["-C", CompileSuite.packageRoot.path, "rev-parse", "HEAD"])
        #expect(evidence.contains("commit=\(commit.standardOutput)"))
    }

    @Test("With --erase, the simulator is erased only after the evidence is saved")
    func eraseAfterEvidence() throws {
        let directory = try TemporaryDirectory()
        let result = try Self.dryRun(["--sim-id", Self.simulator, "--erase"], in: directory.url)

        #expect(result.status == 0, "\(result.transcript)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        let saved = try #require(lines.firstIndex { $0.hasPrefix("saved evidence:") })
        let erase = try #require(lines.firstIndex { $0 == "+ xcrun simctl erase \(Self.simulator)" })
        #expect(saved < erase)
    }

    @Test(
        "Erasing is refused without evidence for that simulator",
        arguments: [
            // An empty run directory.
            "",
            // Another device's evidence.
            "commit=abc\ndevice=11111111-2222-3333-4444-555555555555\nruntime=18.2\ncommitted_revision=4\n",
            // No committed revision yet.
            "commit=abc\ndevice=8A1F0C3E-1111-2222-3333-444455556666\nruntime=18.2\n",
        ])
    func eraseRefused(evidence: String) throws {
        let directory = try TemporaryDirectory()
        if !evidence.isEmpty {
            try evidence.write(
                to: directory.url.appendingPathComponent("evidence.txt"), atomically: true, encoding: .utf8)
        }
        let result = try ChildProcess.run(
            "bash",
            [Self.script, "erase", "--sim-id", Self.simulator, "--run-dir", directory.url.path, "--dry-run"])

        #expect(result.status == 3)
        #expect(result.standardError.contains("error: refusing to erase simulator \(Self.simulator)"))
        #expect(!result.standardOutput.contains("simctl erase"))
    }

    @Test("Erasing goes ahead when the run directory holds that simulator's evidence")
    func eraseAllowed() throws {
        let directory = try TemporaryDirectory()
        try "commit=abc\ndevice=\(Self.simulator)\nruntime=18.2\ncommitted_revision=4\n"
            .write(
                to: directory.url.appendingPathComponent("evidence.txt"), atomically: true, encoding: .utf8)
        let result = try ChildProcess.run(
            "bash",
            [Self.script, "erase", "--sim-id", Self.simulator, "--run-dir", directory.url.path, "--dry-run"])

        #expect(result.status == 0, "\(result.transcript)")
        #expect(Self.commands(result).last == "xcrun simctl erase \(Self.simulator)")
    }

    @Test(
        "Bad input is refused with exit code 2 and a message naming it",
        arguments: [
            (["--sim-id", "iPhone 16"], "is not a simulator id"),
            ([], "--sim-id is required"),
            (
                ["--sim-id", "8A1F0C3E-1111-2222-3333-444455556666", "--observe-seconds", "soon"],
                "whole number of seconds"
            ),
            (["--sim-id", "8A1F0C3E-1111-2222-3333-444455556666", "--bogus"], "unknown argument '--bogus'"),
        ])
    func badInput(arguments: [String], message: String) throws {
        let directory = try TemporaryDirectory()
        let result = try Self.dryRun(arguments, in: directory.url)

        #expect(result.status == 2)
        #expect(result.standardError.contains("error: "))
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(Self.commands(result).isEmpty)
    }

    @Test("A run directory that already exists is refused: every run gets a fresh result bundle")
    func existingRunDirectory() throws {
        let directory = try TemporaryDirectory()
        let result = try Self.dryRun(
            ["--sim-id", Self.simulator, "--run-dir", directory.url.path], in: directory.url)

        #expect(result.status == 2)
        #expect(result.standardError.contains("already exists"))
        #expect(Self.commands(result).isEmpty)
    }
}
