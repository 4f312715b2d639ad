import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineTesting

@Suite("Timeline JSON: the shape docs/cli.md documents")
struct TimelineJSONTests {
    @Test("encodes dates with the zone's offset, policy as type + date, relevance as null")
    func shape() throws {
        let timeline = PlannedTimeline(
            entries: [
                PlannedEntry(date: .at("2026-03-08T06:00:00Z"), state: JSONValue.object(["n": .integer(0)]))
            ],
            policy: .after(.at("2026-03-08T07:00:00Z"))
        )
        let encoder = JSONCoding.encoder(timeZone: TimeZone(identifier: "America/New_York")!)
        let text = String(decoding: try encoder.encode(timeline), as: UTF8.self)
        #expect(
            text
                == #"{"entries":[{"date":"2026-03-08T01:00:00-05:00","relevance":null,"state":{"n":0}}],"policy":{"date":"2026-03-08T03:00:00-04:00","type":"after"}}"#
        )
        #expect(
            try JSONCoding.decoder().decode(PlannedTimeline<JSONValue>.self, from: Data(text.utf8))
                == timeline)
    }

    @Test(
        "every policy and widget state round-trips",
        arguments: [ReloadPolicy.atEnd, .never, .after(.at("2026-01-01T00:00:00Z"))])
    func policies(policy: ReloadPolicy) throws {
        let stamp = DataStamp(revision: 3, observedAt: .at("2026-01-01T00:00:00.5Z"))
        let states: [WidgetState<Int>] = [
            .noData, .unavailable(.locationUnavailable), .fresh(0, stamp), .stale(1, stamp),
            .expired(2, stamp),
        ]
        let timeline = PlannedTimeline(
            entries: states.enumerated().map {
                PlannedEntry(
                    date: .at("2026-01-01T00:00:00Z").addingTimeInterval(Double($0.offset) * 600),
                    state: $0.element,
                    relevance: $0.offset == 2 ? EntryRelevance(score: 0.5, duration: 60) : nil)
            },
            policy: policy
        )
        let data = try JSONCoding.encoder().encode(timeline)
        #expect(
            try JSONCoding.decoder().decode(PlannedTimeline<WidgetState<Int>>.self, from: data) == timeline)
    }

    @Test("zero is a value: a count of 0 is written as 0, never dropped")
    func zeroIsAValue() throws {
        let state = WidgetState<Int>.fresh(0, DataStamp(revision: 1, observedAt: .at("2026-01-01T00:00:00Z")))
        let text = String(decoding: try JSONCoding.encoder().encode(state), as: UTF8.self)
        #expect(text == #"{"content":0,"display":"fresh","observedAt":"2026-01-01T00:00:00Z","revision":1}"#)
    }

    @Test("a date without an offset is refused with the text quoted")
    func refusesNaiveDate() {
        let json = #"{"entries":[{"date":"2026-03-08T01:00:00","state":1}],"policy":{"type":"atEnd"}}"#
        #expect {
            try JSONCoding.decoder().decode(PlannedTimeline<JSONValue>.self, from: Data(json.utf8))
        } throws: { error in
            String(describing: error).contains("2026-03-08T01:00:00")
        }
    }
}
