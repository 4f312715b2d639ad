import Foundation
import WidgetTimeline
import WidgetTimelinePush
import WidgetTimelineTesting

/// Seeded registrations for the push tests.
extension ValueGenerator {
    /// A token of 1 to 40 random bytes.
    mutating func pushToken() -> PushToken {
        try! PushToken(bytes: (0..<int(in: 1...40)).map { _ in UInt8.random(in: 0...255, using: &self) })
    }

    /// Non-empty text with the generator's awkward characters.
    mutating func nonEmptyText() -> String {
        let text = text(maximumLength: 12)
        return text.isEmpty ? "x" : text
    }

    /// A valid registration with any text in its names and up to five widgets.
    mutating func pushRegistration() -> PushRegistration {
        var ids: Set<String> = []
        let widgets = array(count: 0...5) { values in
            try! RegisteredWidget(
                id: values.nonEmptyText(), kind: values.nonEmptyText(), family: values.nonEmptyText())
        }
        .filter { ids.insert($0.id).inserted }
        return try! PushRegistration(
            installationID: nonEmptyText(), token: pushToken(),
            environment: bool() ? .production : .development,
            widgets: widgets)
    }
}
