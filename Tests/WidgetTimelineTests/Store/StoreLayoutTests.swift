import Foundation
import Testing
import WidgetTimelineTesting

@testable import WidgetTimeline

/// The byte-reading record-name parser against the `String`-based one it replaced: the same answer
/// for every name a directory can hold, so no listing sees a revision the other would not.
@Suite("Record file names, read as bytes")
struct StoreLayoutTests {
    /// The parser as it was: the reference.
    static func reference(_ name: String) -> Int? {
        guard name.hasSuffix(StoreLayout.recordExtension) else { return nil }
        let digits = name.dropLast(StoreLayout.recordExtension.count)
        guard digits.count >= 10, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
            let revision = Int(digits), revision >= 1, StoreLayout.fileName(revision: revision) == name
        else { return nil }
        return revision
    }

    @Test(
        "names the store writes read back as their revision",
        arguments: [
            1, 9, 10, 18, 999_999_999, 1_000_000_000, 9_999_999_999, 10_000_000_000, Int.max,
        ])
    func writtenNames(revision: Int) {
        let name = StoreLayout.fileName(revision: revision)
        #expect(StoreLayout.revision(fromFileName: name) == revision)
        #expect(Self.reference(name) == revision)
    }

    @Test(
        "near misses are refused as before",
        arguments: [
            "", ".snapshot", "0000000000.snapshot", "000000001.snapshot", "00000000001.snapshot",
            "0000000001.snapshot.tmp", "0000000001.Snapshot", "0000000001snapshot", "000000000١.snapshot",
            "+000000001.snapshot", "-000000001.snapshot", "00000000 1.snapshot", "0000000001.snapshot ",
            "99999999999999999999.snapshot", "9223372036854775808.snapshot", ".tmp-42-spare",
            "0000000001.snapshot\u{301}", "e\u{301}000000001.snapshot",
        ])
    func nearMisses(name: String) {
        #expect(StoreLayout.revision(fromFileName: name) == Self.reference(name))
        #expect(StoreLayout.revision(fromFileName: name) == nil)
    }

    @Test("random names: the same answer as the reference")
    func randomNames() {
        let pieces = [
            "0", "1", "9", "00000", "123", ".snapshot", ".snap", "shot", ".tmp-", "-", "é", "\u{301}", "x",
        ]
        PropertyCheck.forAll("record name", count: 5_000, firstSeed: 71_000) { values -> String? in
            var name = (0..<values.int(in: 0...6)).map { _ in values.element(of: pieces) }.joined()
            if values.bool() { name = StoreLayout.fileName(revision: values.int(in: 1...5_000)) + name }
            let read = StoreLayout.revision(fromFileName: name)
            let expected = Self.reference(name)
            return read == expected
                ? nil : "\(name): \(String(describing: read)), not \(String(describing: expected))"
        }
    }
}
