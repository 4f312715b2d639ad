import WidgetTimelineCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// A closed pipe (`widget-timeline demo | head`) ends output quietly instead of killing the process.
signal(SIGPIPE, SIG_IGN)
exit(CommandLineTool.run(Array(CommandLine.arguments.dropFirst()), in: .live()).rawValue)
