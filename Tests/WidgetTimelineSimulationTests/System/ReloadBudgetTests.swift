import Foundation
import Testing

@testable import WidgetTimelineSimulation

@Suite("The rolling 24 h budget")
struct ReloadBudgetTests {
    let t0 = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("charges leave the window exactly one window later, not at midnight")
    func rolling() {
        var budget = ReloadBudget(limit: 2, window: 86_400)
        budget.charge(at: t0)
        budget.charge(at: t0.addingTimeInterval(3600))
        let allowsAtTwoHours = budget.allows(at: t0.addingTimeInterval(7200))
        let nextAvailable = budget.nextAvailable(after: t0.addingTimeInterval(7200))
        let allowsAfterWindow = budget.allows(at: t0.addingTimeInterval(86_400))
        let usedLater = budget.used(at: t0.addingTimeInterval(86_400 + 3600))
        #expect(!allowsAtTwoHours)
        #expect(nextAvailable == t0.addingTimeInterval(86_400))
        #expect(allowsAfterWindow)
        #expect(usedLater == 0)
    }

    @Test("an unlimited budget always allows and counts nothing")
    func unlimited() {
        var budget = ReloadBudget(limit: nil, window: 86_400)
        for second in 0..<1000 { budget.charge(at: t0.addingTimeInterval(Double(second))) }
        let allows = budget.allows(at: t0)
        let used = budget.used(at: t0)
        #expect(allows)
        #expect(used == 0)
    }
}
