// The extension's widget bundle. `@main` is left off here because this target is a library; an
// extension's bundle file is exactly this with `@main` in front.
import SwiftUI
import WidgetKit

struct ExampleWidgets: WidgetBundle {
    var body: some Widget {
        HourlyQuoteWidget()
        CounterWidget()
    }
}
