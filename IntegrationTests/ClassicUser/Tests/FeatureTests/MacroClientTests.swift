import Dependencies
import DependenciesTestSupport
import Feature
import Testing

// A client declared with @DependencyClient in another module, tested as classic users test one.
@Suite struct MacroClientTests {
  @Test(
    .dependency(\.weather.forecast, { @Sendable city in Forecast(city: city, celsius: 12) }),
    .dependency(\.weather.isRaining, { @Sendable _ in true }))
  func summary() async throws {
    #expect(try await WeatherFeature().summary(for: "Lyon") == "Lyon: 12°C, rain")
  }

  @Test func unimplementedEndpointFailsTheTest() async {
    await withKnownIssue {
      _ = try? await WeatherFeature().summary(for: "Lyon")
    } matching: { issue in
      issue.comments.contains { $0.rawValue == "Unimplemented: 'WeatherClient.forecast'" }
    }
  }

  @Test func liveValue() async throws {
    let summary = try await withDependencies {
      $0.context = .live
    } operation: {
      try await WeatherFeature().summary(for: "Oslo")
    }
    #expect(summary == "Oslo: 21°C")
  }

  @Test func publicInitializerAndKey() {
    let client = WeatherClient(
      forecast: { Forecast(city: $0, celsius: 0) }, isRaining: { _ in true }, reset: {})
    #expect(client.isRaining(city: "Bergen"))
    // A public entry's key has a public, stable name.
    #expect(DependencyValues.WeatherKey.liveValue.isRaining(city: "Bergen") == false)
  }
}
