import IssueReporting
import Testing

/// Pins every type and symbol IssueReporting (and, through it, Dependencies) looks up in the test
/// frameworks at run time: a toolchain whose Testing or XCTest renames one fails here, in this
/// package's CI, instead of silently in users' tests.
@Suite struct RuntimeSymbolsTests {
  @Test(arguments: SwiftTestingRuntime.Names.types)
  func swiftTestingType(_ name: String) {
    #expect(RuntimeSymbols.type(named: name) != nil)
  }

  @Test(arguments: SwiftTestingRuntime.Names.symbols)
  func swiftTestingSymbol(_ name: String) {
    #expect(RuntimeSymbols.address(of: name) != nil)
  }

  @Test(arguments: XCTestRuntime.Names.symbols)
  func xcTestSymbol(_ name: String) {
    #expect(RuntimeSymbols.address(of: name) != nil)
  }

  @Test func everythingResolves() {
    #expect(SwiftTestingRuntime.canRecordIssues)
    #expect(XCTestRuntime.isAvailable)
  }

  @Test func theRunningTestIsFound() {
    #expect(SwiftTestingRuntime.currentTest() != nil)
    #expect(SwiftTestingRuntime.currentTestCase() != nil)
    #expect(RunningTestFramework.current == .swiftTesting)
  }

  @Test func noTestRunsOnADetachedTask() async {
    let found = await Task.detached {
      (SwiftTestingRuntime.currentTest() != nil, RunningTestFramework.current)
    }.value
    #expect(found.0 == false)
    // A Swift Testing run, with no test on this task: an issue goes to the run (not to XCTest).
    #expect(found.1 == .swiftTestingRun)
  }

  @Test func theRunsIterationCountIsRead() async {
    #expect(SwiftTestingRuntime.currentIterationCount() == 1)
    // Configuration.current is a task-local: not there on a detached task.
    #expect(await Task.detached { SwiftTestingRuntime.currentIterationCount() }.value == nil)
  }

  @Test func sourceLocationsAreMadeWithoutOverReleasingTheirStrings() throws {
    // `SourceLocation.init` takes its strings owned: called as if it borrowed them, each call would
    // release them once too often, and this loop would crash.
    let fileID = String(repeating: "Module/", count: 8) + "File.swift"
    let filePath = "/" + String(repeating: "directory/", count: 8) + "File.swift"
    for line in 1...1_000 {
      let location = try #require(
        SwiftTestingRuntime.sourceLocation(
          fileID: fileID, filePath: filePath, line: line, column: 2))
      #expect(String(reflecting: location) == "\(fileID):\(line):2")
    }
  }

  @Test func unknownNamesAreNotFound() {
    #expect(RuntimeSymbols.type(named: "7Testing16NoSuchTypeAtAllV") == nil)
    #expect(RuntimeSymbols.address(of: "$s7Testing16noSuchFunctionyyF") == nil)
  }
}
