public import WidgetTimeline

/// The example widgets by kind string, for tools that pick a widget by name (the CLI, scenarios).
public enum ExampleWidgets {
    /// Every example widget, in the order tools list them.
    public static let all: [any WidgetKind] = [
        ScheduleWidget(), TaskCountWidget(), ParkingWidget(), ParkConditionsWidget(),
    ]

    /// The example widget whose `kind` is `kind`, or `nil`.
    public static func named(_ kind: String) -> (any WidgetKind)? {
        all.first { $0.kind == kind }
    }

    /// The kind strings, comma-separated, for error messages and help.
    public static var kindList: String { all.map(\.kind).joined(separator: ", ") }
}
