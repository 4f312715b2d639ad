// peak-rss [--report FILE] [--limit SECONDS] PROGRAM [ARGUMENT]…: runs PROGRAM and reports its peak
// resident set size in kilobytes. Used by the memory benchmark and by the resource-bound tests; not
// a product.
//
// Linux records, at `exec`, the high-water mark of the address space the new program replaces —
// with `posix_spawn` (vfork) that is the parent's. A large parent (a benchmark, a test runner that
// just built a 256 MiB input) therefore inflates every child's `ru_maxrss`. This launcher is tiny
// (no Foundation), so what it reports is the child's own peak whenever that peak is above the
// launcher's few megabytes.
//
// Without `--report`, PROGRAM's output is discarded, the peak is printed, and the exit status is 0
// when PROGRAM succeeded, 1 otherwise. With `--report FILE`, PROGRAM keeps the launcher's standard
// input, output and error, and FILE receives "STATUS PEAK": PROGRAM's exit status, or minus the
// signal that ended it. `--limit` kills PROGRAM (SIGKILL, reported as -9) after that many seconds,
// so a hang cannot stall whoever waits for it.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

func fail(_ message: String, _ status: Int32) -> Never {
    let bytes = Array((message + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(status)
}

let usage = "usage: peak-rss [--report FILE] [--limit SECONDS] PROGRAM [ARGUMENT]..."
var arguments = Array(CommandLine.arguments.dropFirst())
var reportPath: String?
var limitSeconds: Double?
while let option = arguments.first, option.hasPrefix("--") {
    guard arguments.count >= 2 else { fail("peak-rss: \(option) needs a value; \(usage)", 64) }
    switch option {
    case "--report": reportPath = arguments[1]
    case "--limit":
        guard let seconds = Double(arguments[1]), seconds > 0 else {
            fail("peak-rss: --limit '\(arguments[1])' is not a number of seconds", 64)
        }
        limitSeconds = seconds
    default: fail("peak-rss: unknown option '\(option)'; \(usage)", 64)
    }
    arguments.removeFirst(2)
}
guard let program = arguments.first else { fail(usage, 64) }

var actions = posix_spawn_file_actions_t()
posix_spawn_file_actions_init(&actions)
if reportPath == nil { posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0) }
let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
var pid: pid_t = 0
let spawned = posix_spawn(&pid, program, &actions, nil, argv, environ)
guard spawned == 0 else {
    fail("peak-rss: cannot run \(program): \(String(cString: strerror(spawned)))", 66)
}

func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

var resources = rusage()
var status: Int32 = 0
if let limitSeconds {
    // Poll every 10 ms: the portable way to wait for a child with a deadline.
    let deadline = monotonicSeconds() + limitSeconds
    var killed = false
    while true {
        let waited = wait4(pid, &status, WNOHANG, &resources)
        if waited == pid { break }
        guard waited == 0 else { fail("peak-rss: wait4: \(String(cString: strerror(errno)))", 71) }
        if !killed && monotonicSeconds() > deadline {
            kill(pid, SIGKILL)
            killed = true
        }
        var pause = timespec(tv_sec: 0, tv_nsec: 10_000_000)
        nanosleep(&pause, nil)
    }
} else {
    guard wait4(pid, &status, 0, &resources) == pid else {
        fail("peak-rss: wait4: \(String(cString: strerror(errno)))", 71)
    }
}

// The exit status, or minus the signal that ended the program (`WIFEXITED` and friends are C
// macros Swift cannot call).
let signal = status & 0x7F
let exitStatus = signal == 0 ? (status >> 8) & 0xFF : -signal
guard let reportPath else {
    print(resources.ru_maxrss)
    exit(exitStatus == 0 ? 0 : 1)
}
let report = Array("\(exitStatus) \(resources.ru_maxrss)\n".utf8)
let descriptor = open(reportPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
guard descriptor >= 0,
    report.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) == report.count,
    close(descriptor) == 0
else { fail("peak-rss: cannot write \(reportPath): \(String(cString: strerror(errno)))", 73) }
