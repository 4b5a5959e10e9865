import Dependencies
import DependenciesMacros

// Clients written the way the classic documentation writes them. Every shape of endpoint the
// macros read is here at least once: this file compiling is half of the test.

struct User: Equatable, Sendable {
  var id: Int
  var name: String
}

enum FetchError: Error, Equatable {
  case notFound
}

/// A client of the shapes a server's or an app's API client has.
@DependencyClient
struct APIClient: Sendable {
  /// Fetches a user; `fetchUser(id:)` keeps the label.
  var fetchUser: @Sendable (_ id: Int) async throws -> User
  var saveUser: @Sendable (User) async throws -> Void
  var isFavorite: @Sendable (_ id: Int) -> Bool = { _ in false }
  var userCount: @Sendable () -> Int = { 0 }
  var search: @Sendable (_ query: String, _ limit: Int) async -> [User] = { _, _ in [] }
  var lookup: @Sendable (_ id: Int) throws(FetchError) -> User = { _ throws(FetchError) in
    throw .notFound
  }
  var cachedUser: @Sendable (_ id: Int) -> User?
  var log: @Sendable (String) -> Void
  var logAll: @Sendable (String...) -> Void
  @DependencyEndpoint(method: "fetchUser")
  var fetchUserByName: @Sendable (_ name: String) async throws -> User
  // Braces in a string literal, and a property that is not an endpoint.
  var pathTemplate: String = "/users/{id}"
  @DependencyEndpointIgnored
  var onEvent: @Sendable (String) -> Void = { _ in }
  var makeFormatter: @Sendable () -> @Sendable (Int) -> String = { { "#\($0)" } }
  var transform: @Sendable (_ value: inout Int) -> Void
  var pair: @Sendable () -> (count: Int, label: String) = { (0, "none") }
  var describe: @Sendable (_ value: any CustomStringConvertible & Sendable) -> String = {
    "\($0)"
  }
  #if DEBUG
    var debugOnly: @Sendable () -> Void
  #endif
}

extension APIClient: TestDependencyKey {
  static let testValue = APIClient()
}

extension DependencyValues {
  var apiClient: APIClient {
    get { self[APIClient.self] }
    set { self[APIClient.self] = newValue }
  }
}

/// A generic client.
@DependencyClient
struct Storage<Value: Sendable>: Sendable {
  var load: @Sendable (_ key: String) async throws -> Value
  var save: @Sendable (_ key: String, _ value: Value) async throws -> Void
  var keys: @Sendable () -> [String] = { [] }
}

/// An endpoint isolated to the main actor.
@DependencyClient
struct Haptics: Sendable {
  var play: @MainActor @Sendable (_ intensity: Double) -> Void
}

/// Access levels: the initializers take the lowest of the type's and its properties'.
@DependencyClient
public struct PublicClient: Sendable {
  public var run: @Sendable (_ id: Int) async throws -> Int
}

@DependencyClient
package struct PackageClient: Sendable {
  package var run: @Sendable (_ id: Int) async throws -> Int
}

@DependencyClient
fileprivate struct FileprivateClient: Sendable {
  fileprivate var run: @Sendable (_ id: Int) async throws -> Int
}

/// The fileprivate client's memberwise initializer, used from the tests.
func fileprivateClientRun(_ id: Int) async throws -> Int {
  try await FileprivateClient(run: { $0 * 2 }).run(id: id)
}

/// The fileprivate client's unimplemented `run`, used from the tests: in optimised code the runtime
/// names the type `(FileprivateClient in _<discriminator>)`.
func unimplementedFileprivateClientRun(_ id: Int) async throws -> Int {
  try await FileprivateClient().run(id: id)
}

/// Stored properties besides endpoints.
@DependencyClient
struct Settings: Sendable {
  let id: Int
  var values: @Sendable () -> [String: String] = { [:] }
  var title = "Settings"
  var subtitle: String?
  var width = 320.0, height: Double = 480
  var version: Int { 1 }
  static let shared = Settings(id: 0)
}

/// Closures that return closures, and a `let` declared after an endpoint.
/// A stored property whose value is a call with a trailing closure that starts with `get`: a
/// parameter of the memberwise initializer (only `didSet`, `willSet` and `init` open accessors
/// after a value).
@DependencyClient
struct Counter: Sendable {
  var start: Int = compute { get() }
  var increment: @Sendable (_ value: Int) -> Int = { $0 + 1 }
}

func compute(_ body: () -> Int) -> Int { body() }
func get() -> Int { 10 }

/// Names with characters other than ASCII: a raw identifier (SE-0451) and a Unicode one.
@DependencyClient
struct Arrows: Sendable {
  var `a→b`: @Sendable (_ value: Int) -> Int = { $0 }
  var café: @Sendable () -> String = { "" }
}

@DependencyClient
struct Factory: Sendable {
  var make: @Sendable (_ seed: Int) -> @Sendable () -> Int = { seed in { seed } }
  let name: String
}
