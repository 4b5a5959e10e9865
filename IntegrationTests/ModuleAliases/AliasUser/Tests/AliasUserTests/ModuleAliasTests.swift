import AliasUser
import Testing

@Suite struct ModuleAliasTests {
  @Test func theSatelliteNamesMeanTheOtherPackagesModules() {
    #expect(
      importedSatellites == [
        "stand-in IssueReporting", "stand-in ConcurrencyExtras", "stand-in Clocks",
      ])
    #expect(otherReport("x") == "stand-in reported x")
  }

  @Test func dependenciesWorkWithItsSatellitesRenamed() {
    #expect(currentGreeting() == "test greeting")
    #expect(greeting(overriddenWith: "scoped") == "scoped")
    #expect(countedUnimplementedCalls() == 1)
  }

  @Test func aNameBothDeclareIsNamedWithItsModule() {
    #expect(dependenciesIsTesting)
    #expect(bothIsTesting.other == false)
    #expect(bothIsTesting.dependencies == true)
  }
}
