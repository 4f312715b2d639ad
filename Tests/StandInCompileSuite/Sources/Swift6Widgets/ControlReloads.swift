// Controls (iOS 18): the app reloads them when its state changes, lists the configured ones with
// their push tokens, and handles token changes.
import WidgetKit

@available(iOS 18.0, macOS 26.0, watchOS 26.0, *)
enum LightControls {
    static let kind = "com.example.home.light"

    static func lightDidChange() {
        ControlCenter.shared.reloadControls(ofKind: kind)
    }

    static func signedOut() {
        ControlCenter.shared.reloadAllControls()
    }

    static func configuredTokens() async throws -> [String: Data] {
        var tokens: [String: Data] = [:]
        for control in try await ControlCenter.shared.currentControls() where control.kind == kind {
            if let token = control.pushInfo?.token { tokens[control.id] = token }
        }
        return tokens
    }
}

@available(iOS 18.0, macOS 26.0, watchOS 26.0, *)
struct LightPushHandler: ControlPushHandler {
    func pushTokensDidChange(controls: [ControlInfo]) {
        let kinds = Set(controls.map(\.kind))
        UserDefaults(suiteName: "group.com.example.home")?.set(kinds.sorted(), forKey: "pushKinds")
    }
}
