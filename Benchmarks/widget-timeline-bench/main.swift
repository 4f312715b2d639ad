import Foundation

// `widget-timeline-bench`: the package's benchmarks.
//
//     swift run -c release widget-timeline-bench [--json] [--filter TEXT] [--iterations N]
//
// Ratio cases time a subject and its physical floor alternately in the same run and report the
// median ratio; timed cases have absolute targets; the memory case measures child processes.
// A missed target makes the exit status 1 and is named on standard error. Speed is measured here,
// never asserted in a unit test. docs/performance.md has the results and how to read them.

guard let options = Harness.parse(Array(CommandLine.arguments.dropFirst())) else { exit(0) }
let status = Harness.run(
    timed: SimulationBenchmarks.cases, ratios: PipelineBenchmarks.cases + SimulationBenchmarks.ratioCases,
    memory: [(MemoryBenchmark.name, MemoryBenchmark.measure)],
    options: options)
PipelineBenchmarks.removeDirectories()
exit(status)
