import Foundation

/// A case timed on its own against an absolute target (the simulator's speed).
struct BenchmarkCase {
    var name: String
    /// What the case measures, in a sentence.
    var summary: String
    /// The longest acceptable median, in seconds, if the case has a target.
    var target: Double?
    /// Prepares the inputs and returns the work to time; the work returns a count of processed
    /// items (events, devices) and their unit, for a throughput figure.
    var prepare: () -> () -> (count: Int, unit: String)
    /// A case that takes minutes: it runs only when `--filter` names it in full, once (`--iterations`
    /// more), without a warm-up, so the default run does not grow by its length.
    var isLong = false
    /// A throughput measured before, to report the ratio to: items per second and where it comes
    /// from. A figure of another run, so the ratio carries that run's machine load as well as ours.
    var reference: (perSecond: Double, source: String)?
}

/// A case measured against its physical floor in the same run: both are timed alternately,
/// `repetitions` operations a sample, so machine noise hits both and cancels in the ratio.
struct RatioCase {
    var name: String
    /// What the subject does.
    var summary: String
    /// What the floor does: the least the machine must do for the same bytes.
    var floorSummary: String
    /// The largest acceptable median ratio subject / floor.
    var target: Double
    /// Operations per timed sample, so one sample is well above the clock's resolution.
    var repetitions: Int
    /// Prepares both sides (not timed); each closure does one operation.
    var prepare: () throws -> (subject: () throws -> Void, floor: () throws -> Void)
}

/// One case's result, for the text line and `--json`.
struct Measurement: Encodable {
    var name: String
    var summary: String
    var iterations: Int
    var medianSeconds: Double
    var minimumSeconds: Double
    var maximumSeconds: Double
    var targetSeconds: Double?
    var floorSummary: String?
    var floorMedianSeconds: Double?
    var ratio: Double?
    var ratioMinimum: Double?
    var ratioMaximum: Double?
    var targetRatio: Double?
    var metTarget: Bool?
    var count: Int?
    var unit: String?
    var perSecond: Double?
    /// For the memory case: what was measured, in words.
    var detail: String?
    /// For the memory case: its targets, in words.
    var targetText: String?
    /// For a timed case: the median CPU time of the process across all its threads, which other
    /// programs on the machine change less than the wall time.
    var cpuSeconds: Double?
    /// For a case with a ``BenchmarkCase/reference``: that throughput, where it comes from, and
    /// this run's throughput over it.
    var referencePerSecond: Double?
    var referenceSource: String?
    var speedup: Double?
}

enum Harness {
    struct Options {
        var json = false
        var filter: String?
        var iterations = 5
        /// Whether `--iterations` was given: long cases run once unless it was.
        var iterationsGiven = false

        var longIterations: Int { iterationsGiven ? iterations : 1 }
    }

    static func parse(_ arguments: [String]) -> Options? {
        var options = Options()
        var index = 0
        while index < arguments.count {
            switch arguments[index] {
            case "--json": options.json = true
            case "--filter" where index + 1 < arguments.count:
                index += 1
                options.filter = arguments[index]
            case "--iterations" where index + 1 < arguments.count:
                index += 1
                options.iterations = max(1, Int(arguments[index]) ?? options.iterations)
                options.iterationsGiven = true
            case "-h", "--help":
                print("USAGE: widget-timeline-bench [--json] [--filter <text>] [--iterations <n>]")
                print(
                    "A long case (minutes) runs only when --filter is its whole name, once unless --iterations."
                )
                return nil
            default:
                FileHandle.standardError.write(Data("error: unknown argument '\(arguments[index])'\n".utf8))
                exit(64)
            }
            index += 1
        }
        return options
    }

    static func selected(_ name: String, _ options: Options) -> Bool {
        options.filter.map { name.contains($0) } ?? true
    }

    /// Whether a timed case runs: a long one only when the filter is its whole name.
    static func selected(_ benchmark: BenchmarkCase, _ options: Options) -> Bool {
        benchmark.isLong ? options.filter == benchmark.name : selected(benchmark.name, options)
    }

