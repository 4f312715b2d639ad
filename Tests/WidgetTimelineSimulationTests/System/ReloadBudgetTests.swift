import Foundation
import Testing
import WidgetTimelineExamples

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

    // Before: the next midnight was taken in the zone of the midnight before, so after New York
    // to Lord Howe at 07:00 UTC the budget reset next at New York's midnight (04:00 UTC the next
    // day), not at Lord Howe's at 13:00 UTC: a run at 14:49 UTC found 3 charges of the new day.
    @Test("a daily refill resets at each midnight of the zone the user is in, also after a time-zone change")
    func dailyRefillAfterTimeZoneChange() throws {
        let json = """
            {
              "name": "daily refill across a zone change",
              "start": "2026-03-08T03:00:00Z", "duration": "36h", "timeZone": "America/New_York",
              "timeZoneChanges": [
                { "at": "2026-03-08T07:00:00Z", "timeZone": "Australia/Lord_Howe" },
                { "at": "2026-03-08T22:00:00Z", "timeZone": "Europe/Berlin" }
              ],
              "system": { "budgetRefill": "daily" },
              "widgets": [ { "id": "t", "kind": "task-count" } ]
            }
            """
        let scenario = try Scenario.decode(Data(json.utf8)).compiled(kinds: ExampleWidgets.all)
        let utc = { (text: String) in try #require(ISO8601DateFormatter().date(from: text)) }
        #expect(
            scenario.localMidnights() == [
                try utc("2026-03-08T05:00:00Z"),  // New York, before the gap at 02:00
                try utc("2026-03-08T13:00:00Z"),  // Lord Howe, +11:00
                try utc("2026-03-08T23:00:00Z"),  // Berlin, +01:00
            ])
    }
}
