import Dependencies
import DependenciesMacros
import Testing

struct User: Equatable, Sendable {
  var id: Int
}

@DependencyClient
struct APIClient: Sendable {
  var fetchUser: @Sendable (_ id: Int) async throws -> User
  var saveUser: @Sendable (User) async throws -> Void
  var isFavorite: @Sendable (_ id: Int) -> Bool = { _ in false }
}

extension DependencyValues {
  @DependencyEntry var apiClient = APIClient()
}

@Test func smoke() async throws {
  let client = APIClient()
  await withKnownIssue {
    _ = try await client.fetchUser(id: 1)
  }
  withKnownIssue {
    #expect(client.isFavorite(id: 1) == false)
  }
}
