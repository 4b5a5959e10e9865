/// Gives a closure property an unimplemented default and, when the closure has argument labels,
/// a method that keeps them. ``DependencyClient()`` applies it to every endpoint of a client.
///
/// ```swift
/// struct APIClient {
///   @DependencyEndpoint
///   var fetchUser: (_ id: Int) async throws -> User
/// }
/// ```
///
/// The property keeps its type and stays settable (tests override it); its initial value is a
/// closure that reports `Unimplemented: 'APIClient.fetchUser'` to the running test and then throws
/// ``Unimplemented`` (a throwing closure), returns `nil` (an optional result), returns nothing
/// (`Void`), or runs the property's own default (`= { _ in false }`) and returns its result. The
/// method is
///
/// ```swift
/// func fetchUser(id: Int) async throws -> User {
///   try await self.fetchUser(id)
/// }
/// ```
///
/// so a feature calls `try await client.fetchUser(id: 42)`. `method:` names the method, which
/// lets two endpoints share one name with different labels:
///
/// ```swift
/// @DependencyEndpoint(method: "fetchUser")
/// var fetchUserByID: (_ id: Int) async throws -> User
/// @DependencyEndpoint(method: "fetchUser")
/// var fetchUserByEmail: (_ email: String) async throws -> User
/// ```
///
/// The name must be a string literal and an identifier; a keyword in backquotes is fine:
///
/// ```swift
/// @DependencyEndpoint(method: "`default`")
/// var fetchDefault: (_ id: Int) async throws -> User
/// ```
///
/// - Parameter method: The name of the generated method; the property's name by default.
@attached(accessor, names: named(init), named(get), named(set))
@attached(peer, names: arbitrary)
public macro DependencyEndpoint(method: String = "") =
  #externalMacro(module: "DependenciesMacrosPlugin", type: "DependencyEndpointMacro")

/// Keeps ``DependencyClient()`` from treating a closure property as an endpoint: it gets no
/// unimplemented default and no method, and the memberwise initializer does not take it.
///
/// ```swift
/// @DependencyClient
/// struct AudioPlayer {
///   var play: (_ url: URL) async throws -> Void
///   @DependencyEndpointIgnored
///   var onFinish: @Sendable () -> Void = {}
/// }
/// ```
@attached(accessor, names: named(willSet))
public macro DependencyEndpointIgnored() =
  #externalMacro(module: "DependenciesMacrosPlugin", type: "DependencyEndpointIgnoredMacro")
