/// Swift Testing's public API, reached at run time without linking the Testing library.
///
/// This is the one place that names Testing's symbols; the Dependencies module asks it for the
/// running test too. In a test process Testing is loaded, so:
///
/// - its types (`Test`, `Test.Case`, `Comment`, `SourceLocation`, `Issue`, `Issue.Severity`,
///   `Configuration`) are found by mangled name;
/// - its functions (`Test.current`, `Configuration.current`,
///   `SourceLocation.init(fileID:filePath:line:column:)`,
///   `Issue.record`, `withKnownIssue`) are found by their mangled symbols and called through
///   `@convention(thin)` function types whose Testing-typed parameters and results are generic
///   parameters bound to the types found by name. That is sound because Testing is built with
///   library evolution: its structs are resilient, so the Swift calling convention passes and returns
///   them indirectly, exactly as it passes a value of generic type. `Issue.record` is a static
///   method of a struct, whose `self` (a thin metatype) takes no argument; an initializer takes its
///   arguments owned (`consuming` in the function type), other functions borrow them;
/// - a `Comment` is made through its public `RawRepresentable` conformance (`init(rawValue:)`),
///   opened on the type found by name;
/// - `Issue.Severity` is a resilient enum whose cases carry no payload: a value is its case's tag
///   index, which Testing exports for each case (the `WC` symbols). The two values made from them
///   are checked against their `description` before use.
///
/// Anything not found or not as expected (another Testing version, no Testing at all) makes the
/// lookups that need it yield nil or false, and the caller falls back (see ``RunningTestFramework``;
/// the Dependencies module's per-test isolation reports what it misses, with
/// `missingForCurrentTest` and `missingForCurrentTestCase`, as an issue).
/// `Tests/IssueReportingTests/RuntimeSymbolsTests.swift` pins every name listed in ``Names``, so a
/// toolchain that changes one fails this package's tests rather than its users'.
package enum SwiftTestingRuntime {
  /// The mangled names this library looks up in Testing.
  package enum Names {
    static let test = "7Testing4TestV"
    static let testCase = "7Testing4TestV4CaseV"
    static let comment = "7Testing7CommentV"
    static let sourceLocation = "7Testing14SourceLocationV"
    static let issue = "7Testing5IssueV"
    static let severity = "7Testing5IssueV8SeverityO"
    static let configuration = "7Testing13ConfigurationV"

    /// `static Test.current: Test? { get }`
    static let testCurrent = "$s7Testing4TestV7currentACSgvgZ"
    /// `static Test.Case.current: Test.Case? { get }`
    static let testCaseCurrent = "$s7Testing4TestV4CaseV7currentAESgvgZ"
    /// `static Configuration.current: Configuration? { get }` (SPI `ForToolsIntegrationOnly`)
    static let configurationCurrent = "$s7Testing13ConfigurationV7currentACSgvgZ"
    /// `SourceLocation.init(fileID:filePath:line:column:)`
    static let sourceLocationInit =
      "$s7Testing14SourceLocationV6fileID0D4Path4line6columnACSS_SSS2itcfC"
    /// The tag index of `Issue.Severity.warning`.
    static let severityWarning = "$s7Testing5IssueV8SeverityO7warningyA2EmFWC"
    /// The tag index of `Issue.Severity.error`.
    static let severityError = "$s7Testing5IssueV8SeverityO5erroryA2EmFWC"
    /// `static Issue.record(_: Comment?, severity: Issue.Severity, sourceLocation:) -> Issue`
    static let recordIssue =
      "$s7Testing5IssueV6record_8severity14sourceLocationAcA7CommentVSg_AC8SeverityOAA06SourceF0VtFZ"
    /// `static Issue.record(_: any Error, _: Comment?, sourceLocation:) -> Issue`
    static let recordError =
      "$s7Testing5IssueV6record__14sourceLocationACs5Error_p_AA7CommentVSgAA06SourceE0VtFZ"
    /// `withKnownIssue(_: Comment?, isIntermittent:, sourceLocation:, _: () throws -> Void)`
    static let withKnownIssue =
      "$s7Testing14withKnownIssue_14isIntermittent14sourceLocation_yAA7CommentVSg_SbAA06SourceH0VyyKXEtF"
    /// The async function pointer of `withKnownIssue(_: Comment?, isIntermittent:, isolation:,
    /// sourceLocation:, _: () async throws -> Void) async`.
    static let withKnownIssueAsync =
      "$s7Testing14withKnownIssue_14isIntermittent9isolation14sourceLocation_yAA7CommentVSg_SbScA_pSgYiAA06SourceI0VyyYaKXEtYaFTu"

    /// Every type name looked up.
    package static let types = [
      test, testCase, comment, sourceLocation, issue, severity, configuration,
    ]

    /// Every symbol looked up.
    package static let symbols = [
      testCurrent, testCaseCurrent, configurationCurrent, sourceLocationInit, severityWarning,
      severityError,
      recordIssue, recordError, withKnownIssue, withKnownIssueAsync,
    ]
  }

  // MARK: - The running test

  /// The `Testing.Test` running on the current task, or nil outside a Swift Testing test (and when
  /// Testing is not loaded).
  package static func currentTest() -> Any? {
    guard let getter = testGetter else { return nil }
    return call(getter.function, returning: getter.type)
  }

  /// The `Testing.Test.Case` running on the current task (one argument of a parameterized test, or
  /// the only case of a plain one), or nil outside one.
  package static func currentTestCase() -> Any? {
    guard let getter = testCaseGetter else { return nil }
    return call(getter.function, returning: getter.type)
  }

  /// How many times the running Swift Testing run runs each test at most (`--repetitions`,
  /// `--repeat-until`): its configuration's `repetitionPolicy.maximumIterationCount`, read by
  /// reflection from `Configuration.current`. Nil outside a test's task, or when it cannot be read.
  package static func currentIterationCount() -> Int? {
    guard let getter = configurationGetter,
      let configuration = call(getter.function, returning: getter.type)
    else { return nil }
    return Mirror(reflecting: configuration)
      .descendant("repetitionPolicy", "maximumIterationCount") as? Int
  }

  /// What `currentTest()` needs and could not be found (its type name and symbol), empty when both
  /// were.
  package static var missingForCurrentTest: [String] {
    missing(type: Names.test, symbol: Names.testCurrent)
  }

  /// What `currentTestCase()` needs and could not be found (its type name and symbol), empty when
  /// both were.
  package static var missingForCurrentTestCase: [String] {
    missing(type: Names.testCase, symbol: Names.testCaseCurrent)
  }

  private static func missing(type: String, symbol: String) -> [String] {
    [
      RuntimeSymbols.type(named: type) == nil ? "type \(type)" : nil,
      RuntimeSymbols.address(of: symbol) == nil ? "symbol \(symbol)" : nil,
    ].compactMap { $0 }
  }

  private struct Getter {
    let type: Any.Type
    let function: UnsafeMutableRawPointer
  }

  /// Resolved once. Immutable after initialisation, hence `nonisolated(unsafe)`.
  nonisolated(unsafe) private static let testGetter = getter(Names.test, Names.testCurrent)
  nonisolated(unsafe) private static let testCaseGetter = getter(
    Names.testCase, Names.testCaseCurrent)
  nonisolated(unsafe) private static let configurationGetter = getter(
    Names.configuration, Names.configurationCurrent)

  private static func getter(_ typeName: String, _ symbol: String) -> Getter? {
    guard let type = RuntimeSymbols.type(named: typeName),
      let function = RuntimeSymbols.address(of: symbol)
    else { return nil }
    return Getter(type: type, function: function)
  }

  /// Calls a static getter of `T?`; `T` is opened from `type`.
  private static func call(_ getter: UnsafeMutableRawPointer, returning type: Any.Type) -> Any? {
    func call<T>(_: T.Type) -> Any? {
      unsafeBitCast(getter, to: (@convention(thin) () -> T?).self)()
    }
    return call(type)
  }

  // MARK: - Recording issues

  /// Whether issues can be recorded: Testing is loaded and all it takes was found.
  package static var canRecordIssues: Bool { recording != nil }

  /// Records an issue in the running test, as `Issue.record(_:severity:sourceLocation:)` does.
  /// Returns false when Testing could not be reached (nothing was recorded).
  @discardableResult
  package static func recordIssue(
    _ message: String?,
    severity: IssueSeverity,
    fileID: String,
    filePath: String,
    line: Int,
    column: Int
  ) -> Bool {
    guard let recording else { return false }
    func record<C, L, S, I>(_: C.Type, _: L.Type, _: S.Type, _: I.Type) {
      let record = unsafeBitCast(
        recording.recordIssue, to: (@convention(thin) (C?, S, L) -> I).self)
      _ = record(
        message.flatMap { comment(C.self, $0) },
        (severity == .warning ? recording.warning : recording.error) as! S,
        recording.sourceLocation(L.self, fileID, filePath, line, column))
    }
    record(
      recording.commentType, recording.sourceLocationType, recording.severityType,
      recording.issueType)
    return true
  }

  /// Records a caught error in the running test, as `Issue.record(_:_:sourceLocation:)` does: the
  /// issue's `error` is `error` itself. Returns false when Testing could not be reached.
  @discardableResult
  package static func recordError(
    _ error: any Error,
    _ message: String?,
    fileID: String,
    filePath: String,
    line: Int,
    column: Int
  ) -> Bool {
    guard let recording else { return false }
    func record<C, L, I>(_: C.Type, _: L.Type, _: I.Type) {
      let record = unsafeBitCast(
        recording.recordError, to: (@convention(thin) (any Error, C?, L) -> I).self)
      _ = record(
        error,
        message.flatMap { comment(C.self, $0) },
        recording.sourceLocation(L.self, fileID, filePath, line, column))
    }
    record(recording.commentType, recording.sourceLocationType, recording.issueType)
    return true
  }

  /// A `SourceLocation`, made as issues' locations are made; nil when Testing could not be reached.
  package static func sourceLocation(
    fileID: String, filePath: String, line: Int, column: Int
  ) -> Any? {
    guard let recording else { return nil }
    func make<L>(_: L.Type) -> Any {
      recording.sourceLocation(L.self, fileID, filePath, line, column)
    }
    return make(recording.sourceLocationType)
  }

  private struct Recording {
    let commentType: Any.Type
    let sourceLocationType: Any.Type
    let issueType: Any.Type
    let severityType: Any.Type
    let sourceLocationInit: UnsafeMutableRawPointer
    let recordIssue: UnsafeMutableRawPointer
    let recordError: UnsafeMutableRawPointer
    /// `Issue.Severity.warning` and `.error`, as values of the type `severity`.
    let warning: Any
    let error: Any

    func sourceLocation<L>(
      _: L.Type, _ fileID: String, _ filePath: String, _ line: Int, _ column: Int
    ) -> L {
      // An initializer takes its arguments owned (+1), unlike other functions.
      let make = unsafeBitCast(
        sourceLocationInit,
        to: (@convention(thin) (consuming String, consuming String, Int, Int) -> L).self)
      // Swift Testing traps on a line or column below 1 (a precondition of SourceLocation), and
      // callers pass 0: the classic `unimplemented` forms without a placeholder report at column
      // 0. Such a location counts as the line's (or the file's) first.
      return make(fileID, filePath, max(line, 1), max(column, 1))
    }
  }

  /// Resolved once. Immutable after initialisation, hence `nonisolated(unsafe)`.
  nonisolated(unsafe) private static let recording: Recording? = {
    guard let comment = RuntimeSymbols.type(named: Names.comment),
      isStringRepresentable(comment),
      let sourceLocation = RuntimeSymbols.type(named: Names.sourceLocation),
      let issue = RuntimeSymbols.type(named: Names.issue),
      let severity = RuntimeSymbols.type(named: Names.severity),
      let sourceLocationInit = RuntimeSymbols.address(of: Names.sourceLocationInit),
      let recordIssue = RuntimeSymbols.address(of: Names.recordIssue),
      let recordError = RuntimeSymbols.address(of: Names.recordError),
      let warning = severityValue(severity, tag: Names.severityWarning, named: "warning"),
      let error = severityValue(severity, tag: Names.severityError, named: "error")
    else { return nil }
    return Recording(
      commentType: comment, sourceLocationType: sourceLocation, issueType: issue,
      severityType: severity,
      sourceLocationInit: sourceLocationInit, recordIssue: recordIssue, recordError: recordError,
      warning: warning, error: error)
  }()

  /// Makes the `Issue.Severity` value whose case's tag index Testing exports as `tag`, and checks
  /// that it describes itself as `name`.
  private static func severityValue(_ type: Any.Type, tag: String, named name: String) -> Any? {
    guard let tagIndex = RuntimeSymbols.address(of: tag)?.load(as: UInt32.self) else {
      return nil
    }
    func make<S>(_: S.Type) -> Any? {
      // An enum whose cases carry no payload is stored as its tag index, in as many bytes as it
      // takes (one for `Issue.Severity`).
      let size = MemoryLayout<S>.size
      guard size >= 1, size <= 4, tagIndex >> (8 * size) == 0 else { return nil }
      var bytes = tagIndex.littleEndian
      let value = withUnsafeBytes(of: &bytes) { $0.loadUnaligned(as: S.self) }
      return String(describing: value) == name ? value : nil
    }
    return make(type)
  }

  // MARK: - Known issues

  /// Runs `body` as Testing's `withKnownIssue(_:isIntermittent:sourceLocation:_:)` does: issues
  /// it records (and an error it throws) are known issues, and if none is recorded, unless
  /// `isIntermittent`, Testing records that the known issue was not recorded. Returns false
  /// without running `body` when Testing could not be reached.
  package static func withKnownIssue(
    _ message: String?,
    isIntermittent: Bool,
    fileID: String,
    filePath: String,
    line: Int,
    column: Int,
    _ body: () throws -> Void
  ) -> Bool {
    guard let knownIssues, let recording else { return false }
    func run<C, L>(_: C.Type, _: L.Type) {
      let withKnownIssue = unsafeBitCast(
        knownIssues.sync, to: (@convention(thin) (C?, Bool, L, () throws -> Void) -> Void).self)
      withKnownIssue(
        message.flatMap { comment(C.self, $0) },
        isIntermittent,
        recording.sourceLocation(L.self, fileID, filePath, line, column),
        body)
    }
    run(recording.commentType, recording.sourceLocationType)
    return true
  }

  /// The asynchronous `withKnownIssue(_:isIntermittent:isolation:sourceLocation:_:)`: like the
  /// synchronous one, for an asynchronous `body` run on `isolation`. Returns false without running
  /// `body` when Testing could not be reached.
  package static func withKnownIssue(
    _ message: String?,
    isIntermittent: Bool,
    isolation: isolated (any Actor)?,
    fileID: String,
    filePath: String,
    line: Int,
    column: Int,
    _ body: () async throws -> Void
  ) async -> Bool {
    guard let knownIssues, let recording else { return false }
    func run<C, L>(_: C.Type, _: L.Type, isolation: isolated (any Actor)?) async {
      // A thin async function is represented by its async function pointer, which is what the
      // symbol (suffix `Tu`) names.
      let withKnownIssue = unsafeBitCast(
        knownIssues.async,
        to: (@convention(thin) (
          C?, Bool, isolated (any Actor)?, L, () async throws -> Void
        ) async -> Void).self)
      await withKnownIssue(
        message.flatMap { comment(C.self, $0) },
        isIntermittent,
        isolation,
        recording.sourceLocation(L.self, fileID, filePath, line, column),
        body)
    }
    await run(recording.commentType, recording.sourceLocationType, isolation: isolation)
    return true
  }

  private struct KnownIssues {
    let sync: UnsafeMutableRawPointer
    let async: UnsafeMutableRawPointer
  }

  /// Resolved once. Immutable after initialisation, hence `nonisolated(unsafe)`.
  nonisolated(unsafe) private static let knownIssues: KnownIssues? = {
    guard let sync = RuntimeSymbols.address(of: Names.withKnownIssue),
      let async = RuntimeSymbols.address(of: Names.withKnownIssueAsync)
    else { return nil }
    return KnownIssues(sync: sync, async: async)
  }()

  // MARK: - Comments

  /// Whether `type` is `RawRepresentable` with `String` raw values, as `Comment` is.
  private static func isStringRepresentable(_ type: Any.Type) -> Bool {
    func check<R: RawRepresentable>(_: R.Type) -> Bool { R.RawValue.self == String.self }
    guard let type = type as? any RawRepresentable.Type else { return false }
    return check(type)
  }

  /// A `Comment` (the type `C`) holding `message`.
  private static func comment<C>(_: C.Type, _ message: String) -> C? {
    func make<R: RawRepresentable>(_: R.Type) -> Any? {
      (message as? R.RawValue).flatMap(R.init(rawValue:))
    }
    guard let type = C.self as? any RawRepresentable.Type else { return nil }
    return make(type) as? C
  }
}
