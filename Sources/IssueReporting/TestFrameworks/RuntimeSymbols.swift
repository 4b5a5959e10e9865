#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds the test frameworks' functions in the running process, so that this library never links
/// them.
///
/// A test process loads Swift Testing and XCTest (the test runner links them); an application does
/// not, and every lookup then yields nil.
package enum RuntimeSymbols {
  /// The address of the exported function or global named `name` (a mangled Swift name) in any
  /// image loaded into the process, or nil.
  package static func address(of name: String) -> UnsafeMutableRawPointer? {
    #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
      guard let process else { return nil }
      return dlsym(process, name)
    #else
      return nil
    #endif
  }

  /// The type whose mangled name (without the `$s` prefix and the `N` suffix) is `name`, or nil
  /// when no loaded image defines it.
  package static func type(named name: String) -> Any.Type? {
    _typeByName(name)
  }

  #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
    /// The handle of the process's global symbol scope: the executable and the libraries it loaded.
    /// Immutable once opened, hence `nonisolated(unsafe)`.
    nonisolated(unsafe) private static let process = dlopen(nil, RTLD_NOW)
  #endif
}
