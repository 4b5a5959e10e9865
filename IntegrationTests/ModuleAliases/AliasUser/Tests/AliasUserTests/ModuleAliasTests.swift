import AliasUser
import Testing

@Suite struct ModuleAliasTests {
  @Test func theSatelliteNamesMeanTheOtherPackagesModules() {
    #expect(
      importedSatellites == [
        "stand-in IssueReporting", "stand-in ConcurrencyExtras", "stand-in Clocks",
      ])
  }

  @Test func dependenciesWorkWithItsSatellitesRenamed() {
    #expect(currentGreeting() == "test greeting")
    #expect(greeting(overriddenWith: "scoped") == "scoped")
  }
}
