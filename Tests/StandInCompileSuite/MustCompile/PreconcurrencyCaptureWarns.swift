// platform: iOS
// language-mode: 6
// expect: warning: capture of 'cache' with non-Sendable type 'KindCache' in a '@Sendable' closure
//
// The capture `MustNotCompile/NonSendableCaptureInCompletion.swift` is refused for, made in a
// closure passed to WidgetKit's `getCurrentConfigurations(_:)`. WidgetKit declares that method
// `@preconcurrency`, so Swift 6 only warns, in Xcode as here: the stand-in keeps the attribute, and
// this file checks it does. (A warning is still a data race; the fix is the same.)
import WidgetKit

final class KindCache {
    var kinds: Set<String> = []
}

enum KindRefresher {
    static func refresh(_ cache: KindCache) {
        WidgetCenter.shared.getCurrentConfigurations { result in
            cache.kinds = Set((try? result.get())?.map(\.kind) ?? [])
        }
    }
}
