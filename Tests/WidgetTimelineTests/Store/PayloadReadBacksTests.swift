import Foundation
import Testing

@testable import WidgetTimeline

/// A fleet's shared read-back checks give every draft what its own check would: the same stored
/// form and value read back, the same refusals, and no instance shared between two drafts.
@Suite("Shared read-back checks")
struct PayloadReadBacksTests {
    /// Reads back as itself only when `tag` is 0: the tag is not encoded.
    private struct Tagged: Codable, Equatable {
        var count: Int
        var label: String
        var tag = 0

        private enum CodingKeys: String, CodingKey { case count, label }
    }

    private final class Counter: Codable, Equatable {
        var count: Int
        init(count: Int) { self.count = count }
        static func == (lhs: Counter, rhs: Counter) -> Bool { lhs.count == rhs.count }
    }

    @Test("a payload checked again through them gives what its own check gives, and its fingerprint")
    func sameEncoding() throws {
        let readBacks = PayloadReadBacks()
        for payload in [
            Tagged(count: 3, label: "tasks"), Tagged(count: 3, label: "tasks"), Tagged(count: 4, label: "é"),
        ] {
            let shared = try PayloadReadBack.encode(payload, readBacks: readBacks)
            let own = try PayloadReadBack.encode(payload)
            #expect(shared.value == own.value)
            #expect(shared.bytes == own.bytes)
            #expect(shared.readBack == own.readBack)
            // The fingerprint they remember is the one a draft computes from the stored form.
            #expect(shared.fingerprint == ContentFingerprint(of: own.value))
        }
    }

    @Test("a payload that would not read back is refused, after one with the same bytes that does")
    func sameRefusal() throws {
        let readBacks = PayloadReadBacks()
        _ = try PayloadReadBack.encode(Tagged(count: 3, label: "tasks"), readBacks: readBacks)
        #expect(throws: SnapshotStoreError.self) {
            try PayloadReadBack.encode(Tagged(count: 3, label: "tasks", tag: 1), readBacks: readBacks)
        }
    }

    @Test("a value read back that holds a class instance is not kept: no two drafts share it")
    func noSharedInstance() throws {
        let readBacks = PayloadReadBacks()
        let first = try PayloadReadBack.encode(Counter(count: 1), readBacks: readBacks).readBack
        let second = try PayloadReadBack.encode(Counter(count: 1), readBacks: readBacks).readBack
        #expect(first !== second)
    }
}
