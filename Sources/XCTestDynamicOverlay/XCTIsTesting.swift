/// Whether the process is running tests: the classic name of `isTesting`.
///
/// ```swift
/// if !_XCTIsTesting {
///   analytics.start()
/// }
/// ```
@available(iOS, deprecated: 9999, renamed: "isTesting")
@available(macOS, deprecated: 9999, renamed: "isTesting")
@available(tvOS, deprecated: 9999, renamed: "isTesting")
@available(watchOS, deprecated: 9999, renamed: "isTesting")
public var _XCTIsTesting: Bool {
  isTesting
}
