// WidgetKitStandIn: declarations taken from Apple's published interface and documentation so that
// the WidgetKit adapter, the example app and app-style provider code type-check where WidgetKit does
// not exist. See README.md in this directory for the rules and the platform check, and
// `Scripts/list-standin-citations.sh` for the list of declarations with their pages.
//
// Gating: Package.swift links this target only on platforms without WidgetKit, and every file is
// wrapped in `#if !canImport(Darwin)`, so on Apple platforms the module is empty and the real
// WidgetKit, SwiftUI and AppIntents are the only ones in sight. The module is deliberately not named
// `WidgetKit`: a package module with that name would shadow Apple's framework on Apple platforms.
