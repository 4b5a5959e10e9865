import Dependencies
import EvolutionClient

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs the client in the live context and checks what it reads; exits 1 naming each check that
/// failed. Built against the library's resilient modules (see Package.swift).
@main
struct EvolutionRunner {
  static func main() async {
    var failures: [String] = []
    func check(_ condition: Bool, _ description: String) {
      if !condition { failures.append(description) }
    }

    // A cached default, read through a key path and through its key type: one instance for both.
    let model = GreetingModel()
    check(model.greeter === model.greeterByType, "\\.greeter and Greeter.self read one default")
    check(model.greeter === GreetingModel().greeter, "a second model reads the same cached default")
    check(model.greeting(for: "Ada") == "Hello, Ada (request 0)", "the live default is read")
    check(model.number(after: 1) == 2, "the @DependencyClient live value is read")

    // A synchronous scope: reads inside see the override; a model created there keeps seeing it.
    let scoped = withDependencies {
      $0.requestID = 7
    } operation: {
      check(model.requestID == 7, "a model created outside reads the current scope's override")
      check(model.requestIDByType == 7, "Key.self reads the current scope's override")
      return GreetingModel()
    }
    check(scoped.requestID == 7, "a model captures the scope it was created in")
    check(scoped.requestIDByType == 7, "Key.self reads the captured scope's override")
    check(model.requestID == 0, "outside the scope the override is gone")
    check(scoped.greeter === model.greeter, "the scope's reads share the cached default")

    // A scope inside it overrides again; the captured model reads the innermost override.
    withDependencies {
      $0.requestID = 8
      $0.greeter = Greeter(salutation: "Hi")
    } operation: {
      check(scoped.greeting(for: "Bo") == "Hi, Bo (request 8)", "a nested scope's overrides win")
    }

    // An asynchronous scope: the override survives suspensions and reaches child tasks.
    let (read, childRead) = await withDependencies {
      $0.requestID = 9
    } operation: {
      await Task.yield()
      async let child = Task { GreetingModel().requestID }.value
      return (GreetingModel().requestID, await child)
    }
    check(read == 9 && childRead == 9, "an async scope's override survives suspension and tasks")

    if failures.isEmpty {
      print("EvolutionRunner: every check passed")
    } else {
      for failure in failures { print("EvolutionRunner: FAILED: \(failure)") }
      exit(1)
    }
  }
}
