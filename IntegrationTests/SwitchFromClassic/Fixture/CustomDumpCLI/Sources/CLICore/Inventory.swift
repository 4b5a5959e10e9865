import CustomDump
import Dependencies

/// A command-line tool's model: the items it lists, from a store read through a dependency.
public struct Item: Equatable, Sendable {
  public var name: String
  public var count: Int

  public init(name: String, count: Int) {
    self.name = name
    self.count = count
  }
}

/// Where the items come from.
public struct InventoryStore: Sendable {
  public var load: @Sendable () -> [Item]

  public init(load: @escaping @Sendable () -> [Item]) {
    self.load = load
  }
}

extension InventoryStore: DependencyKey {
  public static let liveValue = InventoryStore { [Item(name: "disk", count: 1)] }
  public static let testValue = InventoryStore { [] }
}

extension DependencyValues {
  public var inventoryStore: InventoryStore {
    get { self[InventoryStore.self] }
    set { self[InventoryStore.self] = newValue }
  }
}

/// The tool's report: each item dumped, as swift-custom-dump prints it.
public func report() -> String {
  @Dependency(\.inventoryStore) var store
  var output = ""
  customDump(store.load(), to: &output)
  return output
}
