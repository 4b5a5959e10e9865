import Dependencies
import Foundation
import Testing

/// Swift Testing as `_SwiftTestingBridge` might find it after a toolchain update: each layout makes
/// the running test and test case values of a fake test (`FakeRun`) laid out otherwise than Testing
/// 6.x lays them out, or leaves out a lookup.
enum TestingLayout: String, CaseIterable, CustomTestStringConvertible, Sendable {
  /// As Testing 6.x is: the layout the bridge expects.
  case expected
  /// `Test.Case` keeps its kind under another name.
  case caseWithoutKind
  /// `Test.Case._kind` is a struct.
  case kindIsNotAnEnum
  /// A case of a parameterized test has a kind without a payload other than `.nonParameterized`,
  /// and keeps its arguments beside it.
  case unknownKindWithoutPayload
  /// A case of a parameterized test has a kind with a payload other than `.parameterized`.
  case unknownKindWithPayload
  /// `.parameterized` keeps its arguments under another name.
  case argumentsRenamed
  /// `.parameterized` has no discriminator.
  case noDiscriminator
  /// An argument's `id` is a string, not a struct holding `bytes`.
  case argumentIDWithoutBytes
  /// The running `Test` is not `Identifiable`.
  case testIsNotIdentifiable
  /// Testing has no `Test.current` symbol.
  case noCurrentTestSymbol
  /// Testing has no `Test.Case.current` symbol.
  case noCurrentTestCaseSymbol

  /// Every layout but the expected one.
  static let unexpected = allCases.filter { $0 != .expected }

  var testDescription: String { rawValue }

  /// The fact the bridge reports for this layout.
  var fact: String {
    switch self {
    case .expected: ""
    case .caseWithoutKind, .kindIsNotAnEnum: "Test.Case._kind"
    case .unknownKindWithoutPayload, .unknownKindWithPayload: "Test.Case._kind cases"
    case .argumentsRenamed: "Test.Case._kind.parameterized.arguments"
    case .noDiscriminator: "Test.Case._kind.parameterized.discriminator"
    case .argumentIDWithoutBytes: "Test.Case.Argument.id.bytes"
    case .testIsNotIdentifiable: "Test: Identifiable"
    case .noCurrentTestSymbol: "Test.current"
    case .noCurrentTestCaseSymbol: "Test.Case.current"
    }
  }

  /// What the bridge does instead.
  var fallback: _SwiftTestingBridge.Deviation.Fallback? {
    switch self {
    case .expected: nil
    case .testIsNotIdentifiable, .noCurrentTestSymbol, .noCurrentTestCaseSymbol: .freshCachePerRead
    default: .caseNamedByReflection
    }
  }

  /// Facts that show the fake test case `run` names as running, laid out this way.
  func facts(running run: LockIsolated<FakeRun>) -> _SwiftTestingFacts {
    let layout = self
    let missingTest = ["symbol $s7Testing4TestV7currentACSgvgZ"]
    let missingCase = ["type 7Testing4TestV4CaseV", "symbol $s7Testing4TestV4CaseV7currentAESgvgZ"]
    return _SwiftTestingFacts(
      isSwiftTestingRun: true,
      missingForCurrentTest: layout == .noCurrentTestSymbol ? missingTest : [],
      missingForCurrentTestCase: layout == .noCurrentTestCaseSymbol ? missingCase : [],
      currentTest: {
        let test = run.value.test
        return layout == .testIsNotIdentifiable
          ? UnidentifiableTest(name: test) : FakeTest(id: test)
      },
      currentTestCase: { layout.testCase(run.value.argument) })
  }

  /// A case of a fake test: of a parameterized test when `argument` is not nil.
  func testCase(_ argument: Int?) -> Any {
    let arguments = argument.map { [FakeArgument(value: $0)] }
    let kind: FakeKind =
      arguments.map { .parameterized(arguments: $0, discriminator: 0, isStable: true) }
      ?? .nonParameterized
    switch self {
    case .expected, .testIsNotIdentifiable, .noCurrentTestSymbol, .noCurrentTestCaseSymbol:
      return FakeCase(_kind: kind)
    case .caseWithoutKind:
      return CaseWithoutKind(kind: kind)
    case .kindIsNotAnEnum:
      return CaseWithStructKind(_kind: KindStruct(arguments: arguments ?? []))
    case .unknownKindWithoutPayload:
      return CaseWithKindBeside(
        _kind: arguments == nil ? .nonParameterized : .deferred, arguments: arguments ?? [])
    case .unknownKindWithPayload:
      return FakeCaseOf(
        _kind: arguments.map { KindRenamed.parameterizedLazily($0) } ?? .nonParameterized)
    case .argumentsRenamed:
      return FakeCaseOf(
        _kind: arguments.map { KindWithArgs.parameterized(args: $0, discriminator: 0) }
          ?? .nonParameterized)
    case .noDiscriminator:
      return FakeCaseOf(
        _kind: arguments.map { KindWithoutDiscriminator.parameterized(arguments: $0) }
          ?? .nonParameterized)
    case .argumentIDWithoutBytes:
      return FakeCaseOf(
        _kind: argument.map {
          KindWithStringIDs.parameterized(
            arguments: [ArgumentWithStringID(value: $0)], discriminator: 0)
        } ?? .nonParameterized)
    }
  }
}

/// The fake test case running: a test's id and, for a case of a parameterized test, its argument.
struct FakeRun: Sendable {
  var test: String
  var argument: Int?
}

/// A test as Testing's `Test` is to the bridge: `Identifiable`.
struct FakeTest: Identifiable {
  var id: String
}

struct UnidentifiableTest {
  var name: String
}

/// Laid out as Testing 6.x lays out `Test.Case`.
struct FakeCase {
  var _kind: FakeKind
}

enum FakeKind {
  case nonParameterized
  case parameterized(arguments: [FakeArgument], discriminator: Int, isStable: Bool)
}

struct FakeArgument {
  struct ID {
    var bytes: [UInt8]
  }
  var value: Int
  var id: ID

  init(value: Int) {
    self.value = value
    id = ID(bytes: Array("\(value)".utf8))
  }
}

struct CaseWithoutKind {
  var kind: FakeKind
}

struct KindStruct {
  var arguments: [FakeArgument]
}

struct CaseWithStructKind {
  var _kind: KindStruct
}

enum KindWithoutPayload {
  case nonParameterized
  case deferred
}

struct CaseWithKindBeside {
  var _kind: KindWithoutPayload
  var arguments: [FakeArgument]
}

/// A `Test.Case` whose `_kind` is `Kind`.
struct FakeCaseOf<Kind> {
  var _kind: Kind
}

enum KindRenamed {
  case nonParameterized
  case parameterizedLazily([FakeArgument])
}

enum KindWithArgs {
  case nonParameterized
  case parameterized(args: [FakeArgument], discriminator: Int)
}

enum KindWithoutDiscriminator {
  case nonParameterized
  case parameterized(arguments: [FakeArgument])
}

struct ArgumentWithStringID {
  var value: Int
  var id: String

  init(value: Int) {
    self.value = value
    id = "\(value)"
  }
}

enum KindWithStringIDs {
  case nonParameterized
  case parameterized(arguments: [ArgumentWithStringID], discriminator: Int)
}
