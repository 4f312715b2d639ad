import Foundation
import Testing

@testable import ExampleHostApp

/// The Mac check's script drives this app: the launch argument it passes must be the one the app
/// reads, or stage two would wait for a commit that never comes.
@Suite("The stage-two script and the example app agree on the launch argument")
struct MacCheckContractTests {
    @Test("Scripts/widget-stage-two.sh launches the app with WidgetBridge.commitFixtureArgument")
    func launchArgument() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let script = try String(
            contentsOf: root.appendingPathComponent("Scripts/widget-stage-two.sh"), encoding: .utf8)

        #expect(script.contains("readonly COMMIT_ARGUMENT=\(WidgetBridge.commitFixtureArgument)\n"))
        #expect(script.contains(#""$BUNDLE_ID" "$COMMIT_ARGUMENT""#))
    }
}
