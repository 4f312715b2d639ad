import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineTesting

/// The Python reader and writer printed in `docs/store-format.md`, run as printed against the Swift
/// store on one shared directory: each reads what the other committed, they number revisions as
/// one, and the Python writer, like the Swift one, refuses a symbolic link in place of a key's
/// directory.
@Suite("The documented Python implementation works with the Swift store")
struct ForeignImplementationTests {
    static let documentation = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/store-format.md")

    /// The Python block of the section on other languages.
    static func documentedPython() throws -> String {
        let text = try String(contentsOf: documentation, encoding: .utf8)
        let section = try #require(text.range(of: "## Reading and writing from another language"))
        let rest = text[section.upperBound...]
        let start = try #require(rest.range(of: "```python\n"))
        let end = try #require(rest[start.upperBound...].range(of: "```"))
        return String(rest[start.upperBound..<end.lowerBound])
    }

    /// Runs `command` of a small driver around the documented code; its standard output, and
    /// whether it exited 0.
    func python(_ arguments: [String], in directory: URL) throws -> (output: String, succeeded: Bool) {
        let module = directory.appendingPathComponent("store_format.py")
        try Self.documentedPython().write(to: module, atomically: true, encoding: .utf8)
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/store-format-driver.py")
        let output = try ProcessOutput.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", script.path, directory.path] + arguments)
        return (output.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines), output.status == 0)
    }

    @Test("Swift and Python commit in turn and each reads the other's newest revision")
    func inTurn() throws {
        try withTemporaryDirectory { work throws in
            let shared = work.appendingPathComponent("shared")
            try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
            let store = FileSnapshotStore(directory: shared)
            _ = try store.commit(StoreFixture.draft(1))
            #expect(try python(["commit", shared.path, "task-count", "3"], in: work) == ("2", true))
            let read = store.read(StoreFixture.key, as: Counter.self, supportedSchema: 1)
            #expect(read.snapshot?.revision == 2)
            #expect(read.snapshot?.payload == Counter(value: 3))
            #expect(try store.commit(StoreFixture.draft(4)).revision == 3)
            let (text, succeeded) = try python(["read", shared.path, "task-count"], in: work)
            #expect(succeeded)
            let envelope = try JSONParser.parse(Array(text.utf8))
            #expect(envelope["revision"] == .integer(3))
            #expect(envelope["payload"]?["value"] == .integer(4))
            #expect(try python(["read", shared.path, "no-such-key"], in: work) == ("null", true))
            // A key's directory before its first record (a writer creates it first): no record,
            // not a corrupted one.
            try FileManager.default.createDirectory(
                at: store.directory(for: StoreFixture.otherKey), withIntermediateDirectories: true)
            #expect(
                try python(["read", shared.path, StoreFixture.otherKey.rawValue], in: work) == ("null", true))
        }
    }

    @Test("names the Swift store ignores — other digits, other widths — the Python code ignores too")
    func ignoredNames() throws {
        try withTemporaryDirectory { work throws in
            let shared = work.appendingPathComponent("shared")
            try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
            let store = FileSnapshotStore(directory: shared)
            _ = try store.commit(StoreFixture.draft(1))
            let keyDirectory = store.directory(for: StoreFixture.key)
            // Superscript and Arabic-Indic digits, which Python's str.isdigit() accepts and int()
            // does not all take; an eleventh digit; a revision 0; a suffix after the extension.
            for name in [
                "²³.snapshot", "\u{0661}\u{0662}.snapshot", "00000000099.snapshot", "0000000000.snapshot",
                "0000000007.snapshot.bak",
            ] {
                try Data("x".utf8).write(to: keyDirectory.appendingPathComponent(name))
            }
            let (text, succeeded) = try python(["read", shared.path, "task-count"], in: work)
            #expect(succeeded, "\(text)")
            #expect(try JSONParser.parse(Array(text.utf8))["revision"] == .integer(1))
            #expect(try python(["commit", shared.path, "task-count", "3"], in: work) == ("2", true))
            #expect(
                store.read(StoreFixture.key, as: Counter.self, supportedSchema: 1).snapshot?.revision == 2)
        }
    }

    @Test("the Python writer refuses a symbolic link in place of a key's directory, as the Swift one does")
    func linkedKey() throws {
        try withTemporaryDirectory { work throws in
            let shared = work.appendingPathComponent("shared")
            let outside = work.appendingPathComponent("outside")
            try FileManager.default.createDirectory(
                at: shared.appendingPathComponent("snapshots"), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                at: shared.appendingPathComponent("snapshots/task-count"), withDestinationURL: outside)
            #expect(try python(["commit", shared.path, "task-count", "3"], in: work).succeeded == false)
            #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path) == [])
        }
    }
}
