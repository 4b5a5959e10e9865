#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The context a dependency is resolved in: which of a key's default values a read returns when no
/// scope overrides the key.
///
/// | Context     | Default value a read returns |
/// |-------------|------------------------------|
/// | ``live``    | `liveValue`                  |
/// | ``preview`` | `previewValue` (defaults to `liveValue`) |
/// | ``test``    | `testValue` (defaults to `previewValue`) |
///
/// The context is detected once per process: ``test`` when running under `swift test` (XCTest or
/// Swift Testing), ``preview`` when `XCODE_RUNNING_FOR_PREVIEWS=1`, ``live`` otherwise. The
/// environment variable `SWIFT_DEPENDENCIES_CONTEXT=live|preview|test` forces it. Inside a scope
/// it can be overridden like any dependency:
///
/// ```swift
/// withDependencies {
///   $0.context = .preview
/// } operation: {
///   @Dependency(\.context) var context
///   assert(context == .preview)
/// }
/// ```
public enum DependencyContext: Sendable, Hashable, CustomStringConvertible {
  /// Running for real: reads return each key's `liveValue`.
  case live
  /// Running in a preview: reads return each key's `previewValue`.
  case preview
  /// Running in a test: reads return each key's `testValue`.
  case test

  /// The context's name: `live`, `preview` or `test` (the spelling `SWIFT_DEPENDENCIES_CONTEXT`
  /// accepts).
  public var description: String {
    switch self {
    case .live: "live"
    case .preview: "preview"
    case .test: "test"
    }
  }

  /// The context with the number `rawValue` in the C live-value cache, nil for any other number.
  init?(_rawValue rawValue: UInt32) {
    switch rawValue {
    case 0: self = .live
    case 1: self = .preview
    case 2: self = .test
    default: return nil
    }
  }

  /// The context this process was started in.
  static let detected: DependencyContext = _detect(
    environment: ProcessEnvironment.current, arguments: CommandLine.arguments)

  /// Decides the context from an environment and a command line. Exposed for tests.
  package static func _detect(environment: [String: String], arguments: [String])
    -> DependencyContext
  {
    if let forced = environment["SWIFT_DEPENDENCIES_CONTEXT"] {
      switch forced.lowercased() {
      case "live": return .live
      case "preview": return .preview
      case "test": return .test
      default:
        ProcessEnvironment.writeToStandardError(
          """
          swift-dependencies: SWIFT_DEPENDENCIES_CONTEXT=\(forced) is not a context; \
          use live, preview or test. Detecting the context instead.

          """)
      }
    }
    if environment["XCODE_RUNNING_FOR_PREVIEWS"] == "1" { return .preview }
    if ProcessEnvironment.isTesting(environment: environment, arguments: arguments) {
      return .test
    }
    return .live
  }
}

extension DependencyValues {
  /// The context dependencies are resolved in. See ``DependencyContext``.
  ///
  /// Setting it in `prepareDependencies` sets the context of every read that no scope gives a
  /// context of its own, for the rest of the process (or of the test).
  public var context: DependencyContext {
    get {
      _resolvedContext(
        captured: _ReadFrame.current?.pointee.capturedContext, cache: _cache)
    }
    set { _context = newValue }
  }
}
