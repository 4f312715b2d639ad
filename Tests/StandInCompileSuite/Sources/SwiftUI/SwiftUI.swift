// The compile suite's `SwiftUI`: the stand-in under Apple's module name, so that the suite's files
// import exactly what an app's files import.
@_exported import WidgetKitStandIn
