/// The XCTest test case that is running, as the classic module exposed it to its own packages
/// (`@_spi(CurrentTestCase) import XCTestDynamicOverlay`).
///
/// Always `nil` here. The classic module finds the test case through the Objective-C runtime, so it
/// is `nil` there too on Linux; on Apple platforms this module does not look it up. To learn which
/// test framework is running, read `TestContext.current`:
///
/// ```swift
/// if case .xcTest = TestContext.current {
///   // running under XCTest
/// }
/// ```
@_spi(CurrentTestCase)
@available(iOS, deprecated: 9999)
@available(macOS, deprecated: 9999)
@available(tvOS, deprecated: 9999)
@available(watchOS, deprecated: 9999)
public var XCTCurrentTestCase: AnyObject? {
  nil
}
