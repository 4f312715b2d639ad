public import WidgetTimeline

#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// "Is today a good day for this park?": congestion, weather, fine dust, key signals and
/// the forecast. The forecast is data the server already sent, so its points are change points:
/// at 14:00 the widget moves to the congestion forecast for 14:00, marked as a forecast.
public struct ParkConditionsWidget: WidgetKind {
    public typealias Payload = ParkConditionsPayload
    public typealias Content = ParkConditionsContent

    public let kind = "park-conditions"
    /// Conditions change over hours: stale after 30 minutes, shown with their time until 6 hours,
    /// then expired but still shown with the time (a rough guide beats nothing here).
    public var freshness = FreshnessPolicy(staleAfter: 30 * 60, expiresAfter: 6 * 3600, refreshAfter: 30 * 60)

    public init() {}

    /// The key for one park's general conditions: never the parking widget's key for that park.
    public static func key(park parkID: String) -> SnapshotKey {
        SnapshotKey(purpose: "park", scope: parkID, "general")
    }

    public func content(of snapshot: Snapshot<ParkConditionsPayload>, at instant: Date, in calendar: Calendar)
        -> ParkConditionsContent
    {
        let payload = snapshot.payload
        let forecast = payload.forecast.filter { $0.at <= instant && $0.at > snapshot.dataObservedAt }
            .max { $0.at < $1.at }
        return ParkConditionsContent(
            parkName: payload.parkName,
            congestion: forecast?.congestion ?? payload.congestion,
            isForecast: forecast != nil,
            weather: payload.weather,
            fineDust: payload.fineDust,
            signals: payload.signals
        )
    }

    public func changePoints(
        of snapshot: Snapshot<ParkConditionsPayload>,
        after now: Date,
        through end: Date,
        in calendar: Calendar
    ) -> [Date] {
        snapshot.payload.forecast.map(\.at)
    }

    /// Moving to a forecast claims only what is expected around its time, marked as a forecast: it
    /// may show within the spacing before its hour. Any other change is an event.
    public func changeClaim(from old: ParkConditionsContent, to new: ParkConditionsContent) -> ChangeClaim {
        new.isForecast ? .withdrawal : .event
    }

    public func payload(_ payload: ParkConditionsPayload, answers key: SnapshotKey) -> Bool {
        let components = key.components
        return components.count >= 2 && components[1] == Self.key(park: payload.parkID).components[1]
    }

    public func summary(of content: ParkConditionsContent, in calendar: Calendar) -> String {
        let congestion = content.congestion.rawValue + (content.isForecast ? " (forecast)" : "")
        let signals = content.signals.isEmpty ? "" : " · " + content.signals.joined(separator: ", ")
        return "\(content.parkName): \(congestion) · \(content.weather.condition) "
            + "\(content.weather.roundedTemperature)°C · dust \(content.fineDust.rawValue)\(signals)"
    }

    public var preview: ParkConditionsPayload { .preview }

    public func deepLink(for payload: ParkConditionsPayload?) -> URL? {
        ExampleDeepLink.url("park/\(payload?.parkID ?? "nearby")")
    }
}

/// What is stored for the park-conditions widget.
public struct ParkConditionsPayload: Codable, Sendable, Equatable {
    public var parkID: String
    public var parkName: String
    public var congestion: Congestion
    public var weather: Weather
    public var fineDust: AirQuality
    /// Short codes of what matters today: `event`, `closure`, `parking-full`, …
    public var signals: [String]
    /// Congestion the server expects later today.
    public var forecast: [CongestionForecast]

    public init(
        parkID: String,
        parkName: String,
        congestion: Congestion,
        weather: Weather,
        fineDust: AirQuality,
        signals: [String] = [],
        forecast: [CongestionForecast] = []
    ) {
        self.parkID = parkID
        self.parkName = parkName
        self.congestion = congestion
        self.weather = weather
        self.fineDust = fineDust
        self.signals = signals
        self.forecast = forecast
    }

    /// Gallery data: an invented park on a fine day.
    public static let preview = ParkConditionsPayload(
        parkID: "sample-park",
        parkName: "Riverside",
        congestion: .moderate,
        weather: Weather(condition: "clear", temperatureCelsius: 21),
        fineDust: .good
    )
}

public enum Congestion: String, Codable, Sendable, Equatable, CaseIterable, JSONChoice {
    case quiet
    case moderate
    case busy
    case crowded
}

public enum AirQuality: String, Codable, Sendable, Equatable, CaseIterable, JSONChoice {
    case good
    case moderate
    case bad
    case veryBad = "very-bad"
}

public struct Weather: Codable, Sendable, Equatable {
    /// A condition code: `clear`, `cloudy`, `rain`, `snow`, …
    public var condition: String
    public var temperatureCelsius: Double

    public init(condition: String, temperatureCelsius: Double) {
        self.condition = condition
        self.temperatureCelsius = temperatureCelsius
    }

    /// The temperatures a payload may carry, in °C: wider than any measured on Earth (-89 to 57).
    public static let plausibleTemperatures: ClosedRange<Double> = -100...100

    /// The temperature to the nearest degree, as shown; an implausible one (a payload built in
    /// code is not checked) is clamped to ``plausibleTemperatures`` rather than trap.
    public var roundedTemperature: Int {
        guard temperatureCelsius.isFinite else { return 0 }
        return Int(
            min(
                max(temperatureCelsius, Self.plausibleTemperatures.lowerBound),
                Self.plausibleTemperatures.upperBound
            ).rounded())
    }

    private enum CodingKeys: String, CodingKey {
        case condition
        case temperatureCelsius
    }

    /// Refuses a temperature outside ``plausibleTemperatures``: it can only be a unit mix-up or
    /// garbage, and showing it would invent weather.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        condition = try container.decode(String.self, forKey: .condition)
        temperatureCelsius = try container.decode(Double.self, forKey: .temperatureCelsius)
        guard Self.plausibleTemperatures.contains(temperatureCelsius) else {
            throw DecodingError.dataCorruptedError(
                forKey: .temperatureCelsius, in: container,
                debugDescription: "expected a temperature from -100 to 100 °C, found \(temperatureCelsius)")
        }
    }
}

public struct CongestionForecast: Codable, Sendable, Equatable {
    public var at: Date
    public var congestion: Congestion

    public init(at: Date, congestion: Congestion) {
        self.at = at
        self.congestion = congestion
    }
}

/// One screen of the park-conditions widget.
public struct ParkConditionsContent: Codable, Sendable, Equatable {
    public var parkName: String
    public var congestion: Congestion
    /// Whether ``congestion`` comes from the forecast rather than an observation.
    public var isForecast: Bool
    public var weather: Weather
    public var fineDust: AirQuality
    public var signals: [String]
}
