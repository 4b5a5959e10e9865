import Dependencies
import DependenciesMacros
import Synchronization

// `@DependencyEntry` in every form the classic documentation shows.

struct Greeter: Sendable {
  var greet: @Sendable (String) -> String

  static let live = Greeter { "Hello, \($0)!" }
  static let preview = Greeter { "Preview \($0)" }
  static let test = Greeter { "Test \($0)" }
}

public struct PublicGreeter: Sendable {
  public var prefix: String

  public static let test = PublicGreeter(prefix: "test")
  public static let live = PublicGreeter(prefix: "live")
}

package protocol Salutation: Sendable {
  var word: String { get }
}

package struct EnglishSalutation: Salutation {
  package var word: String { "Hello" }
}

extension DependencyValues {
  @DependencyEntry var greeterTestValueOnly = Greeter.test

  @DependencyEntry(liveValue: Greeter.live)
  var greeterLiveAndTest = Greeter.test

  @DependencyEntry(previewValue: Greeter.preview)
  var greeterPreviewAndTest = Greeter.test

  @DependencyEntry(liveValue: Greeter.live, previewValue: Greeter.preview)
  var greeterAllValues = Greeter.test

  @DependencyEntry(liveValue: Greeter.live)
  var greeterWithTypeAnnotation: Greeter = .test

  @DependencyEntry(liveValue: Greeter.live)
  var greeterWithoutDefault: Greeter

  @DependencyEntry("ExplicitGreeterKey")
  public var publicGreeterExplicitKey: PublicGreeter = .test

  @DependencyEntry(liveValue: PublicGreeter.live)
  public var publicGreeterImplicitKey = PublicGreeter.test

  @DependencyEntry
  package var packageSalutation: any Salutation = EnglishSalutation()

  @DependencyEntry
  fileprivate var fileprivateGreeter = Greeter.test

  @DependencyEntry var apiClientEntry = APIClient()

  // A value over two lines, the first ending with the ternary's `?`: the key's `liveValue` must
  // still be computed, a new value on each read (`EvaluationCount.next()` each time).
  @DependencyEntry(
    liveValue: EvaluationCount.isCounting ? EvaluationCount.next() : 0)
  package var evaluatedOnEachRead = 0
}

/// Counts evaluations of `evaluatedOnEachRead`'s live value.
enum EvaluationCount {
  static let isCounting = true
  private static let count = Atomic<Int>(0)

  static func next() -> Int {
    count.add(1, ordering: .relaxed).newValue
  }
}

/// Reads the fileprivate entry from outside the extension's file scope, for the tests.
func fileprivateGreeting(_ name: String) -> String {
  @Dependency(\.fileprivateGreeter) var greeter
  return greeter.greet(name)
}
