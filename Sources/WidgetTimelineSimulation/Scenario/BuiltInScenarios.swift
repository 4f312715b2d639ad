#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

/// The scenarios built into the simulator.
public enum BuiltInScenarios {
    /// `demo`'s scenario: one day of the seed widgets. The same text as
    /// `Examples/scenarios/default-day.json` (a test keeps them equal), so the documented file is
    /// exactly what `demo` runs.
    public static var defaultDay: Scenario {
        // The text is a literal checked by the tests; decoding it cannot fail.
        try! Scenario.decode(Data(defaultDayJSON.utf8))
    }

    /// The JSON text of ``defaultDay``.
    public static let defaultDayJSON = #"""
        {
          "name": "One day with the example widgets",
          "summary": "A Monday in Seoul from 07:00: a dose schedule with four doses, one taken late; a task list edited in the app and synced from another device; a parking widget whose server fails from 12:00 to 14:00; the app opened eight times.",
          "start": "2026-11-30T07:00:00+09:00",
          "duration": "24h",
          "timeZone": "Asia/Seoul",
          "seed": 20261130,
          "system": { "preset": "default" },
          "app": {
            "emissionsPerChange": 3,
            "saveDuration": "1s",
            "foreground": [
              { "from": "2026-11-30T07:00:00+09:00", "to": "2026-11-30T07:04:00+09:00" },
              { "from": "2026-11-30T08:08:00+09:00", "to": "2026-11-30T08:12:00+09:00" },
              { "from": "2026-11-30T09:05:00+09:00", "to": "2026-11-30T09:20:00+09:00" },
              { "from": "2026-11-30T12:30:00+09:00", "to": "2026-11-30T12:40:00+09:00" },
              { "from": "2026-11-30T13:38:00+09:00", "to": "2026-11-30T13:45:00+09:00" },
              { "from": "2026-11-30T17:50:00+09:00", "to": "2026-11-30T18:05:00+09:00" },
              { "from": "2026-11-30T21:28:00+09:00", "to": "2026-11-30T21:35:00+09:00" },
              { "from": "2026-11-30T22:03:00+09:00", "to": "2026-11-30T22:08:00+09:00" }
            ]
          },
          "widgets": [
            {
              "id": "schedule",
              "kind": "schedule",
              "commits": [
                { "at": "2026-11-30T07:00:00+09:00", "payload": { "completedToday": 0, "pending": ["2026-11-30T08:00:00+09:00", "2026-11-30T13:00:00+09:00", "2026-11-30T19:00:00+09:00", "2026-11-30T22:00:00+09:00"] } },
                { "at": "2026-11-30T08:10:00+09:00", "payload": { "completedToday": 1, "pending": ["2026-11-30T13:00:00+09:00", "2026-11-30T19:00:00+09:00", "2026-11-30T22:00:00+09:00"] } },
                { "at": "2026-11-30T13:40:00+09:00", "payload": { "completedToday": 2, "pending": ["2026-11-30T19:00:00+09:00", "2026-11-30T22:00:00+09:00"] } },
                { "at": "2026-11-30T21:30:00+09:00", "payload": { "completedToday": 3, "pending": ["2026-11-30T22:00:00+09:00"] } },
                { "at": "2026-11-30T22:05:00+09:00", "payload": { "completedToday": 4, "pending": ["2026-12-01T08:00:00+09:00", "2026-12-01T13:00:00+09:00"] } }
              ]
            },
            {
              "id": "task-count",
              "kind": "task-count",
              "commits": [
                { "at": "2026-11-30T07:01:00+09:00", "payload": { "count": 5 } },
                { "at": "2026-11-30T09:06:00+09:00", "payload": { "count": 6 } },
                { "at": "2026-11-30T09:08:00+09:00", "payload": { "count": 7 } },
                { "at": "2026-11-30T09:12:00+09:00", "payload": { "count": 6 } },
                { "at": "2026-11-30T09:18:00+09:00", "payload": { "count": 5 } },
                { "at": "2026-11-30T12:35:00+09:00", "payload": { "count": 4 } },
                { "at": "2026-11-30T15:30:00+09:00", "payload": { "count": 6 } },
                { "at": "2026-11-30T17:55:00+09:00", "payload": { "count": 3 } },
                { "at": "2026-11-30T18:02:00+09:00", "payload": { "count": 2 } },
                { "at": "2026-12-01T00:40:00+09:00", "payload": { "count": 3 } }
              ]
            },
            {
              "id": "parking",
              "kind": "parking",
              "key": "parking.yeouido.compact",
              "source": {
                "latency": "1s",
                "updates": [ { "at": "2026-11-30T07:00:00+09:00", "payload": { "parkID": "yeouido", "parkName": "Yeouido", "lots": [ { "name": "P1", "free": 64, "total": 120 }, { "name": "P2", "free": 30, "total": 80 } ] } } ],
                "randomUpdates": {
                  "meanInterval": "15m",
                  "payloads": [
                    { "parkID": "yeouido", "parkName": "Yeouido", "lots": [ { "name": "P1", "free": 51, "total": 120 }, { "name": "P2", "free": 22, "total": 80 } ] },
                    { "parkID": "yeouido", "parkName": "Yeouido", "lots": [ { "name": "P1", "free": 37, "total": 120 }, { "name": "P2", "free": 12, "total": 80 } ] },
                    { "parkID": "yeouido", "parkName": "Yeouido", "lots": [ { "name": "P1", "free": 18, "total": 120 }, { "name": "P2", "free": 4, "total": 80 } ] },
                    { "parkID": "yeouido", "parkName": "Yeouido", "lots": [ { "name": "P1", "free": 45, "total": 120 }, { "name": "P2", "free": 19, "total": 80 } ] }
                  ]
                },
                "outages": [ { "from": "2026-11-30T12:00:00+09:00", "to": "2026-11-30T14:00:00+09:00", "mode": "fails" } ]
              }
            }
          ]
        }
        """#
}
