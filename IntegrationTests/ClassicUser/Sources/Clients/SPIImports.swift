@_spi(Internals) import ConcurrencyExtras
// The `@_spi` imports real projects make: TCA imports Dependencies' Beta group, isowords its
// Concurrency group (which classic no longer has: the import still compiles), and helpers the
// Internals groups.
@_spi(Concurrency) @_spi(Beta) import Dependencies
import Foundation
@_spi(CurrentTestCase) import XCTestDynamicOverlay

/// A counter behind `NSRecursiveLock.sync(work:)` of ConcurrencyExtras' Internals SPI.
public final class LockedCounter: @unchecked Sendable {
  // @unchecked Sendable: `count` is only read and written with `lock` held.
  private let lock = NSRecursiveLock()
  private var count = 0

  public init() {}

  public func increment() -> Int {
    lock.sync {
      count += 1
      return count
    }
  }
}

/// The running XCTest test case as XCTestDynamicOverlay's CurrentTestCase SPI gives it.
@available(*, deprecated)
public var currentXCTestCase: AnyObject? { XCTCurrentTestCase }
