import Foundation
import Testing
import WidgetTimelineCLI
import WidgetTimelineTesting

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// `--report` and `--trace` name a file to write, and what is already there decides how: a regular
/// file is replaced whole (through a symbolic link, the file it names), anything else — a FIFO, a
/// pipe, a device — is written in place and stays what it was. Through the real binary.
@Suite("Report and trace files: replaced whole, or written in place", .serialized)
struct OutputFileTests {
    /// A fresh directory, removed afterwards.
    func withDirectory(_ body: (URL) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("widget-timeline-output-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try body(directory)
    }

    /// Everything read from `descriptor` until its end.
    static func readToEnd(_ descriptor: Int32) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return data }
            data.append(contentsOf: buffer[..<count])
        }
    }

    func fileType(_ path: String) -> mode_t? {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & S_IFMT : nil
    }

    @Test("a FIFO nothing reads from is refused at once (74) and stays a FIFO; nothing is printed")
    func fifoWithoutReader() throws {
        let binary = try #require(BuiltProducts.executable("widget-timeline"), "widget-timeline is not built")
        try withDirectory { directory in
            let fifo = directory.appendingPathComponent("report.html").path
            #expect(mkfifo(fifo, 0o644) == 0)
            for option in ["--report", "--trace"] {
                let output = try StoreHostileFileSystemTests.run(binary, ["simulate", option, fifo])
                #expect(output?.status == ExitCode.ioError.rawValue, "\(String(describing: output))")
                #expect(
                    output?.standardError.contains("to '\(fifo)': it is a FIFO and nothing reads from it")
                        == true, "\(String(describing: output))")
                #expect(output?.standardOutput == "")
                #expect(fileType(fifo) == S_IFIFO, "\(option) replaced the FIFO")
            }
        }
    }

    @Test("a FIFO with a reader gets the whole trace, and stays a FIFO")
    func fifoWithReader() throws {
        let binary = try #require(BuiltProducts.executable("widget-timeline"), "widget-timeline is not built")
        try withDirectory { directory in
            let fifo = directory.appendingPathComponent("trace.json").path
            #expect(mkfifo(fifo, 0o644) == 0)
            // The reader is there before the command starts, and a second write end held here keeps
            // its reads waiting (not at their end) until the command is done.
            let reader = open(fifo, O_RDONLY | O_NONBLOCK)
            let keepOpen = open(fifo, O_WRONLY)
            #expect(reader >= 0 && keepOpen >= 0)
            defer { close(reader) }
            #expect(fcntl(reader, F_SETFL, fcntl(reader, F_GETFL) & ~O_NONBLOCK) == 0)
            let received = ByteBox()
            let drained = DispatchSemaphore(value: 0)
            Thread {
                received.bytes = Self.readToEnd(reader)
                drained.signal()
            }.start()
            let output = try StoreHostileFileSystemTests.run(binary, ["simulate", "--trace", fifo])
            close(keepOpen)
            #expect(drained.wait(timeout: .now() + 60) == .success, "the reader did not reach the end")
            #expect(output?.status == 0, "\(String(describing: output))")
            #expect(output?.standardOutput.contains("trace: \(fifo)") == true)
            let trace = try #require(received.bytes)
            let parsed = try JSONSerialization.jsonObject(with: trace) as? [String: Any]
            #expect(parsed?["format"] as? String == "widget-timeline-trace")
            #expect(fileType(fifo) == S_IFIFO)
        }
    }

    @Test("a reader that goes away mid-write: 74, 'broken pipe', no crash")
    func readerGoesAway() throws {
        let binary = try #require(BuiltProducts.executable("widget-timeline"), "widget-timeline is not built")
        try withDirectory { directory in
            let fifo = directory.appendingPathComponent("trace.json").path
            #expect(mkfifo(fifo, 0o644) == 0)
            let reader = open(fifo, O_RDONLY | O_NONBLOCK)
            #expect(reader >= 0)
            let started = DispatchSemaphore(value: 0)
            Thread {
                // Waits for the trace's first bytes (a FIFO no writer has opened yet has nothing to
                // poll), then leaves with megabytes of it unread.
                var ready = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
                _ = poll(&ready, 1, -1)
                close(reader)
                started.signal()
            }.start()
            let output = try StoreHostileFileSystemTests.run(binary, ["simulate", "--trace", fifo])
            #expect(started.wait(timeout: .now() + 60) == .success)
            #expect(output?.status == ExitCode.ioError.rawValue, "\(String(describing: output))")
            #expect(
                output?.standardError.contains("cannot write the trace to '\(fifo)': broken pipe") == true,
                "\(String(describing: output))")
            #expect(fileType(fifo) == S_IFIFO)
        }
    }

    @Test("standard output named as a file: the report is written to it, before the table")
    func standardOutput() throws {
        let binary = try #require(BuiltProducts.executable("widget-timeline"), "widget-timeline is not built")
        try withDirectory { directory in
            // `/dev/stdout` itself, through a link of the test's own: were the link replaced, it
            // would be this one.
            let link = directory.appendingPathComponent("stdout")
            try FileManager.default.createSymbolicLink(
                at: link, withDestinationURL: URL(fileURLWithPath: "/dev/stdout"))
            let output = try #require(
                try StoreHostileFileSystemTests.run(binary, ["demo", "--report", link.path]))
            #expect(output.status == 0, "\(output.standardError)")
            #expect(output.standardOutput.hasPrefix("<!DOCTYPE html>"), "\(output.standardOutput.prefix(80))")
            #expect(output.standardOutput.contains("report: \(link.path)"))
            #expect(fileType(link.path) == S_IFLNK, "the link was replaced")
        }
    }

    @Test(
        "a regular file is replaced whole; through a symbolic link, the file it names; a directory is refused"
    )
    func regularFiles() throws {
        let binary = try #require(BuiltProducts.executable("widget-timeline"), "widget-timeline is not built")
        try withDirectory { directory in
            let target = directory.appendingPathComponent("target.html")
            let link = directory.appendingPathComponent("link.html")
            try Data("old".utf8).write(to: target)
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
            let output = try StoreHostileFileSystemTests.run(binary, ["demo", "--report", link.path])
            #expect(output?.status == 0, "\(String(describing: output))")
            #expect(fileType(link.path) == S_IFLNK, "the link was replaced")
            #expect(try String(contentsOf: target, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
            #expect(names == ["link.html", "target.html"], "left behind: \(names)")
            let refused = try StoreHostileFileSystemTests.run(binary, ["demo", "--report", directory.path])
            #expect(refused?.status == ExitCode.ioError.rawValue)
            #expect(
                refused?.standardError
                    == "error: cannot write the report to '\(directory.path)': it is a directory\n",
                "\(String(describing: refused))")
        }
    }
}

/// Bytes handed from a reader thread.
private final class ByteBox: @unchecked Sendable {
    var bytes: Data?
}
