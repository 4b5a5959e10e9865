/// The stand-in's `XCTestDynamicOverlay`, not this library's.
public let standInXCTestDynamicOverlay = true
