import IssueReporting
import Testing

/// `isTesting` recognises the test runners the classic library recognises.
@Suite struct ProcessEnvironmentTests {
  @Test(arguments: [
    ["/usr/bin/app"],
    ["/usr/bin/app", "--verbose"],
  ])
  func anApplicationIsNotTesting(_ arguments: [String]) {
    #expect(!ProcessEnvironment.isTesting(environment: ["HOME": "/root"], arguments: arguments))
  }

  @Test(arguments: [
    [".build/debug/AppPackageTests.xctest"],
    [".build/debug/AppPackageTests.xctest", "--testing-library", "swift-testing"],
    ["/usr/bin/xctest", "App.xctest"],
    ["/usr/libexec/swift/pm/swiftpm-testing-helper", "--test-bundle-path", "App.xctest"],
  ])
  func testRunnersAreTesting(_ arguments: [String]) {
    #expect(ProcessEnvironment.isTesting(environment: [:], arguments: arguments))
  }

  @Test(arguments: [
    "XCTestBundlePath", "XCTestBundleInjectPath", "XCTestConfigurationFilePath",
    "XCTestSessionIdentifier", "BAZEL_TEST",
  ])
  func testRunnerVariablesMeanTesting(_ variable: String) {
    #expect(ProcessEnvironment.isTesting(environment: [variable: "1"], arguments: ["/usr/bin/app"]))
  }
}
