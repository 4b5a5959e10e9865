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

  /// True under `swift test`, Xcode's test runners and Bazel: the conditions the classic library's
  /// `isTesting` checks.
  ///
  /// On Linux the XCTest bundle runs as an executable whose name ends in `.xctest`, and SwiftPM
  /// runs Swift Testing by passing `--testing-library swift-testing` to the same executable (or,
  /// on Apple platforms, to `swiftpm-testing-helper`); `xctest` hosts the bundle on Apple platforms,
  /// where Xcode sets `XCTestConfigurationFilePath`, `XCTestBundlePath` or `XCTestSessionIdentifier`.
  package static func isTesting(environment: [String: String], arguments: [String]) -> Bool {
    let variables = [
      "XCTestBundlePath", "XCTestBundleInjectPath", "XCTestConfigurationFilePath",
      "XCTestSessionIdentifier", "BAZEL_TEST",
    ]
    if variables.contains(where: { environment[$0] != nil }) { return true }
    return arguments.contains { argument in
      let lastComponent = argument.split(separator: "/").last.map(String.init) ?? argument
      return argument == "--testing-library" || argument == "--test-bundle-path"
        || lastComponent == "swiftpm-testing-helper" || lastComponent == "xctest"
        || lastComponent.hasSuffix(".xctest")
    }
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

  /// True in a test process that runs Swift Testing tests: `swift test` passes
  /// `--testing-library swift-testing` to the test bundle (or starts it through
  /// `swiftpm-testing-helper`).
  package static let isSwiftTestingRun: Bool = {
    guard isTestingProcess else { return false }
    let arguments = CommandLine.arguments
    if let index = arguments.firstIndex(of: "--testing-library"), index + 1 < arguments.count {
      return arguments[index + 1] == "swift-testing"
    }
    return arguments.contains("--test-bundle-path")
  }()

  /// Whether a debugger (or another tracer) is attached to the process: on Linux, a non-zero
  /// `TracerPid` in `/proc/self/status`; on Apple platforms, the `P_TRACED` flag.
  package static var isDebuggerAttached: Bool {
    #if os(Linux) || os(Android)
      let file = open("/proc/self/status", O_RDONLY)
      guard file >= 0 else { return false }
      defer { close(file) }
      var contents: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
        if count <= 0 { break }
        contents += buffer[..<count]
      }
      let status = String(decoding: contents, as: UTF8.self)
      guard let field = status.split(separator: "\n").first(where: { $0.hasPrefix("TracerPid:") })
      else { return false }
      let pid = field.dropFirst("TracerPid:".count).trimmingPrefix(while: \.isWhitespace)
      return pid != "0" && !pid.isEmpty
    #elseif canImport(Darwin)
      var name: [Int32] = [CTL_KERN, KERN_PROC, KERN_PROC_PID, getpid()]
      var info = kinfo_proc()
      var size = MemoryLayout<kinfo_proc>.size
      let succeeded = name.withUnsafeMutableBufferPointer {
        sysctl($0.baseAddress, 4, &info, &size, nil, 0) != -1
      }
      return succeeded && info.kp_proc.p_flag & P_TRACED != 0
    #else
      return false
    #endif
  }

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
