import Dependencies
public import XCTest

/// An `XCTestCase` whose every test method runs with dependencies of its own: test context, no
/// overrides, and a fresh cache of default values, whose values that need it
/// (`ShutdownableDependency`) start shutting down when the method ends. (Issues the library reports
/// fail the running test at the place of the read with or without this class.)
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
  open override func invokeTest() {
    withDependencies {
      $0 = DependencyValues()
    } operation: {
      super.invokeTest()
      DependencyValues._shutDownTestCacheInBackground()
    }
  }
}
