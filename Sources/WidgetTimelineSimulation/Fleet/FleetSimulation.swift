import WidgetTimeline

#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

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

    /// The longest span a fleet counts: the per-second histogram is kept whole. The CLI refuses a
    /// longer fleet scenario; through this API its devices run in full and only their requests in
    /// its first 31 days are counted.
    public static let longestDuration: TimeInterval = 31 * 86_400

    /// - Parameters:
    ///   - scenario: what every device runs, each with its own seed and phase.
    ///   - devices: how many devices; fewer than one is an empty fleet, which sends nothing.
    ///   - strategies: the strategies each device runs under, one result each.
    public init(scenario: CompiledScenario, devices: Int, strategies: [StrategyName] = StrategyName.fleet) {
        self.scenario = scenario
        self.devices = max(0, devices)
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

    /// The `index`-th device of the fleet under `strategy`: its own seed, and its widgets added at
    /// a whole second of the scenario's first hour drawn from that seed.
    func device(_ index: Int, under strategy: StrategyName) -> DeviceSimulation {
        let seed = SplitMix64.mix(scenario.seed &+ UInt64(index) &* 0x9E37_79B9_7F4A_7C15)
        let phase = Double(SplitMix64.mix(seed) >> 11) * 0x1.0p-53 * 3600
        return DeviceSimulation(
            scenario: scenario, strategy: strategy, seed: seed, firstReloadDelay: phase.rounded())
    }

    /// How many parts the devices are dealt into (device `i` to part `i % parts`), a few per core
    /// so a part that runs slow does not leave a core idle at the end.
    static var defaultParts: Int { max(1, ProcessInfo.processInfo.activeProcessorCount * 4) }

    func run(
        _ strategy: StrategyName, parts: Int = Self.defaultParts, deviceFinished: (@Sendable () -> Void)?
    ) -> FleetResult {
        let seconds = Int(
            min(scenario.end.timeIntervalSince(scenario.start), Self.longestDuration).rounded(.up))
        let chunks = min(devices, max(1, parts))
        let devices = self.devices
        let start = scenario.start
        let histograms = ParallelMap.map(Array(0..<chunks)) { chunk -> (requests: [Int32], pushes: [Int32]) in
            var requests = [Int32](repeating: 0, count: seconds)
            var pushes = [Int32](repeating: 0, count: seconds)
            func count(_ instant: Date, into histogram: inout [Int32]) {
                let second = Int(instant.timeIntervalSince(start))
                if second >= 0, second < seconds { histogram[second] += 1 }
            }
            // The devices of a part save the same few payloads: each is read back once.
            let readBacks = PayloadReadBacks()
            var device = chunk
            while device < devices {
                var simulation = self.device(device, under: strategy)
                simulation.readBacks = readBacks
                let load = simulation.backendLoad()
                for instant in load.requests { count(instant, into: &requests) }
                for instant in load.pushes { count(instant, into: &pushes) }
                deviceFinished?()
                device += chunks
            }
            return (requests, pushes)
        }
        var requests = [Int32](repeating: 0, count: seconds)
        var pushes = [Int32](repeating: 0, count: seconds)
        for histogram in histograms {
            for index in 0..<seconds {
                requests[index] += histogram.requests[index]
                pushes[index] += histogram.pushes[index]
            }
        }
        return FleetResult(
            strategy: strategy, devices: devices, start: scenario.start, perSecond: requests,
            pushesPerSecond: pushes)
    }
}

/// The backend load a fleet produced under one strategy: the requests the widgets (and, for
/// `app-only`, the app) sent the server, and the pushes the server sent through APNs — its fan-out.
public struct FleetResult: Sendable, Hashable, Codable {
    public var strategy: StrategyName
    public var devices: Int
    public var requests: Int
    /// Requests per second over the whole run, unrounded: a small fleet's few requests a day are
    /// far under 0.01 a second, and a rounded mean would say it asks nothing.
    public var meanPerSecond: Double
    public var peakPerSecond: Int
    /// The start of the (first) busiest second; `nil` when no request was sent, since no second was
    /// busiest (the JSON writes `null`).
    public var peakSecondAt: Date?
    public var peakPerMinute: Int
    /// The start of the (first) busiest minute; `nil` when no request was sent.
    public var peakMinuteAt: Date?
    /// Requests in each minute from the start, for charts.
    public var perMinute: [Int]
    /// Requests per minute across the run's minutes (quiet ones included).
    public var perMinutePercentiles: Percentiles
    /// The pushes the server sent, each an APNs request.
    public var pushes: PushLoad

