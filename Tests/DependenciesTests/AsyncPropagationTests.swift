import Dependencies
import Testing

@Suite struct AsyncPropagationTests {
  @Test func scopeFollowsAwait() async {
    await withDependencies {
      $0.requestID = 1
    } operation: {
      await Task.yield()
      try? await Task.sleep(for: .milliseconds(1))
      @Dependency(\.requestID) var requestID
      #expect(requestID == 1)
    }
  }

  @Test func asyncLetInherits() async {
    await withDependencies {
      $0.requestID = 2
    } operation: {
      async let child: Int = {
        @Dependency(\.requestID) var requestID
        return requestID
      }()
      #expect(await child == 2)
    }
  }

  @Test func taskGroupChildrenInherit() async {
    let values = await withDependencies {
      $0.requestID = 3
    } operation: {
      await withTaskGroup(of: Int.self) { group in
        for _ in 0..<10 {
          group.addTask {
            @Dependency(\.requestID) var requestID
            return requestID
          }
        }
        return await group.reduce(into: []) { $0.append($1) }
      }
    }
    #expect(values == Array(repeating: 3, count: 10))
  }

  @Test func unstructuredTaskInherits() async {
    let task = withDependencies {
      $0.requestID = 4
    } operation: {
      Task {
        @Dependency(\.requestID) var requestID
        return requestID
      }
    }
    #expect(await task.value == 4)
  }

  @Test func detachedTaskDoesNotInherit() async {
    let task = withDependencies {
      $0.requestID = 5
    } operation: {
      Task.detached {
        @Dependency(\.requestID) var requestID
        return requestID
      }
    }
    // A detached task starts from the default values (RequestIDKey's default is -1).
    #expect(await task.value == -1)
  }

  @Test func tenThousandConcurrentRequestsEachSeeOnlyTheirOwnOverride() async {
    let mismatches = await withTaskGroup(of: Int.self) { group in
      for request in 0..<10_000 {
        group.addTask {
          await withDependencies {
            $0.requestID = request
            $0.chain = "request-\(request)"
          } operation: {
            @Dependency(\.requestID) var requestID
            @Dependency(\.chain) var chain
            var mismatches = 0
            for _ in 0..<3 {
              if requestID != request || chain != "request-\(request)" { mismatches += 1 }
              await Task.yield()
            }
            async let child = { () -> Int in
              @Dependency(\.requestID) var requestID
              return requestID
            }()
            if await child != request { mismatches += 1 }
            return mismatches
          }
        }
      }
      return await group.reduce(0, +)
    }
    #expect(mismatches == 0)
  }
}
