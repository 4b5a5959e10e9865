import Dependencies
import DependenciesMacros

/// A client declared with the classic macros, public as an interface module's client is.
@DependencyClient
public struct WeatherClient: Sendable {
  public var forecast: @Sendable (_ city: String) async throws -> Forecast
  public var isRaining: @Sendable (_ city: String) -> Bool = { _ in false }
  public var reset: @Sendable () -> Void
}

public struct Forecast: Equatable, Sendable {
  public var city: String
  public var celsius: Int

  public init(city: String, celsius: Int) {
    self.city = city
    self.celsius = celsius
  }
}

extension WeatherClient {
  /// The live client. (A macro's arguments cannot call the initializer `@DependencyClient`
  /// generates: the compiler does not look into macro expansions while it resolves a macro's
  /// arguments. A named value can be used.)
  public static let live: WeatherClient = WeatherClient(
    forecast: { Forecast(city: $0, celsius: 21) },
    isRaining: { _ in false },
    reset: {}
  )
}

extension DependencyValues {
  @DependencyEntry(liveValue: WeatherClient.live)
  public var weather = WeatherClient()
}

/// A feature that reads the client through `@Dependency` and calls its methods.
public struct WeatherFeature: Sendable {
  @Dependency(\.weather) var weather

  public init() {}

  public func summary(for city: String) async throws -> String {
    let forecast = try await weather.forecast(city: city)
    return "\(forecast.city): \(forecast.celsius)°C"
      + (weather.isRaining(city: city) ? ", rain" : "")
  }
}
