/// Turns a struct of closures into a dependency client: each closure property becomes an endpoint
/// with an unimplemented default, and the struct gets a memberwise initializer and an
/// initializer, `init()`, that builds the unimplemented client.
///
/// ```swift
/// import DependenciesMacros
///
/// @DependencyClient
/// struct APIClient {
///   var fetchUser: (_ id: Int) async throws -> User
///   var saveUser: (User) async throws -> Void
///   var isFavorite: (_ id: Int) -> Bool = { _ in false }
/// }
/// ```
///
/// The macro attaches ``DependencyEndpoint(method:)`` to every closure `var` (not to `let`s,
/// computed properties, `@Dependency` properties or properties marked
/// ``DependencyEndpointIgnored()``), so that:
///
/// - `APIClient()` is the unimplemented client: calling any of its endpoints reports
///   `Unimplemented: 'APIClient.fetchUser'` to the running test (failing it), then throws
///   ``Unimplemented`` from a throwing endpoint, or returns the property's default
///   (`isFavorite` returns `false`), `nil` or nothing. It is the `testValue` to write:
///
///   ```swift
///   extension APIClient: TestDependencyKey {
///     static let testValue = APIClient()
///   }
///   ```
///
/// - a closure with argument labels gets a method with them: `client.fetchUser(id: 42)`.
/// - the memberwise initializer takes every endpoint (and the struct's other stored properties,
///   with their defaults), with the lowest access level of the struct and its properties:
///
///   ```swift
///   extension APIClient: DependencyKey {
///     static let liveValue = APIClient(
///       fetchUser: { id in try await api.user(id) },
///       saveUser: { user in try await api.save(user) },
///       isFavorite: { id in favorites.contains(id) }
///     )
///   }
///   ```
///
/// A non-throwing endpoint that returns something other than `Void` or an optional needs a
/// default value: the unimplemented client has nothing else to return. Without one the macro
/// reports "Default value required for non-throwing closure 'isFavorite'", with a fix-it that
/// inserts `= { _ in <#Bool#> }`. An endpoint with a typed error (`throws(FetchError)`) needs one
/// too, since the unimplemented client cannot throw a `FetchError` of its own.
///
/// In debug builds the initializer also checks that the struct is not isolated to the main actor
/// by a module's default isolation ("client must be 'nonisolated struct' when default isolation
/// is '@MainActor'"): a dependency client is used from any isolation.
///
/// <doc:DesigningDependencies> tells the whole story.
@attached(member, names: named(init))
@attached(memberAttribute)
public macro DependencyClient() =
  #externalMacro(module: "DependenciesMacrosPlugin", type: "DependencyClientMacro")
