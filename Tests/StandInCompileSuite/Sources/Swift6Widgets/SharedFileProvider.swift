// Reading a JSON file the app wrote into the App Group container, with a fallback entry when the
// container or the file is missing, and a reload requested for a date.
import WidgetKit

struct Forecast: Codable, Sendable {
    let temperature: Double
    let condition: String
    let validUntil: Date
}

struct ForecastEntry: TimelineEntry {
    let date: Date
    let forecast: Forecast?
}

struct ForecastProvider: TimelineProvider {
    static let groupIdentifier = "group.com.example.weather"

    static var fileURL: URL? {
        FileManager.default
            .containerURL(forSecurityApplicationGroupIdentifier: groupIdentifier)?
            .appendingPathComponent("forecast.json")
    }

    static func read() -> Forecast? {
        guard let url = fileURL, let data = try? Data(contentsOf: url) else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try? decoder.decode(Forecast.self, from: data)
    }

    func placeholder(in context: Context) -> ForecastEntry {
        ForecastEntry(
            date: Date(), forecast: Forecast(temperature: 21, condition: "clear", validUntil: Date()))
    }

    func getSnapshot(in context: Context, completion: @escaping @Sendable (ForecastEntry) -> Void) {
        completion(
            context.isPreview ? placeholder(in: context) : ForecastEntry(date: Date(), forecast: Self.read()))
    }

    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<ForecastEntry>) -> Void) {
        let forecast = Self.read()
        let next = forecast?.validUntil ?? Date().addingTimeInterval(15 * 60)
        completion(Timeline(entries: [ForecastEntry(date: Date(), forecast: forecast)], policy: .after(next)))
    }
}