    /// The 50th, 95th and 99th percentiles of a count per minute (nearest rank).
    public struct Percentiles: Sendable, Hashable, Codable {
        public var p50: Int
        public var p95: Int
        public var p99: Int

        init(_ counts: [Int]) {
            let sorted = counts.sorted()
            func rank(_ percent: Double) -> Int {
                guard !sorted.isEmpty else { return 0 }
                let index = Int((percent / 100 * Double(sorted.count)).rounded(.up)) - 1
                return sorted[min(max(index, 0), sorted.count - 1)]
            }
            p50 = rank(50)
            p95 = rank(95)
            p99 = rank(99)
        }
    }

    /// The push fan-out: APNs requests the server sent.
    public struct PushLoad: Sendable, Hashable, Codable {
        public var total: Int
        public var peakPerSecond: Int
        public var peakPerMinute: Int
        /// The start of the (first) busiest minute; `nil` when no push was sent.
        public var peakMinuteAt: Date?
        public var perMinutePercentiles: Percentiles

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(total, forKey: .total)
            try container.encode(peakPerSecond, forKey: .peakPerSecond)
            try container.encode(peakPerMinute, forKey: .peakPerMinute)
            // Written as `null` when there is none, not left out: a reader sees the member either way.
            try container.encode(peakMinuteAt, forKey: .peakMinuteAt)
            try container.encode(perMinutePercentiles, forKey: .perMinutePercentiles)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(strategy, forKey: .strategy)
        try container.encode(devices, forKey: .devices)
        try container.encode(requests, forKey: .requests)
        try container.encode(meanPerSecond, forKey: .meanPerSecond)
        try container.encode(peakPerSecond, forKey: .peakPerSecond)
        // Written as `null` when there is none, not left out: a reader sees the member either way.
        try container.encode(peakSecondAt, forKey: .peakSecondAt)
        try container.encode(peakPerMinute, forKey: .peakPerMinute)
        try container.encode(peakMinuteAt, forKey: .peakMinuteAt)
        try container.encode(perMinute, forKey: .perMinute)
        try container.encode(perMinutePercentiles, forKey: .perMinutePercentiles)
        try container.encode(pushes, forKey: .pushes)
    }

    init(strategy: StrategyName, devices: Int, start: Date, perSecond: [Int32], pushesPerSecond: [Int32]) {
        self.strategy = strategy
        self.devices = devices
        let load = Load(perSecond, start: start)
        requests = load.total
        meanPerSecond = perSecond.isEmpty ? 0 : Double(requests) / Double(perSecond.count)
        peakPerSecond = load.peakPerSecond
        peakSecondAt = load.peakSecondAt
        perMinute = load.perMinute
        peakPerMinute = load.peakPerMinute
        peakMinuteAt = load.peakMinuteAt
        perMinutePercentiles = Percentiles(load.perMinute)
        let pushed = Load(pushesPerSecond, start: start)
        pushes = PushLoad(
            total: pushed.total, peakPerSecond: pushed.peakPerSecond, peakPerMinute: pushed.peakPerMinute,
            peakMinuteAt: pushed.peakMinuteAt, perMinutePercentiles: Percentiles(pushed.perMinute))
    }

    /// Totals and peaks of a per-second histogram.
    private struct Load {
        var total: Int
        var peakPerSecond: Int
        var peakSecondAt: Date?
        var perMinute: [Int]
        var peakPerMinute: Int
        var peakMinuteAt: Date?

        init(_ perSecond: [Int32], start: Date) {
            total = perSecond.reduce(0) { $0 + Int($1) }
            var peakIndex = 0
            for (index, count) in perSecond.enumerated() where count > perSecond[peakIndex] {
                peakIndex = index
            }
            peakPerSecond = perSecond.isEmpty ? 0 : Int(perSecond[peakIndex])
            peakSecondAt = total == 0 ? nil : start.addingTimeInterval(Double(peakIndex))
            let minutes = stride(from: 0, to: perSecond.count, by: 60).map { first in
                perSecond[first..<min(first + 60, perSecond.count)].reduce(0) { $0 + Int($1) }
            }
            var busiestMinute = 0
            for (index, count) in minutes.enumerated() where count > minutes[busiestMinute] {
                busiestMinute = index
            }
            perMinute = minutes
            peakPerMinute = minutes.isEmpty ? 0 : minutes[busiestMinute]
            peakMinuteAt = total == 0 ? nil : start.addingTimeInterval(Double(busiestMinute) * 60)
        }
    }
}
