import WidgetTimelineCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// A closed pipe (`widget-timeline demo | head`) ends output quietly instead of killing the process.
signal(SIGPIPE, SIG_IGN)
// A file-size limit (`ulimit -f`) makes a write fail with EFBIG, reported like a full disk (exit
// 74), instead of killing the process mid-commit with nothing said.
signal(SIGXFSZ, SIG_IGN)
exit(CommandLineTool.run(Array(CommandLine.arguments.dropFirst()), in: .live()).rawValue)
