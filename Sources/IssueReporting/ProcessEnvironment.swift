#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the library reads about its process: environment variables, whether a test runner
/// started it, and a way to write to standard error without Foundation.
package enum ProcessEnvironment {
  package static var current: [String: String] {
    var result: [String: String] = [:]
    var pointer = environ
    while let entry = pointer.pointee {
      let pair = String(cString: entry)
      if let equals = pair.firstIndex(of: "=") {
        result[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
      }
      pointer += 1
    }
    return result
  }

  /// True under `swift test` and Xcode's test runners.
  ///
  /// On Linux the XCTest bundle runs as an executable whose name ends in `.xctest`, and SwiftPM
  /// runs Swift Testing by passing `--testing-library swift-testing` to the same executable; on
  /// Apple platforms `xctest` hosts the bundle and Xcode sets `XCTestConfigurationFilePath` or
  /// `XCTestBundlePath`.
  package static func isTesting(environment: [String: String], arguments: [String]) -> Bool {
    if let first = arguments.first, first.hasSuffix(".xctest") || first.hasSuffix("/xctest") {
      return true
    }
    if arguments.contains("--testing-library") || arguments.contains("--test-bundle-path") {
      return true
    }
    return environment["XCTestConfigurationFilePath"] != nil
      || environment["XCTestBundlePath"] != nil
      || environment["XCTestSessionIdentifier"] != nil
  }

  package static let isTestingProcess = isTesting(
    environment: current, arguments: CommandLine.arguments)

  /// True in a test process that runs XCTest tests: under `swift test` on Linux, the test bundle
  /// runs XCTest unless it was passed `--testing-library swift-testing`.
  package static let isXCTestRun: Bool = {
    guard isTestingProcess else { return false }
    let arguments = CommandLine.arguments
    if let index = arguments.firstIndex(of: "--testing-library"), index + 1 < arguments.count {
      return arguments[index + 1] == "xctest"
    }
    return true
  }()

  package static func writeToStandardError(_ message: String) {
    var message = message
    message.withUTF8 { bytes in
      var remaining = UnsafeRawBufferPointer(bytes)
      while !remaining.isEmpty {
        let written = write(2, remaining.baseAddress, remaining.count)
        if written <= 0 { return }
        remaining = UnsafeRawBufferPointer(rebasing: remaining[written...])
      }
    }
  }
}
