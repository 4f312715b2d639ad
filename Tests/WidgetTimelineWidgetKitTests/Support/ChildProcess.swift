import Foundation
import WidgetTimelineTesting

/// A program found on `PATH` (`swift`, `swiftc`, `bash`, `python3`, `git`), run to completion by
/// `WidgetTimelineTesting`'s ``ProcessOutput/run(_:_:input:currentDirectory:environment:)``.
enum ChildProcess {
    static func run(_ command: String, _ arguments: [String]) throws -> ProcessOutput {
        try ProcessOutput.run(URL(fileURLWithPath: "/usr/bin/env"), [command] + arguments)
    }
}

extension ProcessOutput {
    /// Standard output and standard error together, for failure messages.
    var transcript: String { standardOutput + standardError }
}
