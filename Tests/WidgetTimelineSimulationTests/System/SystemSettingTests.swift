import Foundation
import Testing

@testable import WidgetTimelineSimulation

/// The system model's settings: each documented with its range and evidence, each read by
/// scenarios and sweeps the same way.
@Suite("The system model's settings: documented, sourced, and read the same everywhere")
struct SystemSettingTests {
    static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/simulator.md")

    /// The row docs/simulator.md's model table must have for `setting`.
    static func row(_ setting: SystemSetting) -> String {
        let sources =
            setting.sources.isEmpty ? "none found" : setting.sources.map { "<\($0)>" }.joined(separator: ", ")
        return
            "| `\(setting.name)` | \(setting.value(in: .default)) | \(setting.range.joined(separator: ", ")) | "
            + "\(setting.rule) | \(setting.evidence.rawValue): \(setting.basis) \(sources) |"
    }

    @Test(
        "docs/simulator.md's model table is the settings: name, default, range, rule, evidence and sources by URL"
    )
    func documented() throws {
        let text = try String(contentsOf: Self.docs, encoding: .utf8)
        for setting in SystemSetting.all {
            #expect(
                text.contains(Self.row(setting)), "docs/simulator.md lacks this row:\n\(Self.row(setting))")
        }
        // Every SystemModel setting is in the table: the model encodes exactly these members.
        let encoded =
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(SystemModel.default))
            as? [String: Any]
        #expect(Set(encoded?.keys.map { $0 } ?? []) == Set(SystemSetting.all.map(\.name)))
        // Only an invented number may go without a source, and the sources are addresses.
        for setting in SystemSetting.all {
            #expect(setting.evidence == .invented || !setting.sources.isEmpty, "\(setting.name)")
            #expect(setting.sources.allSatisfy { $0.hasPrefix("https://") }, "\(setting.name)")
        }
    }

    @Test("each range holds the default, each value is one the setting takes, and a scenario reads it back")
    func ranges() throws {
        for setting in SystemSetting.all {
            #expect(setting.range.contains(setting.value(in: .default)), "\(setting.name)")
            for value in setting.range {
                let model = try setting.applying(value, to: .default)
                #expect(setting.value(in: model) == value, "\(setting.name)=\(value)")
                // The same value written in a scenario's "system" gives the same model.
                let json = "{\"\(setting.name)\": \(Self.jsonValue(value))}"
                let decoded = try JSONDecoder().decode(SystemModel.self, from: Data(json.utf8))
                #expect(decoded == model, "\(setting.name)=\(value)")
            }
        }
    }

    @Test("docs/simulator.md's valid-values table is each setting's valid range and its reason")
    func validDocumented() throws {
        let text = try String(contentsOf: Self.docs, encoding: .utf8)
        for setting in SystemSetting.all {
            guard let valid = setting.valid else {
                // Only a flag or a word setting goes without a range: its words are all it takes.
                #expect(setting.range.allSatisfy { DurationText(parsing: $0) == nil }, "\(setting.name)")
                continue
            }
            let row = "| `\(setting.name)` | \(valid.text) | \(valid.reason) |"
            #expect(text.contains(row), "docs/simulator.md lacks this row:\n\(row)")
            #expect(setting.range.allSatisfy { valid.contains(DurationText(parsing: $0)?.seconds ?? 0) })
        }
    }

    @Test("a value a setting does not take is refused with what it takes")
    func refusals() {
        #expect(
            throws: SettingError(
                setting: "dailyBudget", value: "lots",
                expected: "a whole number from 0 to 1440, or null (unlimited)")
        ) {
            try SystemSetting.named("dailyBudget")!.applying("lots", to: .default)
        }
        #expect(throws: SettingError.self) {
            try SystemSetting.named("entryLateness")!.applying("soon", to: .default)
        }
        #expect(throws: SettingError.self) {
            try SystemSetting.named("getTimelineCalls")!.applying("11", to: .default)
        }
        // In range, but finer than the millisecond every instant of a run is.
        #expect(
            throws: SettingError(
                setting: "entryLateness", value: "0.0005", expected: "a duration in whole milliseconds")
        ) {
            try SystemSetting.named("entryLateness")!.applying("0.0005", to: .default)
        }
        #expect(throws: SettingError.self) {
            try SystemSetting.named("budgetRefill")!.applying("weekly", to: .default)
        }
    }

    @Test("the documented grid: the base, then each setting alone at each other value of its range")
    func grid() {
        let grid = SystemSetting.documentedGrid()
        #expect(grid.first == .default)
        let expected =
            1
            + SystemSetting.all.reduce(0) { count, setting in
                count + setting.range.filter { $0 != setting.value(in: .default) }.count
            }
        #expect(grid.count == expected)
        #expect(Set(grid.map { "\($0)" }).count == grid.count)
    }

    static func jsonValue(_ text: String) -> String {
        if ["true", "false", "null"].contains(text) || Int(text) != nil { return text }
        return "\"\(text)\""
    }
}