    /// Runs the selected cases, prints them, and returns the exit status: 1 if a target was missed.
    static func run(
        timed: [BenchmarkCase], ratios: [RatioCase], memory: [(name: String, measure: () -> Measurement)],
        options: Options
    ) -> Int32 {
        var results: [Measurement] = []
        func report(_ measurement: Measurement) {
            results.append(measurement)
            if !options.json { print(line(measurement)) }
        }
        for benchmark in ratios where selected(benchmark.name, options) {
            do {
                report(try measure(benchmark, iterations: max(options.iterations, Self.minimumRatioSamples)))
            } catch {
                FileHandle.standardError.write(
                    Data("error: \(benchmark.name) could not run: \(error)\n".utf8))
                return 1
            }
        }
        for benchmark in timed where selected(benchmark, options) {
            report(
                measure(benchmark, iterations: benchmark.isLong ? options.longIterations : options.iterations)
            )
        }
        for (name, measure) in memory where selected(name, options) {
            report(measure())
        }
        if options.json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: (try? encoder.encode(results)) ?? Data(), as: UTF8.self))
        }
        let missed = results.filter { $0.metTarget == false }
        for measurement in missed {
            FileHandle.standardError.write(
                Data("error: \(measurement.name) missed its target: \(verdict(measurement))\n".utf8))
        }
        return missed.isEmpty ? 0 : 1
    }

    static func measure(_ benchmark: BenchmarkCase, iterations: Int) -> Measurement {
        let work = benchmark.prepare()
        if !benchmark.isLong { _ = work() }  // warm-up; minutes of work warm themselves
        var times: [Double] = []
        var cpuTimes: [Double] = []
        var last = (count: 0, unit: "")
        for _ in 0..<iterations {
            let start = DispatchTime.now().uptimeNanoseconds
            let cpuStart = processCPUSeconds()
            last = work()
            cpuTimes.append(processCPUSeconds() - cpuStart)
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        times.sort()
        cpuTimes.sort()
        let median = times[times.count / 2]
        let perSecond = median > 0 ? Double(last.count) / median : 0
        return Measurement(
            name: benchmark.name, summary: benchmark.summary, iterations: iterations, medianSeconds: median,
            minimumSeconds: times.first!, maximumSeconds: times.last!, targetSeconds: benchmark.target,
            metTarget: benchmark.target.map { median < $0 }, count: last.count, unit: last.unit,
            perSecond: perSecond, cpuSeconds: cpuTimes[cpuTimes.count / 2],
            referencePerSecond: benchmark.reference?.perSecond,
            referenceSource: benchmark.reference?.source,
            speedup: benchmark.reference.map { perSecond / $0.perSecond })
    }

    /// Samples a ratio case takes at least. A commit's two `fsync`s vary by a third from one to the
    /// next on a shared disk; over 21 samples one slow sample no longer moves the median, and the
    /// commit case still takes under a second.
    static let minimumRatioSamples = 21

    static func measure(_ benchmark: RatioCase, iterations: Int) throws -> Measurement {
        let (subject, floor) = try benchmark.prepare()
        func time(_ operation: () throws -> Void) throws -> Double {
            let start = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<benchmark.repetitions { try operation() }
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 / Double(benchmark.repetitions)
        }
        _ = try time(subject)  // warm-up
        _ = try time(floor)
        var subjectTimes: [Double] = []
        var floorTimes: [Double] = []
        var ratios: [Double] = []
        for iteration in 0..<iterations {
            // Alternate which side goes first, so neither always follows the other's cache state.
            let (s, f): (Double, Double)
            if iteration.isMultiple(of: 2) {
                s = try time(subject)
                f = try time(floor)
            } else {
                f = try time(floor)
                s = try time(subject)
            }
            subjectTimes.append(s)
            floorTimes.append(f)
            ratios.append(s / f)
        }
        subjectTimes.sort()
        floorTimes.sort()
        ratios.sort()
        let ratio = ratios[ratios.count / 2]
        return Measurement(
            name: benchmark.name, summary: benchmark.summary, iterations: iterations,
            medianSeconds: subjectTimes[subjectTimes.count / 2], minimumSeconds: subjectTimes.first!,
            maximumSeconds: subjectTimes.last!, floorSummary: benchmark.floorSummary,
            floorMedianSeconds: floorTimes[floorTimes.count / 2], ratio: ratio, ratioMinimum: ratios.first!,
            ratioMaximum: ratios.last!, targetRatio: benchmark.target, metTarget: ratio <= benchmark.target)
    }

    static func line(_ measurement: Measurement) -> String {
        var text = measurement.name.padding(toLength: 34, withPad: " ", startingAt: 0)
        if let ratio = measurement.ratio, let floor = measurement.floorMedianSeconds {
            text += String(
                format: " %.3f× (%.3f–%.3f)", ratio, measurement.ratioMinimum ?? ratio,
                measurement.ratioMaximum ?? ratio)
            text += "  \(format(measurement.medianSeconds)) vs floor \(format(floor)) per op"
        } else if let detail = measurement.detail {
            text += " " + detail
        } else {
            text += " median \(format(measurement.medianSeconds))"
            text += " (\(format(measurement.minimumSeconds))–\(format(measurement.maximumSeconds)))"
            if let perSecond = measurement.perSecond, let unit = measurement.unit {
                text += "  \(Int(perSecond.rounded())) \(unit)/s"
            }
            if let cpu = measurement.cpuSeconds, let count = measurement.count, count > 0,
                let unit = measurement.unit
            {
                text +=
                    "  CPU \(format(cpu / Double(count)))/\(unit.hasSuffix("s") ? String(unit.dropLast()) : unit)"
            }
            if let speedup = measurement.speedup, let reference = measurement.referencePerSecond {
                text += String(
                    format: "  %.2f× the %d/s of %@", speedup, Int(reference.rounded()),
                    measurement.referenceSource ?? "before")
            }
        }
        if measurement.metTarget != nil {
            text += "  target \(target(measurement)): \(measurement.metTarget == true ? "met" : "MISSED")"
        }
        return text
    }

    static func target(_ measurement: Measurement) -> String {
        if let text = measurement.targetText { return text }
        if let ratio = measurement.targetRatio { return String(format: "≤ %.2f×", ratio) }
        if let seconds = measurement.targetSeconds { return "< " + format(seconds) }
        return measurement.summary
    }

    static func verdict(_ measurement: Measurement) -> String {
        if let ratio = measurement.ratio {
            return String(format: "%.3f× against %@", ratio, target(measurement))
        }
        if measurement.detail != nil { return measurement.detail! }
        return "median \(format(measurement.medianSeconds)) against \(target(measurement))"
    }

    /// The CPU time this process has used, all threads.
    static func processCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    static func format(_ seconds: Double) -> String {
        if seconds < 1e-3 { return String(format: "%.1f µs", seconds * 1e6) }
        return seconds < 1 ? String(format: "%.1f ms", seconds * 1000) : String(format: "%.2f s", seconds)
    }
}
