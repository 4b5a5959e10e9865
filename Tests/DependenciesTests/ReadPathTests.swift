import Dependencies
import RetainCounting
import Testing

/// Whether this test binary was optimised (`swift test -c release`).
#if DEBUG
  let isOptimized = false
#else
  let isOptimized = true
#endif

/// Runs `body`, returning how many Swift objects it retained on this thread.
func countingRetains(_ body: () -> Void) -> Int64 {
  withoutActuallyEscaping(body) { body in
    var body = body
    return withUnsafeMutablePointer(to: &body) { body in
      retain_counting_run(
        { context in context!.assumingMemoryBound(to: (() -> Void).self).pointee() }, body)
    }
  }
}

enum ReadPathKey: Dependency.Key {
  static let liveValue = 1
}

enum OtherReadPathKey: Dependency.Key {
  static let liveValue = 10
}

extension DependencyValues {
  var readPath: Int {
    get { self[ReadPathKey.self] }
    set { self[ReadPathKey.self] = newValue }
  }
  /// A transformation of a key.
  var readPathPlusOne: Int { self[ReadPathKey.self] + 1 }
  /// A composition of two keys.
  var readPathSum: Int { self[ReadPathKey.self] + self[OtherReadPathKey.self] }
}

/// A model as a server holds one: created once at the root, read from everywhere.
final class ReadPathModel: @unchecked Sendable {
  // @unchecked Sendable: the property wrappers are only read after initialisation.
  @Dependency(\.readPath) var byKeyPath
  @Dependency(ReadPathKey.self) var byKey
  @Dependency(\.readPathPlusOne) var plusOne
  @Dependency(\.readPathSum) var sum
}

@Suite struct ReadPathTests {
  /// A read of a cached default, or of an override, through a model created at the root writes no
  /// shared memory: it retains nothing (the probe counts every non-null retain on this thread; the
  /// probe's own call may retain, so the reads are counted as the difference between running them
  /// once and a thousand times). A property of optimised code: a debug build retains on every
  /// read, so the check runs in release builds (`swift test -c release`, which CI runs).
  @Test(.enabled(if: isOptimized, "debug builds retain in any code; CI runs this in release"))
  func aReadRetainsNothing() {
    withDependencies {
      $0 = .live
    } operation: {
      let model = ReadPathModel()
      _ = (model.byKeyPath, model.byKey)  // computes the default, resolves the key path
      var total = 0
      func retainsPerRead(_ read: () -> Int) -> Int64 {
        let once = countingRetains { total &+= read() }
        let many = countingRetains { for _ in 0..<1_000 { total &+= read() } }
        return many - once
      }
      #expect(retainsPerRead { model.byKeyPath } == 0)
      #expect(retainsPerRead { model.byKey } == 0)
      withDependencies {
        $0.readPath = 7
      } operation: {
        #expect(retainsPerRead { model.byKeyPath } == 0)
        #expect(retainsPerRead { model.byKey } == 0)
      }
    }
  }

  @Test func theProbeSeesARetain() {
    let object = ReadPathModel()
    var kept: [ReadPathModel] = []
    let retains = countingRetains { kept.append(object) }
    #expect(retains >= 1)
    _ = kept
  }

  @Test func aKeyPathReadsItsKeyDirectlyAndStaysCorrect() {
    withDependencies {
      $0 = .live
    } operation: {
      let model = ReadPathModel()
      #expect(model.byKeyPath == 1)
      #expect(model.byKeyPath == 1)
      withDependencies {
        $0.readPath = 3
      } operation: {
        #expect(model.byKeyPath == 3)
      }
      let captured = withDependencies {
        $0.readPath = 4
      } operation: {
        ReadPathModel()
      }
      #expect(captured.byKeyPath == 4)
      withDependencies {
        $0.readPath = 5
      } operation: {
        #expect(captured.byKeyPath == 5)  // the current scope wins
      }
    }
  }

  @Test func transformationsAndCompositionsKeepTheirGetter() {
    withDependencies {
      $0 = .live
    } operation: {
      let model = ReadPathModel()
      for value in [1, 2, 9] {
        withDependencies {
          $0.readPath = value
        } operation: {
          #expect(model.plusOne == value + 1)
          #expect(model.sum == value + 10)
        }
      }
      @Dependency(\.date.now) var now  // two components
      _ = now
    }
  }
}
