// swift-tools-version: 6.0
// Stands in for swift-docc-plugin as swift-sharing lists it: a package whose products no target
// names (a command plugin, run by hand), and whose own tool uses another package's product
// (swift-docc-symbolkit's SymbolKit). While a root lists such a package, SwiftPM 6.3 sometimes
// applies no moduleAliases (ClassicManifestEditing.DetachedPackages).
import PackageDescription

let package = Package(
  name: "swift-docc-plugin",
  products: [
    .plugin(name: "Swift-DocC", targets: ["Swift-DocC"])
  ],
  dependencies: [
    .package(path: "../swift-docc-symbolkit")
  ],
  targets: [
    .plugin(
      name: "Swift-DocC", capability: .command(intent: .documentationGeneration()),
      dependencies: ["snippet-extract"]),
    .executableTarget(
      name: "snippet-extract",
      dependencies: [.product(name: "SymbolKit", package: "swift-docc-symbolkit")]),
  ]
)
