internal import Foundation

/// The locks of scopes' defaults: a scope takes the lock of its address's stripe, so that entering a
/// scope allocates no lock (most scopes never keep a default) and scopes rarely share one.
enum _ScopeLocks {
  private static let stripes = (0..<64).map { _ in NSLock() }

  static func withLock<R>(for scope: AnyObject, _ body: () -> R) -> R {
    let address = UInt(bitPattern: Unmanaged.passUnretained(scope).toOpaque())
    let lock = stripes[Int((address >> 4) % UInt(stripes.count))]
    lock.lock()
    defer { lock.unlock() }
    return body()
  }
}
