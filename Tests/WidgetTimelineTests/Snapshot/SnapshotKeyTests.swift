import Testing
import WidgetTimeline

@Suite("Snapshot keys by purpose and scope")
struct SnapshotKeyTests {
    @Test(
        "valid keys are kept as written",
        arguments: ["task-count", "parking.yeouido.compact", "park.p_12.general", "a"])
    func valid(text: String) throws {
        #expect(try SnapshotKey(validating: text).rawValue == text)
    }

    @Test(
        "nothing that could leave the directory is accepted",
        arguments: [
            ("", SnapshotKeyError.empty), ("..", .emptyComponent("..")),
            ("/etc/passwd", .invalidCharacter("/", in: "/etc/passwd")),
            ("a/b", .invalidCharacter("/", in: "a/b")), (".hidden", .emptyComponent(".hidden")),
            ("a..b", .emptyComponent("a..b")), ("Parking", .invalidCharacter("P", in: "Parking")),
            ("a b", .invalidCharacter(" ", in: "a b")),
            ("a\u{0}b", .invalidCharacter("\u{0}", in: "a\u{0}b")),
            ("여의도", .invalidCharacter("여", in: "여의도")), ("a\\b", .invalidCharacter("\\", in: "a\\b")),
        ]
    )
    func invalid(text: String, error: SnapshotKeyError) {
        #expect(throws: error) { try SnapshotKey(validating: text) }
    }

    @Test("length limits")
    func lengths() {
        #expect(throws: SnapshotKeyError.componentTooLong(String(repeating: "a", count: 65))) {
            try SnapshotKey(validating: String(repeating: "a", count: 65))
        }
        let long = Array(repeating: String(repeating: "a", count: 60), count: 4).joined(separator: ".")
        #expect(throws: SnapshotKeyError.tooLong(243)) { try SnapshotKey(validating: long) }
    }

    @Test("sanitising keeps clean components and makes every other one safe and distinct")
    func sanitising() throws {
        let clean = SnapshotKey(purpose: "parking", scope: "yeouido", "compact")
        #expect(clean.rawValue == "parking.yeouido.compact")
        #expect(clean.purpose == "parking")
        let inputs = [
            "Yeouido Park", "yeouido park", "yeouido-park", "../../etc", "여의도", "반포", "", ".", "a/b", "A",
            "a",
        ]
        var seen: Set<String> = []
        for input in inputs {
            let key = SnapshotKey(purpose: "parking", scope: input)
            // Every sanitised key is also a valid key.
            #expect(try SnapshotKey(validating: key.rawValue) == key)
            #expect(seen.insert(key.rawValue).inserted, "\(input) collided as \(key)")
        }
        #expect(
            SnapshotKey(purpose: "parking", scope: "Yeouido Park").rawValue.hasPrefix("parking.yeouido-park-")
        )
    }

    @Test("a very long scope is shortened but stays distinct")
    func longScope() throws {
        let a = SnapshotKey(purpose: "p", scope: String(repeating: "x", count: 100) + "1")
        let b = SnapshotKey(purpose: "p", scope: String(repeating: "x", count: 100) + "2")
        #expect(a != b)
        _ = try SnapshotKey(validating: a.rawValue)
    }
}
