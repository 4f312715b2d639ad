// platform: iOS
// language-mode: 6
// expect: error: stored property 'policy' of 'Sendable'-conforming struct 'CachedPlan' has non-Sendable type 'TimelineReloadPolicy'
//
// A plan cached across isolation with WidgetKit's policy in it. `TimelineReloadPolicy` is not
// `Sendable`, so the cache cannot be; keep the reload date (a `Date`) and build the policy when
// answering WidgetKit.
import WidgetKit

struct CachedPlan: Sendable {
    let dates: [Date]
    let policy: TimelineReloadPolicy
}
