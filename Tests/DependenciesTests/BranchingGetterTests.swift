import Dependencies
import Testing

// A `@Dependency(\.key)` read runs the property's getter on every read, whatever the getter does:
// a getter that reads one key on some reads and another key (or a transformation) on others gives
// its own answer each time — in every scope, after earlier reads took other branches, and the same
// answer as a read of `DependencyValues` through the same key path.

enum PrimaryKey: Dependency.Key {
  static let liveValue: Int? = nil
}

enum FallbackKey: Dependency.Key {
  static let liveValue = 100
}

enum FeatureOnKey: Dependency.Key {
  static let liveValue = true
}

enum KillSwitchKey: Dependency.Key {
  static let liveValue = false
}

enum PreviewFlavorKey: Dependency.Key {
  static let liveValue = "preview flavor (live)"
  static let previewValue = "preview flavor"
}

enum LiveFlavorKey: Dependency.Key {
  static let liveValue = "live flavor"
  static let previewValue = "live flavor (preview)"
}

enum UseRemoteKey: Dependency.Key {
  static let liveValue = false
}

enum RemoteNameKey: Dependency.Key {
  static let liveValue = "remote"
}

enum LocalNameKey: Dependency.Key {
  static let liveValue = "local"
}

enum LimitKey: Dependency.Key {
  static let liveValue = 1
}

extension DependencyValues {
  var primary: Int? {
    get { self[PrimaryKey.self] }
    set { self[PrimaryKey.self] = newValue }
  }
  var fallback: Int {
    get { self[FallbackKey.self] }
    set { self[FallbackKey.self] = newValue }
  }
  /// Short-circuits: reads only `PrimaryKey` when it has a value.
  var primaryOrFallback: Int { self[PrimaryKey.self] ?? self[FallbackKey.self] }

  var featureOn: Bool {
    get { self[FeatureOnKey.self] }
    set { self[FeatureOnKey.self] = newValue }
  }
  var killSwitch: Bool {
    get { self[KillSwitchKey.self] }
    set { self[KillSwitchKey.self] = newValue }
  }
  /// Short-circuits: reads only `FeatureOnKey` when it is false.
  var featureEnabled: Bool { self[FeatureOnKey.self] && !self[KillSwitchKey.self] }

  /// Chooses a key by the context.
  var flavor: String {
    context == .preview ? self[PreviewFlavorKey.self] : self[LiveFlavorKey.self]
  }

  var useRemote: Bool {
    get { self[UseRemoteKey.self] }
    set { self[UseRemoteKey.self] = newValue }
  }
  /// Chooses a key by another dependency's value.
  var storeName: String { useRemote ? self[RemoteNameKey.self] : self[LocalNameKey.self] }

  var limit: Int {
    get { self[LimitKey.self] }
    set { self[LimitKey.self] = newValue }
  }
  /// The identity on small values only.
  var limitAtMostFive: Int { min(self[LimitKey.self], 5) }
}

/// A model created once, at the root, and read in many scopes.
// @unchecked Sendable: the property wrappers are only read after initialisation.
final class BranchingModel: @unchecked Sendable {
  @Dependency(\.primaryOrFallback) var primaryOrFallback
  @Dependency(\.featureEnabled) var featureEnabled
  @Dependency(\.flavor) var flavor
  @Dependency(\.storeName) var storeName
  @Dependency(\.limitAtMostFive) var limitAtMostFive
}

