// The closure types of the asynchronous `unimplemented` overloads and of `withExpectedIssue`'s
// asynchronous body, under the names the classic module gives them. They are plain function types:
// code that spells out the closure type, or the alias, compiles either way.

/// The type of the closure an asynchronous `unimplemented(_:placeholder:)` returns:
/// `@Sendable (repeat each Argument) async -> Result`.
///
/// ```swift
/// let fetch: _UnimplementedAsyncClosure<Int, String> = unimplemented(
///   "NumberFact.fetch", placeholder: "")
/// ```
public typealias _UnimplementedAsyncClosure<each Argument, Result> =
  @Sendable (repeat each Argument) async -> Result

/// The type of the closure an asynchronous throwing `unimplemented(_:)` returns:
/// `@Sendable (repeat each Argument) async throws -> Result`.
///
/// ```swift
/// let fetchUser: _UnimplementedAsyncThrowingClosure<Int, String> = unimplemented(
///   "APIClient.fetchUser")
/// ```
public typealias _UnimplementedAsyncThrowingClosure<each Argument, Result> =
  @Sendable (repeat each Argument) async throws -> Result

/// The type of the closure an asynchronous `unimplemented(_:throwing:)` returns:
/// `@Sendable (repeat each Argument) async throws(Failure) -> Result`.
///
/// ```swift
/// struct StorageError: Error {}
/// let load: _UnimplementedAsyncTypedThrowingClosure<String, StorageError, Int> = unimplemented(
///   "Storage.load", throwing: StorageError())
/// ```
public typealias _UnimplementedAsyncTypedThrowingClosure<each Argument, Failure: Error, Result> =
  @Sendable (repeat each Argument) async throws(Failure) -> Result

/// The type of the body of the asynchronous `withExpectedIssue`: `() async throws -> Void`.
///
/// ```swift
/// await withExpectedIssue {
///   await model.refresh()  // reports an issue
/// }
/// ```
public typealias _AsyncThrowingBody = () async throws -> Void
