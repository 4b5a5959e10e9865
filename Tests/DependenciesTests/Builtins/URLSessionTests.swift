import Dependencies
import Foundation
import IssueCollecting
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite struct URLSessionTests {
  @Test func liveIsTheSharedSession() {
    let session = isolated {
      withDependencies {
        $0.context = .live
      } operation: {
        @Dependency(\.urlSession) var urlSession
        return urlSession
      }
    }
    #expect(session === URLSession.shared)
  }

  @Test func testDefaultReportsAndFailsEveryRequest() async {
    let (result, reporter) = await collectingIssues {
      @Dependency(\.urlSession) var urlSession
      return await Result {
        try await urlSession.data(from: URL(string: "https://example.invalid/")!)
      }
    }
    #expect(throws: (any Error).self) { try result.get() }
    #expect(reporter.messages.count == 1)
    #expect(
      reporter.messages.first?.hasPrefix(#"Unimplemented: @Dependency(\.urlSession)"#) == true)
    #expect(reporter.messages.first?.contains("https://example.invalid/") == true)
  }

  @Test func override() {
    let session = URLSession(configuration: .ephemeral)
    let (resolved, reporter) = collectingIssues {
      withDependencies {
        $0.urlSession = session
      } operation: {
        @Dependency(\.urlSession) var urlSession
        return urlSession
      }
    }
    #expect(resolved === session)
    #expect(reporter.messages.isEmpty)
  }
}
