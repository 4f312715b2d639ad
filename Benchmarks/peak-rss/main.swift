// peak-rss PROGRAM [ARGUMENT]…: runs PROGRAM with its output discarded and prints its peak resident
// set size in kilobytes. Not a product.
//
// Linux records, at `exec`, the high-water mark of the address space the new program replaces —
// with `posix_spawn` (vfork) that is the parent's. A large parent (a benchmark process) therefore
// inflates every child's `ru_maxrss`. This launcher is tiny (no Foundation), so what it prints is
// the child's own peak whenever that peak is above the launcher's few megabytes.
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

let arguments = CommandLine.arguments
guard arguments.count >= 2 else { fail("usage: peak-rss PROGRAM [ARGUMENT]...", 64) }
var actions = posix_spawn_file_actions_t()
posix_spawn_file_actions_init(&actions)
posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
let argv: [UnsafeMutablePointer<CChar>?] = arguments.dropFirst().map { strdup($0) } + [nil]
var pid: pid_t = 0
let spawned = posix_spawn(&pid, arguments[1], &actions, nil, argv, environ)
guard spawned == 0 else {
    fail("peak-rss: cannot run \(arguments[1]): \(String(cString: strerror(spawned)))", 66)
}
var usage = rusage()
var status: Int32 = 0
guard wait4(pid, &status, 0, &usage) == pid else { exit(71) }
print(usage.ru_maxrss)
exit(status == 0 ? 0 : 1)