@Suite struct BranchingGetterTests {
  /// Reads the model's property and the values' key path in the current scope, checks that they
  /// agree with `expected`, twice (a second read must not differ from the first).
  func expectReads<Value: Equatable>(
    _ read: () -> Value, _ keyPath: KeyPath<DependencyValues, Value> & Sendable, _ expected: Value,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for _ in 0..<2 {
      #expect(read() == expected, sourceLocation: sourceLocation)
      #expect(
        DependencyValues._current[keyPath: keyPath] == expected, sourceLocation: sourceLocation)
      @Dependency(keyPath) var local
      #expect(local == expected, sourceLocation: sourceLocation)
    }
  }

  @Test func shortCircuitingOptionalFallback() {
    withDependencies {
      $0 = .live
    } operation: {
      let model = BranchingModel()
      // The first read takes the fallback branch (two keys read).
      expectReads({ model.primaryOrFallback }, \.primaryOrFallback, 100)
      // Now one key answers: the getter reads only it.
      withDependencies {
        $0.primary = 7
      } operation: {
        expectReads({ model.primaryOrFallback }, \.primaryOrFallback, 7)
        // The fallback changes while the primary answers: still the primary.
        withDependencies {
          $0.fallback = 1
        } operation: {
          expectReads({ model.primaryOrFallback }, \.primaryOrFallback, 7)
        }
      }
      withDependencies {
        $0.fallback = 3
      } operation: {
        expectReads({ model.primaryOrFallback }, \.primaryOrFallback, 3)
      }
      expectReads({ model.primaryOrFallback }, \.primaryOrFallback, 100)
    }
  }

  @Test func shortCircuitingConjunction() {
    withDependencies {
      $0 = .live
    } operation: {
      let model = BranchingModel()
      withDependencies {
        $0.featureOn = false
      } operation: {
        // The first read reads one key only.
        expectReads({ model.featureEnabled }, \.featureEnabled, false)
      }
      expectReads({ model.featureEnabled }, \.featureEnabled, true)
      withDependencies {
        $0.killSwitch = true
      } operation: {
        expectReads({ model.featureEnabled }, \.featureEnabled, false)
      }
      withDependencies {
        $0.featureOn = false
        $0.killSwitch = false
      } operation: {
        expectReads({ model.featureEnabled }, \.featureEnabled, false)
      }
    }
  }

  @Test func choosingByTheContext() {
    withDependencies {
      $0 = .live
    } operation: {
      let model = BranchingModel()
      expectReads({ model.flavor }, \.flavor, "live flavor")
      withDependencies {
        $0.context = .preview
      } operation: {
        expectReads({ model.flavor }, \.flavor, "preview flavor")
      }
      expectReads({ model.flavor }, \.flavor, "live flavor")
    }
  }

  @Test func choosingByAnotherDependency() {
    withDependencies {
      $0 = .live
    } operation: {
      let model = BranchingModel()
      expectReads({ model.storeName }, \.storeName, "local")
      withDependencies {
        $0.useRemote = true
      } operation: {
        expectReads({ model.storeName }, \.storeName, "remote")
        withDependencies {
          $0[RemoteNameKey.self] = "mirror"
        } operation: {
          expectReads({ model.storeName }, \.storeName, "mirror")
        }
      }
      withDependencies {
        $0[LocalNameKey.self] = "cache"
      } operation: {
        expectReads({ model.storeName }, \.storeName, "cache")
      }
    }
  }

  @Test func aTransformationThatIsTheIdentityOnTheFirstRead() {
    withDependencies {
      $0 = .live
    } operation: {
      let model = BranchingModel()
      // The first read returns the key's value unchanged.
      expectReads({ model.limitAtMostFive }, \.limitAtMostFive, 1)
      for limit in [9, 5, 2, 100] {
        withDependencies {
          $0.limit = limit
        } operation: {
          expectReads({ model.limitAtMostFive }, \.limitAtMostFive, min(limit, 5))
        }
      }
    }
  }

  /// A model created in a scope keeps that scope's values under a branching getter too, and the
  /// current scope wins over them.
  @Test func capturedValuesUnderABranchingGetter() {
    withDependencies {
      $0 = .live
    } operation: {
      let model = withDependencies {
        $0.useRemote = true
        $0[RemoteNameKey.self] = "captured"
      } operation: {
        BranchingModel()
      }
      #expect(model.storeName == "captured")
      withDependencies {
        $0.useRemote = false
      } operation: {
        #expect(model.storeName == "local")
      }
      withDependencies {
        $0[RemoteNameKey.self] = "current"
      } operation: {
        #expect(model.storeName == "current")
      }
    }
  }

  /// Many tasks read one model concurrently, each in a scope of its own: each sees its own answer.
  @Test func concurrentScopesEachSeeTheirOwnBranch() async {
    let model = withDependencies {
      $0 = .live
    } operation: {
      BranchingModel()
    }
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<200 {
        group.addTask {
          withDependencies {
            $0 = .live
            if index.isMultiple(of: 2) { $0.primary = index }
            $0.limit = index
          } operation: {
            for _ in 0..<10 {
              #expect(model.primaryOrFallback == (index.isMultiple(of: 2) ? index : 100))
              #expect(model.limitAtMostFive == min(index, 5))
            }
          }
        }
      }
    }
  }
}
