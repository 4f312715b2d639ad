import Foundation
import Testing

@testable import WidgetTimeline

/// Which decoded payloads the in-memory store may hand to more than one read: the answer decided
/// from a trivially copied type agrees with the mirror's walk.
@Suite("Independent copies")
struct IndependentCopiesTests {
    private final class Box {}

    private struct Plain: Equatable {
        var count: Int
        var at: Date
        var flag: Bool?
    }

    private enum Choice { case count(Int), ratio(Double) }

    private struct HoldsBox { var box: Box }

    private struct HoldsText { var text: String }

    @Test("trivially copied values are independent without a mirror, and so are strings and arrays")
    func independent() {
        #expect(
            IndependentCopies.areIndependent(Plain(count: 3, at: Date(timeIntervalSince1970: 0), flag: nil)))
        #expect(IndependentCopies.areIndependent(Choice.ratio(0.5)))
        #expect(IndependentCopies.areIndependent(Int?.none as Any))
        #expect(IndependentCopies.areIndependent(HoldsText(text: "a")))
        #expect(IndependentCopies.areIndependent([Plain(count: 1, at: .distantPast, flag: true)]))
    }

    @Test("a class instance anywhere in a value makes its copies share it")
    func shared() {
        #expect(!IndependentCopies.areIndependent(Box()))
        #expect(!IndependentCopies.areIndependent(HoldsBox(box: Box())))
        #expect(!IndependentCopies.areIndependent([HoldsBox(box: Box())]))
        #expect(!IndependentCopies.areIndependent(Box?.some(Box()) as Any))
    }
}
