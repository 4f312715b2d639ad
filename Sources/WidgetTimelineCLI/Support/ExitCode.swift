/// The command's exit status, from `sysexits.h` where one fits.
public enum ExitCode: Int32, Sendable {
    /// Done, nothing wrong.
    case success = 0
    /// The command ran and found a problem: a lint error, a failing stage, no usable snapshot.
    case problemFound = 1
    /// The command line is wrong (`EX_USAGE`).
    case usage = 64
    /// An input file is malformed (`EX_DATAERR`).
    case badData = 65
    /// An input file is missing or unreadable (`EX_NOINPUT`).
    case noInput = 66
    /// Reading or writing failed (`EX_IOERR`).
    case ioError = 74
}
