import Dependencies
import XCTest

/// An `XCTestCase` whose every test method runs with dependencies of its own: test context, no
/// overrides, a fresh cache of default values, and failures reported at the place of the read.
///
/// ```swift
/// final class FeatureTests: DependenciesTestCase {
///   func testAddItem() {
///     let model = withDependencies {
///       $0.uuid = .incrementing
///     } operation: {
///       FeatureModel()
///     }
///     model.addButtonTapped()
///     XCTAssertEqual(model.items[0].id, UUID(0))
///   }
/// }
/// ```
///
/// To keep your own base class, override `invokeTest()` the same way:
///
/// ```swift
/// override func invokeTest() {
///   withDependencies { $0 = DependencyValues() } operation: { super.invokeTest() }
/// }
/// ```
open class DependenciesTestCase: XCTestCase {
  /// The test case whose test method is running (XCTest runs one at a time).
  nonisolated(unsafe) static var running: DependenciesTestCase?

  open override func invokeTest() {
    TestSupportReporter.install()
    let previous = Self.running
    Self.running = self
    defer { Self.running = previous }
    withDependencies {
      $0 = DependencyValues()
    } operation: {
      super.invokeTest()
    }
  }

  /// Records a failure reported by the library at `site`. Override to observe failures (the tests of
  /// the library use this as XCTest's expected-failure mechanism on Linux).
  open func recordDependencyFailure(_ message: String, at site: IssueSite) {
    recordFailure(
      withDescription: message, inFile: site.filePath, atLine: Int(site.line), expected: true)
  }
}
