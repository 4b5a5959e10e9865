@_spi(Internals) import Dependencies
import Foundation
import Testing

// Reflection (`Mirror`, and so `dump` and swift-custom-dump) shows what a user can read of a
// `@Dependency` property and of `DependencyValues`, and never an object of the library: a scope
// object is used again for another scope once nothing of the library holds it, so a reference a
// user formed to one through reflection (a weak one above all) would load another scope later.

private enum ReflectedNumberKey: Dependency.Key {
  static var liveValue: Int { 0 }
  static var testValue: Int { 0 }
}

private enum ReflectedTextKey: Dependency.Key {
  static var liveValue: String { "" }
  static var testValue: String { "" }
}

private final class ReflectedModel: @unchecked Sendable {
  // @unchecked Sendable: the property wrappers are only read after initialisation.
  @Dependency(ReflectedNumberKey.self) var number
  @Dependency(ReflectedTextKey.self) var text
}

@Suite struct ReflectionTests {
  @Test func aDependencyPropertyShowsWhereItWasDeclaredAndWhatItsScopeOverrode() throws {
    let model = withDependencies {
      $0[ReflectedNumberKey.self] = 1
      $0[ReflectedTextKey.self] = "one"
      $0.context = .preview
    } operation: {
      ReflectedModel()
    }
    let property = try #require(Mirror(reflecting: model).descendant("_number"))
    let mirror = Mirror(reflecting: property)
    #expect(mirror.displayStyle == .struct)
    #expect(
      mirror.children.map(\.label) == [
        "fileID", "line", "column", "capturedOverrides", "capturedContext",
      ])
    #expect(mirror.descendant("fileID") as? String == "DependenciesTests/ReflectionTests.swift")
    #expect(mirror.descendant("line") as? UInt == 22)
    #expect(
      mirror.descendant("capturedOverrides") as? [String] == [
        "ReflectedNumberKey", "ReflectedTextKey",
      ])
    #expect(mirror.descendant("capturedContext") as? DependencyContext == .preview)
  }

  @Test func aPropertyCreatedAtTheRootShowsOnlyWhereItWasDeclared() throws {
    let model = ReflectedModel()
    let property = try #require(Mirror(reflecting: model).descendant("_text"))
    #expect(Mirror(reflecting: property).children.map(\.label) == ["fileID", "line", "column"])
  }

  @Test func valuesShowTheirContextAndTheKeysTheyOverride() {
    withDependencies {
      $0[ReflectedTextKey.self] = "one"
      $0.context = .live
    } operation: {
      let mirror = Mirror(reflecting: DependencyValues._current)
      #expect(mirror.displayStyle == .struct)
      #expect(mirror.descendant("context") as? DependencyContext == .live)
      #expect(mirror.descendant("overrides") as? [String] == ["ReflectedTextKey"])
    }
  }

  /// Everything reflection reaches from a model made in a scope, from the scope's values and from
  /// an escaped continuation of them: values, never an object.
  @Test func reflectionReachesNoObjectOfTheLibrary() {
    let (model, values, continuation) = withDependencies {
      $0[ReflectedNumberKey.self] = 1
      $0[ReflectedTextKey.self] = "text long enough to live on the heap"
    } operation: {
      (ReflectedModel(), DependencyValues._current, withEscapedDependencies { $0 })
    }
    var objects: [String] = []
    func walk(_ value: Any, path: String, depth: Int) {
      let mirror = Mirror(reflecting: value)
      if path != "model", mirror.displayStyle == .class || type(of: value) is AnyClass {
        objects.append("\(path): \(type(of: value))")
      }
      guard depth < 8 else { return }
      for (index, child) in mirror.children.enumerated() {
        walk(child.value, path: "\(path).\(child.label ?? "\(index)")", depth: depth + 1)
      }
    }
    walk(model, path: "model", depth: 0)
    walk(values, path: "values", depth: 0)
    walk(continuation, path: "continuation", depth: 0)
    // The cache the values read, as the classic SPI hands it out (itself an object, which the user
    // asked for): nothing below it.
    for (index, child) in Mirror(reflecting: values.cachedValues).children.enumerated() {
      walk(child.value, path: "cachedValues.\(child.label ?? "\(index)")", depth: 1)
    }
    #expect(objects.isEmpty, "\(objects)")
  }

  /// The SPI cache shows the keys whose values it holds, with their contexts, in the order they
  /// were cached: taken under its lock, never its lock, its table or its values.
  @Test func theCacheShowsTheKeysItHolds() {
    withDependencies {
      $0 = DependencyValues()
      $0.context = .preview
    } operation: {
      @Dependency(ReflectedTextKey.self) var text
      @Dependency(ReflectedNumberKey.self) var number
      _ = (text, number)
      let mirror = Mirror(reflecting: DependencyValues._current.cachedValues)
      #expect(mirror.displayStyle == .class)
      #expect(mirror.children.map(\.label) == ["cached"])
      #expect(
        mirror.descendant("cached") as? [String] == [
          "ReflectedTextKey (preview)", "ReflectedNumberKey (preview)",
        ])
      DependencyValues._current.cachedValues.resetCache()
      #expect(
        Mirror(reflecting: DependencyValues._current.cachedValues).descendant("cached")
          as? [String] == [])
    }
  }
}
