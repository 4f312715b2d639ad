public import Foundation
import WidgetTimeline

/// Many independent devices running the same scenario, to see the load a refresh
/// policy puts on the backend: requests per second over time, the mean, and the peaks.
///
/// Each device has its own seed (lateness, latency, the library's jitter) and its own phase: the
/// widget was added at a random instant in the scenario's first hour, as across a real fleet.
/// Devices run in parallel on all cores; the result does not depend on how they are split.
public struct FleetSimulation: Sendable {
    public let scenario: CompiledScenario
    public let devices: Int
    public let strategies: [StrategyName]

    /// The longest scenario a fleet runs: the per-second histogram is kept whole.
    public static let longestDuration: TimeInterval = 31 * 86_400

    public init(scenario: CompiledScenario, devices: Int, strategies: [StrategyName] = StrategyName.fleet) {
        self.scenario = scenario
        self.devices = max(1, devices)
        self.strategies = strategies
    }

    /// How many single-device runs `run` does: every device under every strategy.
    public var deviceRuns: Int { devices * strategies.count }

    /// Runs the fleet under every strategy.
    ///
    /// - Parameter deviceFinished: called once after each of the ``deviceRuns`` single-device
    ///   runs, on whichever thread ran it, so a caller can show progress; it must be cheap and
    ///   thread-safe. The results do not depend on it.
    public func run(deviceFinished: (@Sendable () -> Void)? = nil) -> [FleetResult] {
        strategies.map { run($0, deviceFinished: deviceFinished) }
    }

    private func run(_ strategy: StrategyName, deviceFinished: (@Sendable () -> Void)?) -> FleetResult {
        let seconds = Int(
            min(scenario.end.timeIntervalSince(scenario.start), Self.longestDuration).rounded(.up))
        let chunks = min(devices, max(1, ProcessInfo.processInfo.activeProcessorCount * 4))
        let devices = self.devices
        let scenario = self.scenario
        let histograms = ParallelMap.map(Array(0..<chunks)) { chunk -> [Int32] in
            var histogram = [Int32](repeating: 0, count: seconds)
            var device = chunk
            while device < devices {
                let seed = SplitMix64.mix(scenario.seed &+ UInt64(device) &* 0x9E37_79B9_7F4A_7C15)
                let phase = Double(SplitMix64.mix(seed) >> 11) * 0x1.0p-53 * 3600
                let simulation = DeviceSimulation(
                    scenario: scenario, strategy: strategy, seed: seed, firstReloadDelay: phase.rounded())
                for instant in simulation.backendRequestTimes() {
                    let second = Int(instant.timeIntervalSince(scenario.start))
                    if second >= 0, second < seconds { histogram[second] += 1 }
                }
                deviceFinished?()
                device += chunks
            }
            return histogram
        }
        var perSecond = [Int32](repeating: 0, count: seconds)
        for histogram in histograms {
            for index in 0..<seconds { perSecond[index] += histogram[index] }
        }
        return FleetResult(strategy: strategy, devices: devices, start: scenario.start, perSecond: perSecond)
    }
}

/// The backend load a fleet produced under one strategy.
public struct FleetResult: Sendable, Hashable, Codable {
    public var strategy: StrategyName
    public var devices: Int
    public var requests: Int
    public var meanPerSecond: Double
    public var peakPerSecond: Int
    /// The start of the busiest second.
    public var peakSecondAt: Date
    public var peakPerMinute: Int
    /// The start of the busiest minute.
    public var peakMinuteAt: Date
    /// Requests in each minute from the start, for charts.
    public var perMinute: [Int]

    init(strategy: StrategyName, devices: Int, start: Date, perSecond: [Int32]) {
        self.strategy = strategy
        self.devices = devices
        requests = perSecond.reduce(0) { $0 + Int($1) }
        meanPerSecond =
            perSecond.isEmpty ? 0 : (Double(requests) / Double(perSecond.count) * 100).rounded() / 100
        var peakIndex = 0
        for (index, count) in perSecond.enumerated() where count > perSecond[peakIndex] { peakIndex = index }
        peakPerSecond = perSecond.isEmpty ? 0 : Int(perSecond[peakIndex])
        peakSecondAt = start.addingTimeInterval(Double(peakIndex))
        let minutes = stride(from: 0, to: perSecond.count, by: 60).map { first in
            perSecond[first..<min(first + 60, perSecond.count)].reduce(0) { $0 + Int($1) }
        }
        var busiestMinute = 0
        for (index, count) in minutes.enumerated() where count > minutes[busiestMinute] {
            busiestMinute = index
        }
        perMinute = minutes
        peakPerMinute = minutes.isEmpty ? 0 : minutes[busiestMinute]
        peakMinuteAt = start.addingTimeInterval(Double(busiestMinute) * 60)
    }
}
